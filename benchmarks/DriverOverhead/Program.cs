using System.Diagnostics;
using System.Globalization;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using DvdStore.Benchmarks.DriverOverhead;
using DvdStore.Driver.Metrics;
using DvdStore.Driver.Running;
using DvdStore.Driver.Workload;
using DvdStore.Schema.Engines.Commands;

// Driver CPU overhead per order against a no-op IStoreCommands (a benchmark, not a test):
//  baseline = the ~12 calls of an average DS3 order issued straight to the no-op store;
//  driver   = the real order loop (random draws, request building, pricing) through the virtual user's
//             timed/retrying call path into lock-free metric shards (HdrHistogram recorders).
// `metrics`: the metrics path alone under BenchmarkDotNet (short job), ratios against a baseline in the same run.
if (args.Length > 0 && args[0] == "metrics")
{
    // In process: the project file is not named after the assembly, and a separate build would only cost time here.
    var config = DefaultConfig.Instance
        .AddJob(Job.ShortRun.WithToolchain(InProcessEmitToolchain.Instance))
        .WithArtifactsPath(Path.Combine(Path.GetTempPath(), "dvdstore-bdn"));
    BenchmarkRunner.Run<MetricsPathBenchmarks>(config);
    return;
}

// `schedule`: what a rate run adds per order (schedule + latency recording) under BenchmarkDotNet, ratios against a baseline.
if (args.Length > 0 && args[0] == "schedule")
{
    var config = DefaultConfig.Instance
        .AddJob(Job.ShortRun.WithToolchain(InProcessEmitToolchain.Instance))
        .WithArtifactsPath(Path.Combine(Path.GetTempPath(), "dvdstore-bdn"));
    BenchmarkRunner.Run<ArrivalScheduleBenchmarks>(config);
    return;
}

// `schedule-cpu [opm] [seconds] [rounds]`: client CPU per order of users taking scheduled starts (the waits included)
// with no database, the start gate against a timer per order, alternated, and both against the same users running back
// to back (closed loop) for as many orders; two rounds unless told.
if (args.Length > 0 && args[0] == "schedule-cpu")
{
    await ScheduleCpu.RunAsync(
        args.Length > 1 ? double.Parse(args[1], CultureInfo.InvariantCulture) : 60_000,
        args.Length > 2 ? double.Parse(args[2], CultureInfo.InvariantCulture) : 10,
        args.Length > 3 ? int.Parse(args[3], CultureInfo.InvariantCulture) : 2,
        Console.Out);
    return;
}

// `pg <connection> [seconds]`: the client CPU floor per PostgreSQL call (raw synchronous Npgsql) against the driver's async path.
if (args.Length > 1 && args[0] == "pg")
{
    await PgRoundTripFloor.RunAsync(args[1], args.Length > 2 ? double.Parse(args[2], CultureInfo.InvariantCulture) : 10, Console.Out);
    return;
}

var seconds = args.Length > 0 ? double.Parse(args[0], CultureInfo.InvariantCulture) : 3;
var store = new NoOpStore();
var settings = new WorkloadSettings { Customers = 20_000, Products = 10_000 };

var baseline = await MeasureAsync("baseline (no-op store, fixed 12-call order)", seconds, async () =>
{
    await store.LoginAsync("user1", "password", CancellationToken.None);
    for (var i = 0; i < 3; i++)
    {
        await store.BrowseByCategoryAsync(5, 1, CancellationToken.None);
        await store.GetProdReviewsByActorAsync(5, "HANKS", CancellationToken.None);
        await store.GetProdReviewsAsync(5, 1, CancellationToken.None);
    }

    var prices = await store.GetPricesAsync([1, 2, 3, 4, 5], CancellationToken.None);
    await store.PurchaseAsync(new PurchaseRequest(1, prices.Count, 0, prices.Count, [new CartItem(1, 1)]), CancellationToken.None);
});

var metrics = new RunMetrics(1, 1);
var user = new VirtualUser(1, 0, null!, metrics.ShardFor(0, 0), new RetryPolicy(), settings, new WeightedProducts(settings.Products), seed: 1);
user.UseCommands(store);
var context = new OrderContext(settings, new WeightedProducts(settings.Products), user.Random, user, metrics.ShardFor(0, 0));
var reporter = Task.Run(async () =>
{
    // The controller drains the recorders once a second, as in a run.
    while (true)
    {
        await Task.Delay(1000);
        metrics.TakeInterval(Stopwatch.GetTimestamp());
    }
});
var driver = await MeasureAsync("driver (DS3 order loop + timing + metrics)", seconds, async () => await OrderSession.RunAsync(context, CancellationToken.None));

Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"overhead ratio driver/baseline (CPU) = {driver / baseline:F1}x; driver CPU per order = {driver / 1000:F2} us (wall figures include other load on this machine)"));
foreach (var dbMs in new[] { 1.0, 5.0 })
{
    Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"client share of an order's wall time if the database needs {dbMs} ms per order: {100 * (driver / 1e6) / (dbMs + (driver / 1e6)):F2} %"));
}

static async Task<double> MeasureAsync(string name, double seconds, Func<Task> order)
{
    for (var i = 0; i < 20_000; i++)
    {
        await order();
    }

    var cpu = Process.GetCurrentProcess().TotalProcessorTime;
    var wall = Stopwatch.StartNew();
    long orders = 0;
    while (wall.Elapsed.TotalSeconds < seconds)
    {
        for (var i = 0; i < 1_000; i++)
        {
            await order();
        }

        orders += 1_000;
    }

    var cpuNs = (Process.GetCurrentProcess().TotalProcessorTime - cpu).TotalMilliseconds * 1e6 / orders;
    var wallNs = wall.Elapsed.TotalMilliseconds * 1e6 / orders;
    Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{name}: {orders} orders, {wallNs:F0} ns wall, {cpuNs:F0} ns CPU per order"));
    return cpuNs;
}
