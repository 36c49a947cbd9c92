using System.Diagnostics;
using System.Globalization;
using DvdStore.Driver.Metrics;
using DvdStore.Driver.Running;

namespace DvdStore.Benchmarks.DriverOverhead;

/// <summary>
/// Client CPU per order of the rate run's scheduling with no database: 8 users take starts from one schedule at a given
/// rate, wait for them (timers) and record latency and service time; against a baseline of the same users running the
/// same number of empty orders back to back. Alternated, two rounds; CPU is the process's, so a busy machine adds
/// wake-up latency but not this process's CPU.
/// </summary>
internal static class ScheduleCpu
{
    private const int Users = 8;

    public static async Task RunAsync(double opm, double seconds, TextWriter output)
    {
        for (var round = 1; round <= 2; round++)
        {
            var orders = (long)(opm / 60 * seconds);
            var closed = await MeasureAsync(orders, pacing: null);
            var schedule = new ArrivalSchedule(opm, seed: round);
            var started = Stopwatch.GetTimestamp();
            var paced = await MeasureAsync(orders, new RatePacing(schedule, new OpenLoopMetrics()));
            // The process idle for as long as the paced orders took: what the runtime spends anyway (timer and
            // thread-pool housekeeping), which a per-order figure at a low rate would otherwise charge to the schedule.
            var idle = await IdleAsync(Stopwatch.GetElapsedTime(started)) / orders;
            await output.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
                $"round {round}: {orders} orders, {Users} users at {opm:0} OPM: closed loop {closed:F2} us CPU per order, scheduled {paced:F2} us, the idle process over the same time {idle:F2} us; the schedule adds {paced - idle - closed:F2} us per order (ratio {paced / closed:F2}, {(paced - idle) / closed:F2} without the idle process); load average {File.ReadAllText("/proc/loadavg").Split(' ')[0]}")).ConfigureAwait(false);
        }
    }

    /// <summary>Microseconds of process CPU while the process only waits for <paramref name="wall"/>.</summary>
    private static async Task<double> IdleAsync(TimeSpan wall)
    {
        var cpu = Process.GetCurrentProcess().TotalProcessorTime;
        await Task.Delay(wall).ConfigureAwait(false);
        return (Process.GetCurrentProcess().TotalProcessorTime - cpu).TotalMicroseconds;
    }

    /// <summary>Microseconds of process CPU per order for <paramref name="orders"/> empty orders over the users.</summary>
    private static async Task<double> MeasureAsync(long orders, RatePacing? pacing)
    {
        var left = orders;
        pacing?.Start(Stopwatch.GetTimestamp());
        var cpu = Process.GetCurrentProcess().TotalProcessorTime;
        var users = Enumerable.Range(0, Users).Select(_ => Task.Run(async () =>
        {
            while (Interlocked.Decrement(ref left) >= 0)
            {
                if (pacing is null)
                {
                    await Task.Yield();
                    continue;
                }

                var scheduled = await pacing.Schedule.NextStartAsync(CancellationToken.None).ConfigureAwait(false) ?? 0;
                var started = Stopwatch.GetTimestamp();
                await Task.Yield();
                pacing.Metrics.Record(scheduled, started, Stopwatch.GetTimestamp());
            }
        })).ToArray();
        await Task.WhenAll(users).ConfigureAwait(false);
        return (Process.GetCurrentProcess().TotalProcessorTime - cpu).TotalMicroseconds / orders;
    }
}
