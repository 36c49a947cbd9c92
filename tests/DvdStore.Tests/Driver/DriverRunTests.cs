using DvdStore.Cli;

namespace DvdStore.Tests.Driver;

/// <summary>
/// Short real runs (a few seconds) of the driver against a 1MB store on each engine: orders commit, the
/// database gains exactly the orders the driver counted, and the result file reads back. Nothing is timed.
/// </summary>
public sealed class DriverRunTests
{
    [SkippableTheory]
    [EveryTestEngine]
    public async Task A_short_run_commits_orders_that_the_database_confirms(EngineKind kind)
    {
        await using var store = await DriverTestStore.CreateAsync(kind);
        var ordersBefore = await store.CountAsync("ORDERS");
        var (outcome, output) = await CompletedRun.RunAsync(DriverTestStore.ShortRun(store.Target, TimeSpan.FromSeconds(3), TimeSpan.FromSeconds(1)));
        var result = outcome.Result;

        Assert.True(result.Totals.Orders > 0, output);
        Assert.Equal(result.Totals.Orders, result.Totals.CommittedOrders + result.Totals.Rollbacks);
        Assert.NotNull(result.CrossCheck);
        Assert.True(result.CrossCheck!.Matches, output);
        Assert.Equal(ordersBefore, result.CrossCheck.OrdersBefore);
        Assert.Equal(await store.CountAsync("ORDERS") - ordersBefore, result.CrossCheck.DriverCommitted);
        Assert.True(result.CrossCheck.DriverCommitted >= result.Totals.CommittedOrders);
        var purchase = Assert.Single(result.Transactions, static t => t.Kind == "Purchase");
        Assert.Equal(result.Totals.Orders, purchase.Count);
        Assert.True(purchase.P50Ms > 0 && purchase.P50Ms <= purchase.P99Ms && purchase.P99Ms <= purchase.MaxMs);
        Assert.Equal(result.Totals.Orders, result.OrderResponse.Count);
        Assert.Contains(result.Intervals, static i => !i.Measured);
        Assert.Contains(result.Intervals, static i => i.Measured);
        if (result.Totals.Orders >= 50)
        {
            // Every 5th product has 1 in stock: a quantity of 2 or 3 of it rolls the order back.
            Assert.True(result.Totals.Rollbacks > 0);
        }

        var read = await RunResultReader.ReadAsync(outcome.ResultPath, CancellationToken.None);
        Assert.Equal(result.RunId, read.RunId);
        Assert.Equal(result.Totals.Orders, read.Totals.Orders);
        Assert.Equal(HistogramCodec.Decode(purchase.Histogram).TotalCount, HistogramCodec.Decode(read.Transactions.Single(static t => t.Kind == "Purchase").Histogram).TotalCount);
        Assert.DoesNotContain("Password", read.Parameters["connection"], StringComparison.OrdinalIgnoreCase);
        Assert.True(File.Exists(outcome.IntervalsPath));
        Assert.Equal(result.Intervals.Count + 1, File.ReadAllLines(outcome.IntervalsPath).Length);
        Assert.True(read.Context.Client.OnlineCpuCount > 0);
        Assert.Equal(EngineCatalog.NameOf(kind), Assert.Single(read.Context.Servers).Engine);
    }

    [Fact]
    public async Task Cancelling_a_run_without_an_end_still_writes_a_checked_result()
    {
        await using var store = await DriverTestStore.CreateAsync(EngineKind.Sqlite);
        using var cancel = new CancellationTokenSource();
        var settings = DriverTestStore.ShortRun(store.Target, null, TimeSpan.Zero);
        cancel.CancelAfter(TimeSpan.FromSeconds(2));
        var outcome = await DriverRunner.RunAsync(settings, TextWriter.Null, cancel.Token);

        Assert.Equal(RunOutcome.Cancelled, outcome.Result.Outcome);
        Assert.Equal(130, outcome.ExitCode);
        Assert.True(outcome.Result.CrossCheck!.Matches);
        Assert.Equal(RunOutcome.Cancelled, RunResultReader.Read(outcome.ResultPath).Outcome);
        Assert.Contains(outcome.Result.Findings, static f => f.Code == "cancelled");
    }

