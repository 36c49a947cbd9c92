using System.Diagnostics;
using System.Globalization;
using DvdStore.Driver.Metrics;
using DvdStore.Driver.Running;

namespace DvdStore.Benchmarks.DriverOverhead;

/// <summary>
/// Client CPU per order of the rate run's scheduling with no database: 8 users take starts from one schedule at a given
/// rate, wait for them and record latency and service time. Two ways of waiting, alternated (which runs first changes
/// every round): the <see cref="StartGate"/> the driver uses (one pacing thread for all users), and a timer per order
/// (a Task.Delay per start, the driver's wait until the gate replaced it, kept here as the baseline); against a closed
/// loop of the same users running the same number of empty orders back to back, and the idle process over the same
/// time. CPU is the process's user + system time, all threads (the wait's cost is in the threads it wakes, which
/// BenchmarkDotNet's timing of one thread's calls cannot see); a busy machine adds wake-up latency, but little of this
/// process's CPU. Context switches per order (of the threads alive at the end) show what a wait costs: wake-ups.
/// </summary>
internal static class ScheduleCpu
{
    private const int Users = 8;

    public static async Task RunAsync(double opm, double seconds, int rounds, TextWriter output)
    {
        var orders = (long)(opm / 60 * seconds);
        for (var round = 1; round <= rounds; round++)
        {
            var closed = await MeasureAsync(orders, null, timerPerOrder: false);
            var gateFirst = round % 2 == 0;
            var first = await MeasureAsync(orders, opm, timerPerOrder: !gateFirst);
            var second = await MeasureAsync(orders, opm, timerPerOrder: gateFirst);
            var (gate, timer) = gateFirst ? (first, second) : (second, first);

            // The process idle for as long as the paced orders took: what the runtime spends anyway (timer and thread-pool
            // housekeeping), which a per-order figure at a low rate would otherwise charge to the schedule.
            var idle = await IdleAsync(gate.Wall, orders);
            var wake = WakeOncePerOrder(orders, TimeSpan.FromMinutes(1 / opm));
            var load = File.ReadAllText("/proc/loadavg").Split(' ')[0];
            await output.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
                $"""
                round {round} ({(gateFirst ? "start gate" : "timer per order")} first), {orders} orders, {Users} users at {opm:0} OPM, load average {load}; per order: process CPU / context switches
                  closed loop      {closed.Cpu,8:F2} us / {closed.Switches,5:F1}
                  timer per order  {timer.Cpu,8:F2} us / {timer.Switches,5:F1}
                  start gate       {gate.Cpu,8:F2} us / {gate.Switches,5:F1}
                  idle process     {idle.Cpu,8:F2} us / {idle.Switches,5:F1}
                  one bare wake-up {wake.Cpu,8:F2} us / {wake.Switches,5:F1} (one thread sleeping the mean gap once per order: the least a wait for each start can cost here)
                  the wait adds (less closed loop and idle): timer per order {Adds(timer):F2} us, start gate {Adds(gate):F2} us; start gate / timer per order = {gate.Cpu / timer.Cpu:F2}
                """)).ConfigureAwait(false);

