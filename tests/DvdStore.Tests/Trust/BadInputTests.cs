using DvdStore.Cli;

namespace DvdStore.Tests.Trust;

/// <summary>
/// Issue 7, bad input: every mistake a user can make on the command line gets one "error:" line naming the
/// problem, a non-zero exit code, no stack trace, and leaves no partial output behind. One row per mistake.
/// </summary>
public sealed class BadInputTests(BadInputFixture fixture) : IClassFixture<BadInputFixture>
{
    /// <summary>Placeholders in a case's arguments, filled in per run (see <see cref="Expand"/>).</summary>
    private const string Out = "{out}";
    private const string Store = "{store1mb}";
    private const string Empty = "{empty}";
    private const string ClosedPg = "Host=127.0.0.1;Port=1;Username=bench;Database=dsbench;Timeout=3";
    private const string ClosedMy = "Server=127.0.0.1;Port=1;User ID=bench;Database=dsbench;Connection Timeout=3";

    /// <summary>Case name → (arguments, a substring the error line must hold, needs the MariaDB test server).</summary>
    private static readonly Dictionary<string, (string[] Args, string Expected, bool MariaDb)> Cases = new(StringComparer.Ordinal)
    {
        // load
        ["load size 0MB"] = (["load", "--size", "0MB", "--connection", $"Data Source={Out}/s.db"], "'0MB' is not a store size", false),
        ["load size -1GB"] = (["load", "--size=-1GB", "--connection", $"Data Source={Out}/s.db"], "'-1GB' is not a store size", false),
        ["load size 12XB"] = (["load", "--size", "12XB", "--connection", $"Data Source={Out}/s.db"], "'12XB' is not a store size", false),
        ["load size abc"] = (["load", "--size", "abc", "--connection", $"Data Source={Out}/s.db"], "'abc' is not a store size", false),
        ["load unknown engine"] = (["load", "--engine", "db2", "--size", "1MB"], "unknown engine 'db2'", false),
        ["load postgres without connection"] = (["load", "--engine", "postgres", "--size", "1MB"], "--connection is required for PostgreSQL", false),
        ["load unreachable postgres"] = (["load", "--engine", "postgres", "--size", "1MB", "--connection", ClosedPg], "cannot connect to PostgreSQL", false),
        ["load mariadb wrong password"] = (["load", "--engine", "mysql", "--size", "1MB", "--connection", "{mdb-wrong-password}"], "cannot connect to", true),
        ["load threads -1"] = (["load", "--size", "1MB", "--parallel-tables=-1", "--connection", $"Data Source={Out}/s.db"], "--parallel-tables must be at least 1", false),
        ["load threads 0"] = (["load", "--size", "1MB", "--parallel-tables", "0", "--connection", $"Data Source={Out}/s.db"], "--parallel-tables must be at least 1", false),
        ["load threads absurd"] = (["load", "--size", "1MB", "--parallel-tables", "100000000", "--connection", $"Data Source={Out}/s.db"], "at most 256", false),
        ["load unknown option"] = (["load", "--size", "1MB", "--frobnicate", "--connection", $"Data Source={Out}/s.db"], "--frobnicate", false),
        ["load seed not a number"] = (["load", "--size", "1MB", "--data-seed", "abc", "--connection", $"Data Source={Out}/s.db"], "abc", false),
        ["load connection not key=value"] = (["load", "--engine", "postgres", "--size", "1MB", "--connection", "just some words"], "not a connection string", false),
        ["load onto a loaded store"] = (["load", "--size", "1MB", "--connection", Store], "--drop-existing", false),

        // run
        ["run n_threads -1"] = (["run", "--connection", Store, "--db_size=1MB", "--n_threads=-1", "--out", Out], "n_threads", false),
        ["run users 0"] = (["run", "--connection", Store, "--db_size=1MB", "--users=0", "--out", Out], "--users=0 is out of range", false),
        ["run users absurd"] = (["run", "--connection", Store, "--db_size=1MB", "--users", "100000000", "--out", Out], "users", false),
        ["run threads is not a run option"] = (["run", "--connection", Store, "--parallel-tables", "0", "--out", Out], "--parallel-tables", false),
        ["run unknown option"] = (["run", "--connection", Store, "--no_such_thing=1", "--out", Out], "--no_such_thing", false),
        ["run duration abc"] = (["run", "--connection", Store, "--db_size=1MB", "--duration=abc", "--out", Out], "not a duration", false),
        ["run duration negative"] = (["run", "--connection", Store, "--db_size=1MB", "--duration=-5s", "--out", Out], "duration", false),
        ["run warmup abc"] = (["run", "--connection", Store, "--db_size=1MB", "--warmup=soon", "--out", Out], "not a duration", false),
        ["run start_at bad"] = (["run", "--connection", Store, "--db_size=1MB", "--start-at=yesterday", "--out", Out], "is not a time", false),
        ["run label bad"] = (["run", "--connection", Store, "--db_size=1MB", "--label=novalue", "--out", Out], "is not key=value", false),
        ["run ramp_rate 0"] = (["run", "--connection", Store, "--db_size=1MB", "--ramp_rate=0", "--out", Out], "ramp_rate", false),
        ["run pct above 100"] = (["run", "--connection", Store, "--db_size=1MB", "--pct_newcustomers=150", "--out", Out], "percentage", false),
        ["run log_timestamp bad"] = (["run", "--connection", Store, "--db_size=1MB", "--log_timestamp=SOMETIMES", "--out", Out], "must be one of", false),
        ["run db_size bad"] = (["run", "--connection", Store, "--db_size=12XB", "--out", Out], "not a store size", false),
        ["run corrupt DS3 config"] = (["run", "--connection", Store, "--config_file={corrupt-conf}", "--out", Out], "is not name=value", false),
        ["run corrupt JSON config"] = (["run", "--connection", Store, "--config={corrupt-json}", "--out", Out], "is not valid JSON", false),
        ["run missing config file"] = (["run", "--connection", Store, "--config_file={missing-file}", "--out", Out], "cannot read config file", false),
        ["run missing store"] = (["run", "--connection", Empty, "--db_size=1MB", "--duration=1s", "--warmup=0", "--out", Out], "there is no store on", false),
        ["run store of another size"] = (["run", "--connection", Store, "--db_size=10MB", "--duration=1s", "--warmup=0", "--out", Out], "loaded with --size 1MB", false),
        ["run unwritable out"] = (["run", "--connection", Store, "--db_size=1MB", "--duration=1s", "--warmup=0", "--out", "/proc/x"], "/proc/x", false),
        ["run unwritable out_filename"] = (["run", "--connection", Store, "--db_size=1MB", "--duration=1s", "--warmup=0", "--out_filename=/proc/x/ds3.csv", "--out", Out], "/proc/x", false),
        ["run postgres without connection"] = (["run", "--engine=postgres", "--out", Out], "--connection is required", false),
        ["run unreachable postgres"] = (["run", "--engine=postgres", $"--connection={ClosedPg}", "--duration=1s", "--out", Out], "cannot connect to PostgreSQL", false),
        ["run unreachable mariadb"] = (["run", "--engine=mysql", $"--connection={ClosedMy}", "--duration=1s", "--out", Out], "cannot connect to", false),
        ["run mariadb wrong password"] = (["run", "--engine=mysql", "--connection={mdb-wrong-password}", "--duration=1s", "--out", Out], "cannot connect to", true),
        ["run unknown engine"] = (["run", "--engine=access", "--out", Out], "unknown engine 'access'", false),
        ["run driver-cpus not online"] = (["run", "--connection", Store, "--db_size=1MB", "--duration=1s", "--warmup=0", "--driver-cpus", "4095", "--out", Out], "CPU 4095 is not online", false),
        ["run driver-cpus empty"] = (["run", "--connection", Store, "--db_size=1MB", "--duration=1s", "--warmup=0", "--driver-cpus", "", "--out", Out], "names no CPU", false),
        ["run driver-cpus abc"] = (["run", "--connection", Store, "--db_size=1MB", "--driver_cpus=abc", "--out", Out], "not a CPU list", false),

        // sweep
        ["sweep cpus abc"] = (["sweep", "--connection", Store, "--size", "1MB", "--cpus", "abc", "--out", Out], "--cpus", false),
        ["sweep cpus 0"] = (["sweep", "--connection", Store, "--size", "1MB", "--cpus", "0", "--out", Out], "--cpus", false),
        ["sweep cpus range down"] = (["sweep", "--connection", Store, "--size", "1MB", "--cpus", "8..2", "--out", Out], "the range must go up", false),
        ["sweep users -1"] = (["sweep", "--connection", Store, "--size", "1MB", "--users", "-1", "--out", Out], "--users", false),
        ["sweep size abc"] = (["sweep", "--connection", Store, "--size", "abc", "--out", Out], "'abc' is not a store size", false),
        ["sweep step duration bad"] = (["sweep", "--connection", Store, "--size", "1MB", "--duration", "forever", "--out", Out], "--duration", false),
        ["sweep corrupt study"] = (["sweep", "--connection", Store, "--size", "1MB", "--config", "{corrupt-json}", "--out", Out], "is not valid JSON", false),
        ["sweep driver-cpus not online"] = (["sweep", "--connection", Store, "--size", "1MB", "--users", "1", "--duration", "1s", "--driver-cpus", "2-4095", "--out", Out], "is not online", false),
        ["sweep driver-cpus empty"] = (["sweep", "--connection", Store, "--size", "1MB", "--driver-cpus", "", "--out", Out], "names no CPU", false),
        ["sweep driver-cpus range down"] = (["sweep", "--connection", Store, "--size", "1MB", "--driver-cpus", "3-1", "--out", Out], "not a CPU list", false),
        ["sweep unknown engine"] = (["sweep", "--engine", "foxpro", "--size", "1MB", "--out", Out], "unknown engine 'foxpro'", false),

        // analyze
        ["analyze no files"] = (["analyze", "--out", Out], "Required argument missing", false),
        ["analyze missing file"] = (["analyze", "{missing-file}", "--out", Out], "does not exist", false),
        ["analyze foreign file"] = (["analyze", "{foreign-json}", "--out", Out], "no readable run", false),
        ["analyze bad threshold"] = (["analyze", "{foreign-json}", "--peak-threshold", "150", "--out", Out], "--peak-threshold", false),
        ["analyze unknown option"] = (["analyze", "--colour", "--out", Out], "--colour", false),

        // verify, reset, quickstart, schema
        ["verify missing store"] = (["verify", "--connection", Empty], "failed verification (store exists", false),
        ["verify unreachable postgres"] = (["verify", "--engine", "postgres", "--connection", ClosedPg], "cannot connect to PostgreSQL", false),
        ["reset missing store"] = (["reset", "--connection", Empty], "there is no store", false),
        ["reset unknown engine"] = (["reset", "--engine", "informix"], "unknown engine 'informix'", false),
        ["quickstart users 0"] = (["quickstart", "--users", "0", "--file", $"{Out}/q.db", "--out", Out], "--users must be between 1", false),
        ["quickstart duration absurd"] = (["quickstart", "--duration", "100000000", "--file", $"{Out}/q.db", "--out", Out], "--duration=100000000 is out of range", false),
        ["quickstart size abc"] = (["quickstart", "--size", "abc", "--file", $"{Out}/q.db", "--out", Out], "'abc' is not a store size", false),
        ["schema unknown engine"] = (["schema", "--engine", "dbase"], "unknown engine 'dbase'", false),
    };

