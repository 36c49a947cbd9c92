using System.Text.RegularExpressions;
using DvdStore.Cli;
using DvdStore.Tests.Loader;
using static DvdStore.Tests.Infrastructure.InProcessCli;

namespace DvdStore.Tests.Trust;

/// <summary>
/// Issue 7, secrets: a password given through DVDSTORE_PASSWORD, DVDSTORE_PASSWORD_FILE or inside --connection is used
/// to connect, and then appears in no console line and no file that load, run and analyze write.
/// </summary>
[Collection(PasswordEnvironment.Name)]
public sealed partial class SecretsTests
{
    [SkippableTheory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task A_password_from_the_environment_is_used_and_never_printed_or_saved(bool fromFile)
    {
        await using var database = await LoaderDatabase.CreateAsync(EngineKind.MySql);
        var builder = new DbConnectionStringBuilder { ConnectionString = database.Target.ConnectionString };
        var password = (string)builder["Password"];
        builder.Remove("Password");
        var withoutPassword = builder.ConnectionString;
        var dir = Path.GetDirectoryName(TestServers.TempFile("x"))!;
        var passwordFile = Path.Combine(dir, "secret");
        await File.WriteAllTextAsync(passwordFile, password + "\n");

        // Without the variable the server refuses: the password really comes from the environment.
        var refused = await RunAsync("load", "--engine", "mysql", "--size", "1MB", "--connection", withoutPassword);
        Assert.NotEqual(0, refused.Code);
        Assert.Contains("cannot connect", refused.Error, StringComparison.Ordinal);

        var variable = fromFile ? "DVDSTORE_PASSWORD_FILE" : "DVDSTORE_PASSWORD";
        Environment.SetEnvironmentVariable(variable, fromFile ? passwordFile : password);
        try
        {
            var console = await LoadRunAnalyzeAsync("mysql", withoutPassword, Path.Combine(dir, "out"));

            // The test server's user is also called like its password: take out the user names, then look for the password.
            var text = UserName().Replace(console + FilesUnder(Path.Combine(dir, "out")), "user=");
            // Whole tokens only: a base64 histogram may hold the letters of a short password inside a longer token.
            Assert.DoesNotMatch(new Regex(@"\b" + Regex.Escape(password) + @"\b", RegexOptions.IgnoreCase), text);
            Assert.DoesNotMatch(PasswordKey(), text);
        }
        finally
        {
            Environment.SetEnvironmentVariable(variable, null);
        }
    }

    /// <summary>Every keyword Npgsql files under the user's password (Password, PSW, PWD), found by asking its builder.</summary>
    public static TheoryData<string> NpgsqlPasswordKeywords() =>
        new(ProviderPasswordKeywords.Of(typeof(Npgsql.NpgsqlConnectionStringBuilder)).Where(static k => new Npgsql.NpgsqlConnectionStringBuilder { [k] = "x" }.Password == "x"));

    [SkippableTheory]
    [MemberData(nameof(NpgsqlPasswordKeywords))]
    public async Task A_password_given_in_the_connection_string_is_redacted_from_output_and_results(string keyword)
    {
        // The PostgreSQL test server trusts local users, so any password connects; a unique one can be searched for.
        await using var database = await LoaderDatabase.CreateAsync(EngineKind.PostgreSql);
        var secret = "Tr0ub4dor-" + Guid.NewGuid().ToString("N");
        var connection = database.Target.ConnectionString + $";{keyword}=" + secret;
        var dir = Path.GetDirectoryName(TestServers.TempFile("x"))!;

        var console = await LoadRunAnalyzeAsync("postgres", connection, Path.Combine(dir, "out"));

        var text = console + FilesUnder(Path.Combine(dir, "out"));
        Assert.DoesNotContain(secret, text, StringComparison.Ordinal);
        Assert.DoesNotMatch(PasswordKey(), text);
        var name = ConnectionStrings.Value(database.Target.ConnectionString, "Database")!;
        Assert.Contains("database=" + name, text, StringComparison.OrdinalIgnoreCase);
    }

    /// <summary>load, verify, run (result JSON, interval CSV, DS3 CSV), reset and analyze (report); returns everything printed.</summary>
    private static async Task<string> LoadRunAnalyzeAsync(string engine, string connection, string outDirectory)
    {
        var all = new System.Text.StringBuilder();
        var results = Path.Combine(outDirectory, "results");
        var steps = new[]
        {
            new[] { "load", "--engine", engine, "--size", "1MB", "--parallel-tables", "2", "--connection", connection },
            ["verify", "--engine", engine, "--connection", connection],
            ["run", $"--engine={engine}", $"--connection={connection}", "--db_size=1MB", "--n_threads=2", "--duration=2s", "--warmup=0", "--log_freq=1",
                $"--out={results}", $"--out_filename={Path.Combine(outDirectory, "ds3.csv")}", "--seed=7"],
            ["reset", "--engine", engine, "--connection", connection],
            ["analyze", results, "--out", Path.Combine(outDirectory, "report")],
        };
        foreach (var step in steps)
        {
            var (code, output, error) = await RunAsync(step);
            all.Append(output).Append(error);
            Assert.True(code == 0, $"{step[0]} failed ({code}): {error}");
        }

        Assert.NotEmpty(Directory.EnumerateFiles(results, "*.result.json"));
        Assert.NotEmpty(Directory.EnumerateFiles(results, "*.csv"));
        Assert.True(File.Exists(Path.Combine(outDirectory, "ds3.csv")));
        Assert.True(File.Exists(Path.Combine(outDirectory, "report", "report.md")));
        return all.ToString();
    }

    private static string FilesUnder(string directory) =>
        string.Concat(Directory.EnumerateFiles(directory, "*", SearchOption.AllDirectories).Select(f => f + "\n" + File.ReadAllText(f) + "\n"));

    [GeneratedRegex(@"(user ?id|username|user|uid)\s*=\s*bench\b", RegexOptions.IgnoreCase)]
    private static partial Regex UserName();

    [GeneratedRegex(@"\b(password|pwd|psw)\s*=", RegexOptions.IgnoreCase)]
    private static partial Regex PasswordKey();
}