            double Adds(Measured paced) => paced.Cpu - idle.Cpu - closed.Cpu;
        }
    }

    /// <summary>One thread that sleeps <paramref name="gap"/> once per order and does nothing else: the CPU of a wake-up on this machine.</summary>
    private static Measured WakeOncePerOrder(long orders, TimeSpan gap)
    {
        var threads = Threads();
        var cpu = Process.GetCurrentProcess().TotalProcessorTime;
        var started = Stopwatch.GetTimestamp();
        Dictionary<string, long> after = [];
        var sleeper = new Thread(() =>
        {
            for (var i = 0; i < orders; i++)
            {
                Thread.Sleep(gap);
            }

            // Read before this thread ends and takes its figures with it.
            after = Threads();
        });
        sleeper.Start();
        sleeper.Join();
        var used = (Process.GetCurrentProcess().TotalProcessorTime - cpu).TotalMicroseconds / orders;
        return new Measured(used, (double)Since(threads, after) / orders, Stopwatch.GetElapsedTime(started));
    }

    /// <summary>Microseconds per order of CPU while the process only waits for <paramref name="wall"/>.</summary>
    private static async Task<Measured> IdleAsync(TimeSpan wall, long orders)
    {
        var threads = Threads();
        var cpu = Process.GetCurrentProcess().TotalProcessorTime;
        await Task.Delay(wall).ConfigureAwait(false);
        var used = (Process.GetCurrentProcess().TotalProcessorTime - cpu).TotalMicroseconds / orders;
        return new Measured(used, (double)Since(threads, Threads()) / orders, wall);
    }

    /// <summary>
    /// Microseconds of CPU and context switches per order for <paramref name="orders"/> empty orders over the users:
    /// back to back without <paramref name="opm"/>, else scheduled at that rate.
    /// </summary>
    private static async Task<Measured> MeasureAsync(long orders, double? opm, bool timerPerOrder)
    {
        var left = orders;
        var pacing = opm is { } rate ? new RatePacing(new ArrivalSchedule(rate, seed: 1), new OpenLoopMetrics()) : null;
        var started = Stopwatch.GetTimestamp();
        pacing?.Start(started);
        var threads = Threads();
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

                var scheduled = timerPerOrder ? await TimerPerOrderAsync(pacing.Schedule).ConfigureAwait(false) : await pacing.Schedule.NextStartAsync(CancellationToken.None).ConfigureAwait(false) ?? 0;
                var begun = Stopwatch.GetTimestamp();
                await Task.Yield();
                pacing.Metrics.Record(scheduled, begun, Stopwatch.GetTimestamp());
            }
        })).ToArray();
        await Task.WhenAll(users).ConfigureAwait(false);
        var used = (Process.GetCurrentProcess().TotalProcessorTime - cpu).TotalMicroseconds / orders;
        return new Measured(used, (double)Since(threads, Threads()) / orders, Stopwatch.GetElapsedTime(started));
    }

    /// <summary>The wait as it was before the <see cref="StartGate"/>: a Task.Delay per start, rounded up to whole milliseconds.</summary>
    private static async Task<long> TimerPerOrderAsync(ArrivalSchedule schedule)
    {
        var scheduled = schedule.Take(Stopwatch.GetTimestamp());
        var wait = Stopwatch.GetElapsedTime(Stopwatch.GetTimestamp(), scheduled);
        if (wait > TimeSpan.Zero)
        {
            await Task.Delay(TimeSpan.FromMilliseconds(Math.Ceiling(wait.TotalMilliseconds))).ConfigureAwait(false);
        }

        return scheduled;
    }

    /// <summary>Context switches (voluntary and not) of each thread of this process so far, by thread id (Linux; none elsewhere).</summary>
    private static Dictionary<string, long> Threads()
    {
        var threads = new Dictionary<string, long>();
        if (!Directory.Exists("/proc/self/task"))
        {
            return threads;
        }

        foreach (var thread in Directory.GetDirectories("/proc/self/task"))
        {
            try
            {
                threads[Path.GetFileName(thread)] = File.ReadLines(Path.Combine(thread, "status"))
                    .Where(static line => line.StartsWith("voluntary_ctxt_switches:", StringComparison.Ordinal) || line.StartsWith("nonvoluntary_ctxt_switches:", StringComparison.Ordinal))
                    .Sum(static line => long.Parse(line.AsSpan(line.IndexOf(':') + 1).Trim(), CultureInfo.InvariantCulture));
            }
            catch (IOException)
            {
                // The thread ended while being read.
            }
        }

        return threads;
    }

    /// <summary>
    /// The context switches of the threads alive at the end since <paramref name="before"/>: a thread that ended in between
    /// takes its count with it (the pacing thread of a finished measurement, an idle pool thread retiring) and is left out.
    /// </summary>
    private static long Since(Dictionary<string, long> before, Dictionary<string, long> after) =>
        after.Sum(thread => thread.Value - before.GetValueOrDefault(thread.Key));

    private readonly record struct Measured(double Cpu, double Switches, TimeSpan Wall);
}
