using DvdStore.Cli;
using DvdStore.Tests.Driver;

namespace DvdStore.Tests.Studies;

/// <summary>`dvdstore sweep` end to end: real driver runs on a SQLite store; CPU sets applied to the local PostgreSQL.</summary>
public class SweepCommandTests
{
    [Fact]
    public async Task An_unpinned_sweep_runs_each_user_step_as_a_labelled_result_and_reports_the_peak()
    {
        await using var store = await DriverTestStore.CreateAsync(EngineKind.Sqlite);
        var dir = Path.GetDirectoryName(TestServers.TempFile("x"))!;
        var (code, text) = await SweepAsync(store, dir, "--users", "1,2", "--duration", "2s", "--warmup", "0s", "--reset-between");

        Assert.True(code == 0, text);
        var results = Results(dir);
        Assert.Equal(["1", "2"], results.Select(static r => r.Context.Labels["users"]).Order());
        Assert.All(results, static r => Assert.Equal("unpinned", r.Context.Labels["cpu_set"]));
        Assert.All(results, static r => Assert.True(r.Totals.Opm > 0));
        Assert.All(results, static r => Assert.True(r.Context.Servers[0].StoreAtStart is { AsLoaded: true }));
        Assert.Contains("sweep unpinned: peak ", text, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_sweep_starts_from_the_store_as_loaded_or_is_refused_in_one_line()
    {
        await using var store = await DriverTestStore.CreateAsync(EngineKind.Sqlite);
        var dir = Path.GetDirectoryName(TestServers.TempFile("x"))!;

        // Several steps with nothing between them: step 2 would measure what step 1 left.
        var (code, text) = await SweepAsync(store, Path.Combine(dir, "a"), "--users", "1,2", "--duration", "1s", "--warmup", "0s");
        Assert.NotEqual(0, code);
        AssertText.ContainsAll(text, "--reset-between", "--allow-used-store");
        Assert.Empty(Results(dir));

        // A store an earlier run used: refused as run refuses it; --reset-between resets before the very first step.
        (code, text) = await SweepAsync(store, Path.Combine(dir, "b"), "--users", "1", "--duration", "1s", "--warmup", "0s");
        Assert.True(code == 0, text);
        (code, text) = await SweepAsync(store, Path.Combine(dir, "c"), "--users", "1", "--duration", "1s", "--warmup", "0s");
        Assert.NotEqual(0, code);
        AssertText.ContainsAll(text, "is not as loaded", "dvdstore reset", "--reset-between");
        Assert.Single(Results(dir));

        (code, text) = await SweepAsync(store, Path.Combine(dir, "d"), "--users", "1,2", "--duration", "1s", "--warmup", "0s", "--reset-between");
        Assert.True(code == 0, text);
        var steps = Results(Path.Combine(dir, "d"));
        Assert.Equal(2, steps.Count);
        Assert.All(steps, static r => Assert.True(r.Context.Servers[0].StoreAtStart is { AsLoaded: true, Orders: 0 }));

        // Measured anyway when told: the second step records what the first left.
        (code, text) = await SweepAsync(store, Path.Combine(dir, "e"), "--users", "1,2", "--duration", "1s", "--warmup", "0s", "--allow-used-store");
        Assert.True(code == 0, text);
        Assert.All(Results(Path.Combine(dir, "e")), static r => Assert.True(r.Context.Servers[0].StoreAtStart is { AsLoaded: false }));
    }

    [Fact]
    public async Task A_sweep_of_several_rates_without_reset_between_is_refused_before_any_step_runs()
    {
        await using var store = await DriverTestStore.CreateAsync(EngineKind.Sqlite);
        var dir = Path.GetDirectoryName(TestServers.TempFile("x"))!;
        var output = new StringWriter();
        var error = new StringWriter();

        // One user count but two rates: two steps, the second on the orders the first added.
        var code = await CliApp.RunAsync(
            ["sweep", "--engine", "sqlite", "--connection", store.Target.ConnectionString, "--size", "1MB", "--out", dir,
             "--rates", "600,1200", "--users", "2", "--duration", "1s", "--warmup", "0s"],
            output, error, CancellationToken.None);

        Assert.NotEqual(0, code);
        AssertUserError.OneLineOutput(error.ToString(), "--reset-between", "--allow-used-store");
        Assert.Empty(Results(dir));
        Assert.DoesNotContain("rate 600", output.ToString(), StringComparison.Ordinal);
    }

    [SkippableFact]
    public async Task A_one_to_two_cpu_sweep_pins_the_local_postgres_labels_the_results_and_restores_its_cpus()
    {
        var postmaster = await LocalPostgres.PostmasterPidAsync();
        var before = LocalPostgres.AllowedCpus(postmaster);
        await using var store = await DriverTestStore.CreateAsync(EngineKind.Sqlite);
        var dir = Path.GetDirectoryName(TestServers.TempFile("x"))!;

        var (code, text) = await SweepAsync(store, dir, "--server-pid", $"{postmaster}", "--cpus", "1,2", "--users", "1", "--duration", "1s", "--warmup", "0s", "--reset-between");

        Assert.True(code == 0, text);
        TestServers.SkipIfEnvironment(text.Contains("cpu sets: not permitted", StringComparison.Ordinal), text);
        var results = Results(dir).OrderBy(static r => r.Context.Labels["cpus"]).ToList();
        Assert.Equal(["vcpu-1", "vcpu-2"], results.Select(static r => r.Context.Labels["cpu_set"]));
        Assert.Equal(["0", "0-1"], results.Select(static r => r.Context.Labels["cpu_list"]));
        Assert.All(results, static r => Assert.Equal("sched_setaffinity", r.Context.Labels["pin_method"]));
        Assert.Equal("1", results[1].Context.Labels["sockets"]);
        Assert.Equal(before, LocalPostgres.AllowedCpus(postmaster));
    }

    [Fact]
    public async Task Cpu_sets_without_a_server_pid_are_a_one_line_error()
    {
        var output = new StringWriter();
        var error = new StringWriter();

        var code = await CliApp.RunAsync(["sweep", "--cpus", "1,2"], output, error, CancellationToken.None);

        Assert.NotEqual(0, code);
        AssertUserError.OneLineOutput(error.ToString(), "--server-pid");
    }

    private static async Task<(int Code, string Text)> SweepAsync(DriverTestStore store, string dir, params string[] options)
    {
        var output = new StringWriter();
        var error = new StringWriter();
        var code = await CliApp.RunAsync(
            ["sweep", "--engine", "sqlite", "--connection", store.Target.ConnectionString, "--size", "1MB", "--out", dir, .. options],
            output, error, CancellationToken.None);
        return (code, output.ToString() + error);
    }

    private static List<RunResult> Results(string dir) =>
        Directory.GetFiles(dir, "*.result.json", SearchOption.AllDirectories).Select(RunResultReader.Read).ToList();
}
