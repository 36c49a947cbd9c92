using DvdStore.Tests.Driver;

namespace DvdStore.Tests.Trust;

/// <summary>
/// The real CLI process under signals: SIGTERM or Ctrl-C (SIGINT) ends a run cleanly (exit code 130, summary printed,
/// a readable result file, no temp files left); a loader killed with SIGKILL leaves a store that verify rejects as
/// incomplete, and load --drop-existing rebuilds it until verify passes.
/// </summary>
[Collection("trust-faults")]
public sealed class CliSignalTests
{
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(90);

    [Theory]
    [InlineData("TERM")]
    [InlineData("INT")]
    public async Task A_signal_ends_a_run_with_a_summary_and_a_complete_result_file(string signal)
    {
        await using var store = await DriverTestStore.CreateAsync(EngineKind.Sqlite);
        var dir = Path.GetDirectoryName(TestServers.TempFile("x"))!;
        using var cli = CliProcess.Start(
            "run", "--engine=sqlite", $"--connection={store.Target.ConnectionString}", "--db_size=1MB", "--n_threads=3",
            "--run_time=0", "--warmup_time=0", "--log_freq=1", $"--out={dir}");
        Assert.True(await cli.WaitForOutputAsync(CliProcess.ShowsCompletedOrders, Limit), cli.Output + cli.Error);
        await cli.SignalAsync(signal);
        var code = await cli.WaitAsync(Limit);

        var text = cli.Output;
        Assert.True(code == 130, $"exit code {code}\n{text}\n{cli.Error}");
        AssertText.ContainsAll(text, "cross-check: ", "OK", "result: ");
        var files = Directory.GetFiles(dir).Select(Path.GetFileName).ToList();
        var resultFile = Assert.Single(files, static f => f!.EndsWith(".result.json", StringComparison.Ordinal));
        Assert.Single(files, static f => f!.EndsWith(".intervals.csv", StringComparison.Ordinal));
        Assert.Equal(2, files.Count); // nothing half-written (no temp files) beside them
        var result = await RunResultReader.ReadAsync(Path.Combine(dir, resultFile!), CancellationToken.None);
        Assert.Equal(RunOutcome.Cancelled, result.Outcome);
        Assert.True(result.Totals.Orders > 0);
        Assert.True(result.CrossCheck!.Matches);
        Assert.Equal(result.CrossCheck.DatabaseGained, await store.CountAsync("ORDERS"));
        Assert.Contains(result.Findings, static f => f.Code == "cancelled");
    }

    [Fact]
    public async Task A_loader_killed_mid_load_fails_verify_and_drop_existing_rebuilds_it()
    {
        var connection = $"--connection=Data Source={TestServers.TempFile("store.db")}";
        using (var load = CliProcess.Start("load", "--engine=sqlite", connection, "--size=1MB", "--parallel-tables=1"))
        {
            // The first table is written; the big ones are still loading.
            Assert.True(await load.WaitForOutputAsync(" rows in ", Limit), load.Output + load.Error);
            await load.SignalAsync("KILL");
            Assert.Equal(137, await load.WaitAsync(Limit));
            Assert.DoesNotContain("total", load.Output, StringComparison.Ordinal);
        }

        var (failed, verifyOutput) = await CliProcess.RunAsync(Limit, "verify", "--engine=sqlite", connection);
        Assert.True(failed == 1, verifyOutput);
        Assert.Contains("FAIL load complete", verifyOutput, StringComparison.Ordinal);
        Assert.Contains("--drop-existing", verifyOutput, StringComparison.Ordinal);

        var (refused, refusedOutput) = await CliProcess.RunAsync(Limit, "load", "--engine=sqlite", connection, "--size=1MB");
        Assert.NotEqual(0, refused);
        Assert.Contains("--drop-existing", refusedOutput, StringComparison.Ordinal);

        var (rebuilt, rebuiltOutput) = await CliProcess.RunAsync(Limit, "load", "--engine=sqlite", connection, "--size=1MB", "--drop-existing");
        Assert.True(rebuilt == 0, rebuiltOutput);
        var (passed, passedOutput) = await CliProcess.RunAsync(Limit, "verify", "--engine=sqlite", connection);
        Assert.True(passed == 0, passedOutput);
        Assert.Contains("store OK", passedOutput, StringComparison.Ordinal);
    }
}