    public static TheoryData<string> Names => new(Cases.Keys);

    [Fact]
    public void There_are_at_least_30_cases_across_load_run_sweep_and_analyze()
    {
        Assert.True(Cases.Count >= 30, $"{Cases.Count} cases");
        foreach (var command in new[] { "load", "run", "sweep", "analyze" })
        {
            Assert.True(Cases.Values.Count(c => c.Args[0] == command) >= 4, command);
        }
    }

    [SkippableTheory]
    [MemberData(nameof(Names))]
    public async Task Bad_input_gets_one_error_line_a_nonzero_exit_no_stack_trace_and_no_partial_output(string name)
    {
        var (args, expected, mariaDb) = Cases[name];
        var outDirectory = Path.Combine(fixture.Root, "out-" + Guid.NewGuid().ToString("N"));
        var expanded = args.Select(a => Expand(a, outDirectory, mariaDb)).ToArray();

        using var output = new StringWriter();
        using var error = new StringWriter();
        int code;
        try
        {
            code = await CliApp.RunAsync(expanded, output, error, CancellationToken.None);
        }
        catch (Exception e)
        {
            Assert.Fail($"'{string.Join(' ', expanded)}' threw instead of reporting a user error: {e}");
            return;
        }

        var stderr = error.ToString();
        var lines = stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.True(code != 0, $"exit code 0 for {name}; stderr: {stderr}; stdout: {output}");
        Assert.True(lines.Length == 1, $"expected one line on stderr, got {lines.Length}: {stderr}");
        Assert.StartsWith("error: ", lines[0], StringComparison.Ordinal);
        Assert.Contains(expected, lines[0], StringComparison.Ordinal);
        var all = output + stderr;
        Assert.DoesNotContain("   at ", all, StringComparison.Ordinal);
        Assert.DoesNotContain("Exception", all, StringComparison.Ordinal);
        Assert.True(
            !Directory.Exists(outDirectory) || !Directory.EnumerateFileSystemEntries(outDirectory).Any(),
            $"partial output left in {outDirectory}: {string.Join(", ", Directory.Exists(outDirectory) ? Directory.EnumerateFileSystemEntries(outDirectory) : [])}");
    }

    private string Expand(string arg, string outDirectory, bool mariaDb)
    {
        if (arg.Contains("{mdb-wrong-password}", StringComparison.Ordinal))
        {
            var builder = new System.Data.Common.DbConnectionStringBuilder { ConnectionString = TestServers.MySql };
            builder["Password"] = "not-the-password";
            return arg.Replace("{mdb-wrong-password}", builder.ConnectionString, StringComparison.Ordinal);
        }

        _ = mariaDb;
        return arg
            .Replace(Out, outDirectory, StringComparison.Ordinal)
            .Replace(Store, fixture.LoadedStore, StringComparison.Ordinal)
            .Replace(Empty, $"Data Source={fixture.EmptyDatabase}", StringComparison.Ordinal)
            .Replace("{corrupt-conf}", fixture.CorruptConf, StringComparison.Ordinal)
            .Replace("{corrupt-json}", fixture.CorruptJson, StringComparison.Ordinal)
            .Replace("{foreign-json}", fixture.ForeignJson, StringComparison.Ordinal)
            .Replace("{missing-file}", Path.Combine(fixture.Root, "no-such-file.conf"), StringComparison.Ordinal);
    }
}
