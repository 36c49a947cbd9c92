using DvdStore.Cli;

namespace DvdStore.Tests.Driver;

/// <summary>
/// Every measured run starts from the store as loaded (issue 27): a run reads the rows earlier runs left above the load,
/// refuses a used store in one line naming 'dvdstore reset' and writes nothing, resets first with --reset, measures a
/// used store only when told (--allow-used-store), and records what it found in the result.
/// </summary>
public sealed class AsLoadedRunTests
{
    [SkippableTheory]
    [EveryTestEngine]
    public async Task A_second_run_on_a_used_store_is_refused_until_reset_or_allowed_and_the_state_is_recorded(EngineKind kind)
    {
        await using var store = await DriverTestStore.CreateAsync(kind);
        var first = await CompletedRun.RunAsync(Run(store));
        var atStart = Assert.Single(first.Result.Context.Servers).StoreAtStart;
        Assert.NotNull(atStart);
        Assert.True(atStart!.AsLoaded && atStart.Orders == 0 && !atStart.ResetByRun);
        var ordersLeft = await store.CountAsync("ORDERS");
        Assert.True(ordersLeft > 0, first.Output);

        var refused = Run(store);
        var error = await AssertUserError.OneLineAsync(() => DriverRunner.RunAsync(refused, TextWriter.Null, CancellationToken.None),
            "is not as loaded", $"{ordersLeft:N0} orders", "dvdstore reset", "--reset", "--allow-used-store");
        Assert.Empty(Directory.EnumerateFiles(refused.OutputDirectory));
        Assert.Equal(ordersLeft, await store.CountAsync("ORDERS"));

        var allowed = await CompletedRun.RunAsync(Run(store) with { AllowUsedStore = true });
        var used = Assert.Single(allowed.Result.Context.Servers).StoreAtStart!;
        Assert.False(used.AsLoaded);
        Assert.Equal(ordersLeft, used.Orders);
        Assert.Equal("Y", allowed.Result.Parameters["allow_used_store"]);
        Assert.Contains("--allow-used-store", allowed.Output, StringComparison.Ordinal);

        var reset = await CompletedRun.RunAsync(Run(store) with { ResetStore = true });
        var fresh = Assert.Single(reset.Result.Context.Servers).StoreAtStart!;
        Assert.True(fresh.AsLoaded && fresh.ResetByRun && fresh.Orders == 0 && fresh.Customers == 0 && fresh.Reorders == 0, reset.Output);
        Assert.Equal(reset.Result.CrossCheck!.DriverCommitted, await store.CountAsync("ORDERS"));
        var read = await RunResultReader.ReadAsync(reset.Outcome.ResultPath, CancellationToken.None);
        Assert.True(read.Context.Servers[0].StoreAtStart is { AsLoaded: true, ResetByRun: true });
    }

    [Fact]
    public async Task The_run_command_refuses_a_used_store_in_one_line_and_takes_bare_reset_and_allow_flags()
    {
        await using var store = await DriverTestStore.CreateAsync(EngineKind.Sqlite);
        var results = Path.GetDirectoryName(TestServers.TempFile("x"))!;
        var first = await RunAsync(store, Path.Combine(results, "a"));
        Assert.True(first.Code == 0, first.Output + first.Error);

        var (code, _, error) = await RunAsync(store, Path.Combine(results, "b"));
        Assert.NotEqual(0, code);
        AssertUserError.OneLineOutput(error, "is not as loaded", "dvdstore reset");
        Assert.False(Directory.Exists(Path.Combine(results, "b")) && Directory.EnumerateFiles(Path.Combine(results, "b")).Any());

        (code, var output, error) = await RunAsync(store, Path.Combine(results, "c"), "--reset");
        Assert.True(code == 0, output + error);
        Assert.Contains("store: reset to as loaded", output, StringComparison.Ordinal);
        Assert.Contains("store: as loaded", output, StringComparison.Ordinal);

        (code, output, error) = await RunAsync(store, Path.Combine(results, "d"), "--allow-used-store", "--label", "series=soak");
        Assert.True(code == 0, output + error);
        var result = RunResultReader.Read(Directory.GetFiles(Path.Combine(results, "d"), "*.result.json").Single());
        Assert.True(result.Context.Servers[0].StoreAtStart is { AsLoaded: false, Orders: > 0 });
        Assert.Equal("soak", result.Context.Labels["series"]);
    }

    private static RunSettings Run(DriverTestStore store) => DriverTestStore.ShortRun(store.Target, TimeSpan.FromSeconds(2), TimeSpan.Zero);

    private static async Task<(int Code, string Output, string Error)> RunAsync(DriverTestStore store, string folder, params string[] extra)
    {
        using var output = new StringWriter();
        using var error = new StringWriter();
        string[] args = ["run", "--engine", "sqlite", "--connection", store.Target.ConnectionString, "--size", DriverTestStore.Size.ToString(), "--users", "2", "--duration", "2s", "--warmup", "0", "--out", folder, .. extra];
        var code = await CliApp.RunAsync(args, output, error, CancellationToken.None);
        return (code, output.ToString(), error.ToString());
    }
}
