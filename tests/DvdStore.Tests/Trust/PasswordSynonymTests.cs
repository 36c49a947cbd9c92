using DvdStore.Cli;
using static DvdStore.Tests.Infrastructure.InProcessCli;

namespace DvdStore.Tests.Trust;

/// <summary>
/// Issue 13, secrets: a password under any keyword its provider accepts (Npgsql's PSW=, PWD=, SSL Password, MySqlConnector's
/// Certificate Password, …) is taken out of every connection string printed or saved, and out of connection errors.
/// </summary>
public sealed class PasswordSynonymTests
{
    private const string Secret = "S3cret-9d41c7";

    public static TheoryData<EngineKind, string> KeywordsOfEveryProvider()
    {
        var data = new TheoryData<EngineKind, string>();
        foreach (var (kind, builder) in Builders)
        {
            foreach (var keyword in ProviderPasswordKeywords.Of(builder))
            {
                data.Add(kind, keyword);
            }
        }

        return data;
    }

    [Fact]
    public void The_keywords_come_from_the_builders_and_include_the_synonyms_the_issue_found()
    {
        // Guards the discovery itself: were it to find nothing, the theories below would prove nothing.
        Assert.Contains("PSW", ProviderPasswordKeywords.Of(typeof(Npgsql.NpgsqlConnectionStringBuilder)), StringComparer.OrdinalIgnoreCase);
        Assert.Contains("PWD", ProviderPasswordKeywords.Of(typeof(Npgsql.NpgsqlConnectionStringBuilder)), StringComparer.OrdinalIgnoreCase);
        Assert.Contains("pwd", ProviderPasswordKeywords.Of(typeof(MySqlConnector.MySqlConnectionStringBuilder)), StringComparer.OrdinalIgnoreCase);
        Assert.Contains("pwd", ProviderPasswordKeywords.Of(typeof(Microsoft.Data.SqlClient.SqlConnectionStringBuilder)), StringComparer.OrdinalIgnoreCase);
        Assert.Contains("Password", ProviderPasswordKeywords.Of(typeof(Microsoft.Data.Sqlite.SqliteConnectionStringBuilder)), StringComparer.OrdinalIgnoreCase);
    }

    [Theory]
    [MemberData(nameof(KeywordsOfEveryProvider))]
    public void Every_password_keyword_a_provider_accepts_is_redacted(EngineKind kind, string keyword)
    {
        foreach (var spelling in new[] { keyword, keyword.ToUpperInvariant(), keyword.ToLowerInvariant(), " " + keyword + " " })
        {
            var target = new StoreTarget(EngineCatalog.Parse(Name(kind)), $"{EngineCatalog.Get(kind).Profile.ExampleConnection};{spelling}={Secret}");

            var redacted = target.RedactedConnection;

            Assert.DoesNotContain(Secret, redacted, StringComparison.Ordinal);
            Assert.DoesNotContain("=" + Secret[..6], redacted, StringComparison.Ordinal);
            // The rest of the string is still there to say which database was used.
            Assert.Contains(kind == EngineKind.Sqlite ? "dvdstore.db" : "ds3", redacted, StringComparison.OrdinalIgnoreCase);
        }
    }

    [Theory]
    [InlineData("Password")]
    [InlineData("PASSWORD")]
    [InlineData("pwd")]
    [InlineData("Proxy Password")]
    [InlineData("proxy password")]
    public void Oracle_password_keywords_are_redacted_by_hand(string keyword)
    {
        // ODP.NET is loaded at run time, so its builder cannot be asked: its documented forms are listed here.
        var target = new StoreTarget(EngineCatalog.Parse("oracle"), $"{EngineCatalog.Get(EngineKind.Oracle).Profile.ExampleConnection};{keyword}={Secret}");

        Assert.DoesNotContain(Secret, target.RedactedConnection, StringComparison.Ordinal);
        Assert.Contains("FREEPDB1", target.RedactedConnection, StringComparison.Ordinal);
    }

    public static TheoryData<EngineKind, string> KeywordsOfServerProviders()
    {
        var data = new TheoryData<EngineKind, string>();
        foreach (var (kind, keyword) in KeywordsOfEveryProvider().Select(static row => ((EngineKind)row[0], (string)row[1])))
        {
            if (kind != EngineKind.Sqlite)
            {
                data.Add(kind, keyword);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(KeywordsOfServerProviders))]
    public async Task A_connection_error_never_shows_the_password(EngineKind kind, string keyword)
    {
        // Port 1 on loopback refuses at once: the error line names the connection, without the password.
        var connection = kind switch
        {
            EngineKind.PostgreSql => "Host=127.0.0.1;Port=1;Username=ds3;Database=ds3;Timeout=2",
            EngineKind.MySql => "Server=127.0.0.1;Port=1;User ID=ds3;Database=ds3;Connection Timeout=2",
            _ => "Server=tcp:127.0.0.1,1;User ID=ds3;Database=DS3;Connect Timeout=2;ConnectRetryCount=0;TrustServerCertificate=true",
        };

        var (code, output, error) = await RunAsync("verify", "--engine", Name(kind), "--connection", $"{connection};{keyword}={Secret}");

        Assert.Equal(3, code);
        Assert.Contains("cannot connect", error, StringComparison.Ordinal);
        Assert.DoesNotContain(Secret, output + error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task An_sqlite_password_is_kept_out_of_its_error()
    {
        var file = Infrastructure.TestServers.TempFile("secret.db");

        var (code, output, error) = await RunAsync("load", "--engine", "sqlite", "--size", "1MB", "--connection", $"Data Source={file};Password={Secret}");

        Assert.NotEqual(0, code);
        Assert.Single(error.TrimEnd().Split('\n'));
        Assert.DoesNotContain(Secret, output + error, StringComparison.Ordinal);
    }

    private static readonly (EngineKind Kind, Type Builder)[] Builders =
    [
        (EngineKind.PostgreSql, typeof(Npgsql.NpgsqlConnectionStringBuilder)),
        (EngineKind.MySql, typeof(MySqlConnector.MySqlConnectionStringBuilder)),
        (EngineKind.SqlServer, typeof(Microsoft.Data.SqlClient.SqlConnectionStringBuilder)),
        (EngineKind.Sqlite, typeof(Microsoft.Data.Sqlite.SqliteConnectionStringBuilder)),
    ];

    private static string Name(EngineKind kind) => kind switch
    {
        EngineKind.PostgreSql => "postgres",
        EngineKind.MySql => "mysql",
        EngineKind.SqlServer => "sqlserver",
        EngineKind.Oracle => "oracle",
        _ => "sqlite",
    };
}