    [Fact]
    public async Task Memory_check_records_the_live_heap_at_every_log_line_and_resident_memory_always()
    {
        await using var store = await DriverTestStore.CreateAsync(EngineKind.Sqlite);
        var plain = await DriverRunner.RunAsync(DriverTestStore.ShortRun(store.Target, TimeSpan.FromSeconds(2), TimeSpan.Zero), TextWriter.Null, CancellationToken.None);
        var checkedRun = await DriverRunner.RunAsync(DriverTestStore.ShortRun(store.Target, TimeSpan.FromSeconds(2), TimeSpan.Zero) with { MemoryCheck = true, ResetStore = true }, TextWriter.Null, CancellationToken.None);

        Assert.All(plain.Result.Intervals, static i => Assert.True(i.ClientResidentMb > 0 && i.ClientLiveHeapMb is null && i.ClientGcCommittedMb is null && i.ClientThreads is null));
        Assert.Equal("N", plain.Result.Parameters["memory_check"]);
        var read = await RunResultReader.ReadAsync(checkedRun.ResultPath, CancellationToken.None);
        Assert.NotEmpty(read.Intervals);
        Assert.All(read.Intervals, static i => Assert.True(i.ClientLiveHeapMb > 0 && i.ClientLiveHeapMb < i.ClientResidentMb, $"live {i.ClientLiveHeapMb} MB, resident {i.ClientResidentMb} MB"));
        // Where resident memory beyond the live heap goes: what the GC holds committed (at least the live heap), its free space, the threads.
        Assert.All(read.Intervals, static i => Assert.True(i.ClientGcCommittedMb >= i.ClientLiveHeapMb && i.ClientGcFragmentedMb >= 0 && i.ClientThreads > 1,
            $"committed {i.ClientGcCommittedMb} MB, live {i.ClientLiveHeapMb} MB, fragmented {i.ClientGcFragmentedMb} MB, threads {i.ClientThreads}"));
        Assert.Equal("Y", read.Parameters["memory_check"]);
    }

    [Fact]
    public async Task The_run_command_takes_ds3_parameters_and_prints_ds3_lines()
    {
        await using var store = await DriverTestStore.CreateAsync(EngineKind.Sqlite);
        var dir = Path.GetDirectoryName(TestServers.TempFile("x"))!;
        var ds3Csv = Path.Combine(dir, "ds3.csv");
        var config = Path.Combine(dir, "ds3.conf");
        await File.WriteAllTextAsync(config, "n_threads=4\nrun_time=5\n\n# comment\nlog_freq=1\n");
        var output = new StringWriter();
        var error = new StringWriter();

        var code = await CliApp.RunAsync(
        [
            "run", "--engine=sqlite", $"--connection={store.Target.ConnectionString}", "--db_size=1MB", $"--config_file={config}",
            "--n_threads=2", "--duration=2s", "--warmup_time=0", "--output_format=ds3", $"--out={dir}", $"--out_filename={ds3Csv}", "--label", "case=cli",
        ], output, error, CancellationToken.None);

        var text = output.ToString();
        Assert.True(code == 0, text + error);
        AssertText.ContainsAll(text, "n_threads: 2", "n_line_items5", "Final (", "rt_rewmember_avg_msec=");
        Assert.DoesNotContain("-2147483648", text, StringComparison.Ordinal);
        Assert.Contains("Run over", text, StringComparison.Ordinal);
        // DS3's startup lines (docs/ds3-compatibility.md, "A driver run"): threads numbered from 0, all created, then all running, then connected.
        var console = text.Split('\n').Select(l => l.TrimEnd('\r')).ToList();
        int At(string prefix) => console.FindIndex(l => l.StartsWith(prefix, StringComparison.Ordinal));
        Assert.True(At("Thread 0: created for User 0") >= 0, text);
        Assert.True(At("Thread 1: created for User 1") > At("Thread 0: created for User 0"), text);
        Assert.True(At("Controller (") > At("Thread 1: created for User 1"), text);
        Assert.EndsWith("): all threads running", console[At("Controller (")], StringComparison.Ordinal);
        Assert.True(At("Thread 0: connected to ") > At("Controller ("), text);
        Assert.Equal(-1, At("Thread 2:"));
        // Numbers as DS3 prints them: 2 s is 0.03 minutes, not 0.03333333333333333.
        Assert.Contains(" run_time= 0.03 db_size= 1MB warmup_time= 0 ", text, StringComparison.Ordinal);
        Assert.DoesNotContain("333333", text, StringComparison.Ordinal);
        Assert.Matches(@"(?m)^et=\s+\d+\.\d n_overall=\d+ opm=\d+ rt_tot_lastn_max_msec=\d+ rt_tot_avg_msec=\d+ rt_tot_sampled=\d+ rollbacks: n=\d+ %=\s+\d+\.\d \r?$", text);
        var lines = await File.ReadAllLinesAsync(ds3Csv);
        Assert.StartsWith("datetime et, n_overall", lines[0], StringComparison.Ordinal);
        Assert.True(lines.Length >= 2);
        var result = RunResultReader.Read(Directory.GetFiles(dir, "*.result.json").Single());
        Assert.Equal("cli", result.Context.Labels["case"]);
        Assert.Equal("2", result.Parameters["n_threads"]);
        Assert.Equal("1", result.Parameters["log_freq"]);
    }

    [Fact]
    public async Task A_store_that_does_not_exist_is_a_one_line_error()
    {
        var output = new StringWriter();
        var error = new StringWriter();
        var file = TestServers.TempFile("empty.db");
        var code = await CliApp.RunAsync(["run", "--engine=sqlite", $"--connection=Data Source={file}", "--duration=1s", "--warmup=0"], output, error, CancellationToken.None);

        Assert.NotEqual(0, code);
        AssertUserError.OneLineOutput(error.ToString(), "dvdstore load");
    }
}
