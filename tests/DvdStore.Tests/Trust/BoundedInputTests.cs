using System.Text.RegularExpressions;

namespace DvdStore.Tests.Trust;

/// <summary>
/// Issue 13, every input bounded: each case the issue lists, run through the real dvdstore process (Program.cs), gets
/// one short "error:" line naming the option as the user typed it, a non-zero exit, no stack trace or .NET text, ends
/// within seconds, and leaves no file or folder behind (each case runs in a fresh folder holding only "afile").
/// </summary>
public sealed class BoundedInputTests(BadInputFixture fixture) : IClassFixture<BadInputFixture>
{
    private const string Dir = "{dir}";
    private const string Store = "{store1mb}";
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(45);

    /// <summary>Case name → (arguments, text the error line must hold, text it must not hold).</summary>
    private static readonly Dictionary<string, (string[] Args, string Expected, string? Forbidden)> Cases = new(StringComparer.Ordinal)
    {
        ["run sqlite Mode=Bogus"] = (["run", "--connection", Store + ";Mode=Bogus", "--db_size=1MB", "--duration=1s", "--warmup=0", "--out", $"{Dir}/out"], "Mode=Bogus", null),
        ["load sqlite unknown keyword"] = (["load", "--size", "1MB", "--connection", $"Data Source={Dir}/new.db;Frobnicate=1"], "Frobnicate", null),
        ["run duration NaN"] = (["run", "--connection", Store, "--db_size=1MB", "--duration=NaN", "--out", $"{Dir}/out"], "--duration", null),
        ["run run_time int max"] = (["run", "--connection", Store, "--db_size=1MB", "--run_time=2147483647", "--out", $"{Dir}/out"], "--run_time", null),
        ["run db_down_limit 1e308"] = (["run", "--connection", Store, "--db_size=1MB", "--duration=1s", "--db_down_limit=1e308", "--out", $"{Dir}/out"], "--db_down_limit", null),
        ["run db_down_limit Infinity"] = (["run", "--connection", Store, "--db_size=1MB", "--duration=1s", "--db_down_limit=Infinity", "--out", $"{Dir}/out"], "--db_down_limit", null),
        ["run ramp_rate 1e-300"] = (["run", "--connection", Store, "--db_size=1MB", "--duration=1s", "--ramp_rate=1e-300", "--out", $"{Dir}/out"], "--ramp_rate", null),
        ["run start-at year 9999"] = (["run", "--connection", Store, "--db_size=1MB", "--duration=1s", "--start-at=9999-12-31T00:00:00Z", "--out", $"{Dir}/out"], "--start-at", null),
        ["run think_time 1e300"] = (["run", "--connection", Store, "--db_size=1MB", "--duration=1s", "--think_time=1e300", "--out", $"{Dir}/out"], "--think_time", null),
        ["run think_time NaN"] = (["run", "--connection", Store, "--db_size=1MB", "--duration=1s", "--think_time=NaN", "--out", $"{Dir}/out"], "--think_time", null),
        ["run users absurd named as typed"] = (["run", "--connection", Store, "--db_size=1MB", "--users=20000", "--out", $"{Dir}/out"], "--users", "n_threads"),
        ["run n_threads 0 named as typed"] = (["run", "--connection", Store, "--db_size=1MB", "--n_threads", "0", "--out", $"{Dir}/out"], "--n_threads", null),
        ["run log_freq int max"] = (["run", "--connection", Store, "--db_size=1MB", "--duration=1s", "--log_freq=2147483647", "--out", $"{Dir}/out"], "--log_freq", null),
        ["run pct NaN"] = (["run", "--connection", Store, "--db_size=1MB", "--pct_newcustomers=NaN", "--out", $"{Dir}/out"], "--pct_newcustomers", null),
        ["run config_file /dev/zero"] = (["run", "--connection", Store, "--config_file=/dev/zero", "--out", $"{Dir}/out"], "/dev/zero", "Parameter"),
        ["run 100 MB one-line config"] = (["run", "--connection", Store, $"--config_file={Dir}/huge.conf", "--out", $"{Dir}/out"], $"{Dir}/huge.conf", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
        ["sweep duration NaN"] = (["sweep", "--connection", Store, "--size", "1MB", "--duration", "NaN", "--out", $"{Dir}/sweep"], "--duration", null),
        ["sweep users up to int max"] = (["sweep", "--connection", Store, "--size", "1MB", "--users", "1..2147483647", "--out", $"{Dir}/sweep"], "--users", null),
        ["export-csv out under a file"] = (["export-csv", "--size", "1MB", "--out", $"{Dir}/afile/sub"], $"{Dir}/afile", null),
        ["reset missing sqlite file"] = (["reset", "--connection", $"Data Source={Dir}/missing.db"], $"{Dir}/missing.db", null),
        ["sweep missing sqlite file"] = (["sweep", "--connection", $"Data Source={Dir}/missing.db", "--size", "1MB", "--users", "1", "--duration", "1s", "--out", $"{Dir}/sweep"], $"{Dir}/missing.db", null),
        ["sweep refused at its first step"] = (["sweep", "--connection", Store, "--size", "10MB", "--users", "1", "--duration", "1s", "--out", $"{Dir}/sweep"], "loaded with --size 1MB", null),
        ["run sqlite folder missing"] = (["run", "--connection", $"Data Source={Dir}/no-folder/x.db", "--db_size=1MB", "--duration=1s", "--out", $"{Dir}/out"], "file", "server is running"),
        ["fingerprint missing sqlite file"] = (["fingerprint", "--connection", $"Data Source={Dir}/missing.db"], $"{Dir}/missing.db", null),
        ["analyze noise-cv NaN"] = (["analyze", $"{Dir}/afile", "--noise-cv", "NaN", "--out", $"{Dir}/report"], "--noise-cv", null),
        ["analyze peak-threshold Infinity"] = (["analyze", $"{Dir}/afile", "--peak-threshold", "Infinity", "--out", $"{Dir}/report"], "--peak-threshold", null),
        ["fleet drivers 0"] = (["fleet", "--drivers", "0", "--image", "i", "--engine", "postgres", "--connection", "Host=db;Username=u;Database=d", "--secret", "s", "--users", "8", "--duration", "5m", "--size", "10GB", "--fleet", "f1", "--out", $"{Dir}/fleet.yaml"], "--drivers", null),
        ["fleet users absurd"] = (["fleet", "--drivers", "2", "--image", "i", "--engine", "postgres", "--connection", "Host=db;Username=u;Database=d", "--secret", "s", "--users", "2000000000", "--duration", "5m", "--size", "10GB", "--fleet", "f1", "--out", $"{Dir}/fleet.yaml"], "--users", null),
        ["verify sqlite folder missing"] = (["verify", "--connection", $"Data Source={Dir}/no-folder/x.db"], "file", "server is running"),

        // Issue 31's hostile cases.
        ["load from-csv self-symlink"] = (["load", "--from-csv", $"{Dir}/csv", "--connection", $"Data Source={Dir}/new.db"], "prod/inv.csv", null),
        ["load from-csv 50 MB one-line field"] = (["load", "--from-csv", $"{Dir}/csv", "--connection", $"Data Source={Dir}/new.db"], "membership/membership.csv line 1: a line longer than", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
        ["load from-csv binary file"] = (["load", "--from-csv", $"{Dir}/csv", "--connection", $"Data Source={Dir}/new.db"], "membership/membership.csv line 1", null),
        ["quickstart file /dev/null"] = (["quickstart", "--file", "/dev/null", "--out", $"{Dir}/out"], "--file: /dev/null is a device", null),
        ["load connection /dev/null"] = (["load", "--size", "1MB", "--connection", "Data Source=/dev/null"], "--connection: /dev/null is a device", null),
        ["load connection is a folder"] = (["load", "--size", "1MB", "--connection", $"Data Source={Dir}"], "is a folder", null),
        ["check out is a folder"] = (["check", "--connection", $"Data Source={Dir}/x.db", "--out", Dir], $"--out {Dir} is a folder", null),
        ["verify password file /dev/zero"] = (["verify", "--engine", "postgres", "--connection", "Host=127.0.0.1;Port=1;Username=bench;Database=dsbench"], "DVDSTORE_PASSWORD_FILE", null),
        ["server-metrics unreachable host"] = (["server-metrics", "--engine", "postgres", "--connection", "Host=bogus.invalid;Username=bench;Database=dsbench;Timeout=3", "--count", "1"], "cannot connect to PostgreSQL", null),
        ["sweep step-duration NaN"] = (["sweep", "--connection", Store, "--size", "1MB", "--step-duration", "NaN", "--out", $"{Dir}/sweep"], "--step-duration", null),
        ["run fleet-size 0"] = (["run", "--connection", Store, "--db_size=1MB", "--fleet", "f1", "--fleet-size", "0", "--out", $"{Dir}/out"], "--fleet-size=0 is out of range", "fleet_size"),
        ["run fleet-size -1"] = (["run", "--connection", Store, "--db_size=1MB", "--fleet", "f1", "--fleet-size=-1", "--out", $"{Dir}/out"], "--fleet-size=-1 is out of range", "fleet_size"),
        ["unknown verb"] = (["adopt"], "unknown command 'adopt'", null),
        ["unknown verb with help"] = (["adopt", "--help"], "unknown command 'adopt'", null),
        ["run label with a right-to-left override"] = (["run", "--connection", Store, "--db_size=1MB", "--label", "vendor=ok\u202Eevil", "--out", $"{Dir}/out"], "bidirectional", null),
        ["run label with a control character"] = (["run", "--connection", Store, "--db_size=1MB", "--label", "vendor=ok\u0007bell", "--out", $"{Dir}/out"], "control character", null),
    };

    /// <summary>What a case needs in its folder before it runs (made before the folder's listing is taken).</summary>
    private static readonly Dictionary<string, Func<string, Task>> Setups = new(StringComparer.Ordinal)
    {
        ["load from-csv self-symlink"] = static async dir =>
        {
            var inventory = Path.Combine(await ExportCsvAsync(dir), "prod", "inv.csv");
            File.Delete(inventory);
            File.CreateSymbolicLink(inventory, inventory);
        },
        ["load from-csv 50 MB one-line field"] = static async dir =>
            await WriteOneLineAsync(Path.Combine(await ExportCsvAsync(dir), "membership", "membership.csv"), 50 * 1024 * 1024),
        ["load from-csv binary file"] = static async dir =>
            await File.WriteAllBytesAsync(Path.Combine(await ExportCsvAsync(dir), "membership", "membership.csv"), [0, 7, 1, 44, 27, 91, 50, 74, 10]),
    };

    /// <summary>Environment variables a case runs with.</summary>
    private static readonly Dictionary<string, Dictionary<string, string>> Environments = new(StringComparer.Ordinal)
    {
        ["verify password file /dev/zero"] = new() { ["DVDSTORE_PASSWORD_FILE"] = "/dev/zero" },
    };

    public static TheoryData<string> Names => new(Cases.Keys);

    [Theory]
    [MemberData(nameof(Names))]
    public async Task Out_of_range_input_is_one_line_naming_the_option_as_typed_and_creates_nothing(string name)
    {
        var (args, expected, forbidden) = Cases[name];
        var dir = Path.Combine(fixture.Root, "bounded-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(dir);
        await File.WriteAllTextAsync(Path.Combine(dir, "afile"), "not a folder");
        if (args.Any(static a => a.Contains("huge.conf", StringComparison.Ordinal)))
        {
            await WriteOneLineAsync(Path.Combine(dir, "huge.conf"), 100 * 1024 * 1024);
        }

        if (Setups.TryGetValue(name, out var setup))
        {
            await setup(dir);
        }

        var before = Entries(dir);
        var expanded = args.Select(a => a.Replace(Dir, dir, StringComparison.Ordinal).Replace(Store, fixture.LoadedStore, StringComparison.Ordinal)).ToArray();
        // Run in the case's folder: a command that makes a file where it runs (./dvdstore.db) is caught too.
        using var cli = CliProcess.StartIn(dir, Environments.GetValueOrDefault(name), expanded);
        var code = await cli.WaitAsync(Limit);

        var stderr = cli.Error;
        var lines = stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.True(code is > 0 and < 128, $"exit code {code} for {name}; stderr: {Cut(stderr)}; stdout: {Cut(cli.Output)}");
        Assert.True(lines.Length == 1, $"expected one line on stderr, got {lines.Length}: {Cut(stderr)}");
        var line = lines[0];
        Assert.StartsWith("error: ", line, StringComparison.Ordinal);
        Assert.True(line.Length <= 400, $"an error line of {line.Length} characters: {Cut(line)}");
        Assert.False(line.Any(char.IsControl), $"raw control characters in the error line: {Cut(line)}");
        Assert.Contains(expected.Replace(Dir, dir, StringComparison.Ordinal), line, StringComparison.Ordinal);
        if (forbidden is not null)
        {
            Assert.DoesNotContain(forbidden, line, StringComparison.Ordinal);
        }

        var all = cli.Output + stderr;
        Assert.DoesNotContain("   at ", all, StringComparison.Ordinal);
        Assert.DoesNotContain("Exception", all, StringComparison.Ordinal);
        Assert.Equal(before, Entries(dir));
    }

    [Fact]
    public async Task Drop_on_a_missing_sqlite_file_has_nothing_to_drop_and_creates_no_file()
    {
        var dir = Path.Combine(fixture.Root, "bounded-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(dir);
        var missing = Path.Combine(dir, "missing.db");
        using var cli = CliProcess.Start("drop", "--connection", $"Data Source={missing}");

        Assert.Equal(0, await cli.WaitAsync(Limit));
        Assert.Contains($"no store on {missing}", cli.Output, StringComparison.Ordinal);
        Assert.False(File.Exists(missing), $"{missing} was created");
    }

    /// <summary>
    /// Plain `dvdstore check` on the SQLite default proves the engine in a scratch file and leaves nothing where it
    /// runs (it made an empty ./dvdstore.db); the help's defaults say what the options really do.
    /// </summary>
    [Fact]
    public async Task Plain_check_leaves_no_store_file_where_it_runs()
    {
        var dir = Path.Combine(fixture.Root, "bounded-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(dir);
        using var cli = CliProcess.StartIn(dir, null, "check", "--out", Path.Combine(fixture.Root, $"check-{Guid.NewGuid():N}.json"));

        Assert.True(await cli.WaitAsync(TimeSpan.FromMinutes(3)) == 0, cli.Output + cli.Error);
        Assert.Equal("", Entries(dir));
    }

    [Theory]
    [InlineData("sweep", "--size", "[default: 10MB]")]
    [InlineData("run", "--target", "[default: localhost]")]
    public async Task Help_shows_no_default_that_contradicts_what_the_option_does(string verb, string option, string contradiction)
    {
        using var cli = CliProcess.Start(verb, "--help");
        Assert.Equal(0, await cli.WaitAsync(Limit));
        // The option's entry: its line ("  --target <value>  …") and the wrapped lines below it (indented further).
        var lines = cli.Output.Split('\n');
        var first = Array.FindIndex(lines, l => l.StartsWith("  " + option + " ", StringComparison.Ordinal));
        Assert.True(first >= 0, $"{option} is not in '{verb} --help': {cli.Output}");
        var entry = lines.Skip(first + 1).TakeWhile(static l => l.StartsWith("    ", StringComparison.Ordinal)).Prepend(lines[first]);
        var text = Regex.Replace(string.Join(' ', entry), @"\s+", " ");
        Assert.Contains("efault", text, StringComparison.Ordinal);
        Assert.DoesNotContain(contradiction, text, StringComparison.Ordinal);
    }

    /// <summary>A 1MB store's DS3 data files in <paramref name="dir"/>/csv (the real export), for a case to spoil.</summary>
    private static async Task<string> ExportCsvAsync(string dir)
    {
        var folder = Path.Combine(dir, "csv");
        using var output = new StringWriter();
        using var error = new StringWriter();
        Assert.Equal(0, await DvdStore.Cli.CliApp.RunAsync(["export-csv", "--size", "1MB", "--out", folder], output, error, CancellationToken.None));
        return folder;
    }

    /// <summary>Every file and folder under <paramref name="dir"/>, relative, sorted.</summary>
    private static string Entries(string dir) =>
        string.Join(", ", Directory.EnumerateFileSystemEntries(dir, "*", SearchOption.AllDirectories).Select(e => Path.GetRelativePath(dir, e)).Order(StringComparer.Ordinal));

    private static async Task WriteOneLineAsync(string path, int characters)
    {
        var chunk = new string('x', 1024 * 1024);
        await using var writer = new StreamWriter(path);
        for (var written = 0; written < characters; written += chunk.Length)
        {
            await writer.WriteAsync(chunk);
        }
    }

    private static string Cut(string text) => text.Length <= 2000 ? text : text[..2000] + "…";
}
