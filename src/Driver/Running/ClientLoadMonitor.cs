using System.Diagnostics;
using DvdStore.Monitoring.Proc;

namespace DvdStore.Driver.Running;

/// <summary>
/// Watches whether the driver itself is the bottleneck: its CPU time against wall time × usable CPUs, and
/// how late a 100 ms thread-pool tick fires (scheduling lag: a starved pool delays every user's timing), and the
/// whole host from /proc/stat (busy, stolen, run queue) so a lag can be laid to the driver or to the host (<see cref="ClientSaturation"/>).
/// Read per interval by the controller.
/// </summary>
public sealed class ClientLoadMonitor : IAsyncDisposable
{
    public const int TickMs = 100;

    private readonly int cpus;
    private readonly CancellationTokenSource stop = new();
    private readonly Task ticker;
    private TimeSpan lastCpu;
    private long lastWall;
    private long maxLagMicros;
    private long lagSumMicros;
    private long lagTicks;
    private ProcStat? lastStat;
    private CpuTimes hostMeasured = CpuTimes.Zero;
    private double runnablePerCpuSum;
    private int hostSamples;
    private double driverSecondsMeasured;
    private double cpuSecondsMeasured;

    public ClientLoadMonitor(int usableCpus)
    {
        cpus = Math.Max(1, usableCpus);
        lastCpu = Process.GetCurrentProcess().TotalProcessorTime;
        lastWall = Stopwatch.GetTimestamp();
        lastStat = ReadProcStat();
        ticker = Task.Run(TickAsync);
    }

    /// <summary>Highest interval CPU % seen in the measured phase.</summary>
    public double PeakCpuPercent { get; private set; }

    /// <summary>Worst tick lateness seen in the measured phase, ms.</summary>
    public double PeakLagMs { get; private set; }

    /// <summary>The host over the measured intervals; null when /proc/stat cannot be read (not Linux) or nothing was measured.</summary>
    public HostLoad? MeasuredHost => hostSamples == 0 || hostMeasured.Total <= 0 || cpuSecondsMeasured <= 0 ? null : new HostLoad(
        100.0 * hostMeasured.Busy / hostMeasured.Total,
        100.0 * hostMeasured.Steal / hostMeasured.Total,
        runnablePerCpuSum / hostSamples,
        100.0 * driverSecondsMeasured / cpuSecondsMeasured);

    /// <summary>CPU seconds the process used in total.</summary>
    public static double ProcessCpuSeconds => Process.GetCurrentProcess().TotalProcessorTime.TotalSeconds;

    /// <summary>The interval since the last call: CPU % of the usable CPUs and the worst lag, ms.</summary>
    public (double CpuPercent, double MaxLagMs, double MeanLagMs) Sample(bool measured)
    {
        var cpu = Process.GetCurrentProcess().TotalProcessorTime;
        var wall = Stopwatch.GetTimestamp();
        var wallSeconds = (double)(wall - lastWall) / Stopwatch.Frequency;
        var percent = wallSeconds <= 0 ? 0 : 100.0 * (cpu - lastCpu).TotalSeconds / (wallSeconds * cpus);
        var stat = ReadProcStat();
        if (measured && stat is not null && lastStat is not null && stat.PerCpu.Count > 0)
        {
            // procs_running counts this reading thread too: one task less.
            hostMeasured = hostMeasured.Plus(stat.Total.Minus(lastStat.Total));
            runnablePerCpuSum += Math.Max(0, stat.ProcsRunning - 1) / (double)stat.PerCpu.Count;
            hostSamples++;
            driverSecondsMeasured += (cpu - lastCpu).TotalSeconds;
            cpuSecondsMeasured += wallSeconds * stat.PerCpu.Count;
        }

        lastStat = stat;
        lastCpu = cpu;
        lastWall = wall;
        var max = Interlocked.Exchange(ref maxLagMicros, 0) / 1000.0;
        var sum = Interlocked.Exchange(ref lagSumMicros, 0);
        var ticks = Interlocked.Exchange(ref lagTicks, 0);
        if (measured)
        {
            PeakCpuPercent = Math.Max(PeakCpuPercent, percent);
            PeakLagMs = Math.Max(PeakLagMs, max);
        }

        return (percent, max, ticks == 0 ? 0 : sum / 1000.0 / ticks);
    }

    private static ProcStat? ReadProcStat()
    {
        try
        {
            return OperatingSystem.IsLinux() ? ProcStatParser.Parse(File.ReadAllText("/proc/stat")) : null;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or FormatException)
        {
            return null;
        }
    }

    private async Task TickAsync()
    {
        while (!stop.IsCancellationRequested)
        {
            var before = Stopwatch.GetTimestamp();
            try
            {
                await Task.Delay(TickMs, stop.Token).ConfigureAwait(false);
            }
            catch (OperationCanceledException)
            {
                return;
            }

            var lateMicros = Math.Max(0, (long)((Stopwatch.GetElapsedTime(before).TotalMilliseconds - TickMs) * 1000));
            Interlocked.Add(ref lagSumMicros, lateMicros);
            Interlocked.Increment(ref lagTicks);
            long seen;
            do
            {
                seen = Interlocked.Read(ref maxLagMicros);
            }
            while (lateMicros > seen && Interlocked.CompareExchange(ref maxLagMicros, lateMicros, seen) != seen);
        }
    }

    public async ValueTask DisposeAsync()
    {
        await stop.CancelAsync().ConfigureAwait(false);
        await ticker.ConfigureAwait(false);
        stop.Dispose();
    }
}
