using System.Data.Common;
using System.Diagnostics;
using System.Globalization;
using DvdStore.Schema.Engines;

namespace DvdStore.Monitoring;

/// <summary>
/// Samples what the store's sessions wait on at a fixed rate (default 10 a second) in the background, on a connection of
/// its own, and reads the engine's cumulative wait totals once a second where it keeps them. Samples are tallied per
/// second of wall-clock time, so any window (a log interval, the measured window) adds up the seconds it holds.
/// Nothing here stops a run: a failed sample gives one warning (each message once) and the next one reconnects.
/// </summary>
public sealed class WaitSampler : IAsyncDisposable
{
    public const int DefaultPerSecond = 10;

    private readonly IEngineWaits waits;
    private readonly OwnConnection connection;
    private readonly Action<string> warn;
    private readonly SortedDictionary<long, WaitTally> seconds = [];
    private IReadOnlyDictionary<string, WaitTotal>? lastTotals;
    private long lastTotalsAt;
    private CancellationTokenSource? stopping;
    private Task? loop;

    /// <param name="perSecond">Samples a second (1 to 100).</param>
    /// <param name="warn">Where a warning goes (each is passed once).</param>
    public WaitSampler(IEngineWaits waits, Func<CancellationToken, Task<DbConnection>> open, int perSecond, Action<string> warn)
    {
        if (perSecond is < 1 or > 100)
        {
            throw new ArgumentOutOfRangeException(nameof(perSecond), perSecond, "wait samples a second must be 1 to 100");
        }

        this.waits = waits;
        this.warn = Once(warn);
        PerSecond = perSecond;
        connection = new OwnConnection(open, TimeSpan.FromSeconds(10), "the wait sample");
    }

    public int PerSecond { get; }

    /// <summary>The sampler a run asks for, or null when <paramref name="perSecond"/> is 0 or the engine has no server sessions.</summary>
    public static WaitSampler? Create(EngineKind engineKind, Func<CancellationToken, Task<DbConnection>> open, int perSecond, Action<string> warn)
    {
        var waits = EngineCatalog.Get(engineKind).Profile.NewWaits();
        return perSecond <= 0 || waits.Unavailable is not null ? null : new WaitSampler(waits, open, perSecond, warn);
    }

    /// <summary>Starts sampling in the background and returns at once.</summary>
    public void Start(CancellationToken cancellationToken)
    {
        if (loop is not null)
        {
            throw new InvalidOperationException("the wait sampler is already started");
        }

        stopping = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        loop = Task.Run(() => RunAsync(stopping.Token), CancellationToken.None);
    }

    /// <summary>Ends sampling (a sample in progress is cancelled).</summary>
    public async Task StopAsync()
    {
        if (stopping is not null)
        {
            await stopping.CancelAsync().ConfigureAwait(false);
        }

        if (loop is not null)
        {
            await loop.ConfigureAwait(false);
            loop = null;
        }
    }

    /// <summary>One sample now (the background loop's step; tests call it directly).</summary>
    public async Task SampleAsync(CancellationToken cancellationToken)
    {
        var now = DateTimeOffset.UtcNow;
        var sessions = await connection.UseAsync(
            async (c, fresh, token) =>
            {
                if (fresh && await waits.PrepareAsync(c, token).ConfigureAwait(false) is { } warning)
                {
                    warn(warning);
                }

                return await waits.SampleAsync(c, token).ConfigureAwait(false);
            },
            cancellationToken).ConfigureAwait(false);
        Tally(now).AddSample(sessions);
    }

    /// <summary>The engine's cumulative totals now; the gain since the last read is tallied in this second.</summary>
    public async Task ReadTotalsAsync(CancellationToken cancellationToken)
    {
        var totals = await connection.UseAsync((c, _, token) => waits.TotalsAsync(c, token), cancellationToken).ConfigureAwait(false);
        var now = Stopwatch.GetTimestamp();
        if (totals is not null && lastTotals is not null)
        {
            Tally(DateTimeOffset.UtcNow).AddTotals(lastTotals, totals, Stopwatch.GetElapsedTime(lastTotalsAt, now).TotalSeconds);
        }

        lastTotals = totals;
        lastTotalsAt = now;
    }

    /// <summary>The waits of the seconds in (<paramref name="from"/>, <paramref name="to"/>] (each second counts where its middle falls); null when none was sampled.</summary>
    public ServerWaits? For(DateTimeOffset from, DateTimeOffset to)
    {
        var window = new WaitTally();
        lock (seconds)
        {
            foreach (var (second, tally) in seconds)
            {
                var middle = DateTimeOffset.FromUnixTimeMilliseconds((second * 1000) + 500);
                if (middle > from && middle <= to)
                {
                    window.Merge(tally);
                }
            }
        }

        return window.ToWaits();
    }

    public async ValueTask DisposeAsync()
    {
        await StopAsync().ConfigureAwait(false);
        stopping?.Dispose();
        await connection.DisposeAsync().ConfigureAwait(false);
    }

    private WaitTally Tally(DateTimeOffset at)
    {
        var second = at.ToUnixTimeSeconds();
        lock (seconds)
        {
            if (!seconds.TryGetValue(second, out var tally))
            {
                seconds[second] = tally = new WaitTally();
            }

            return tally;
        }
    }

    private async Task RunAsync(CancellationToken stop)
    {
        using var timer = new PeriodicTimer(TimeSpan.FromSeconds(1.0 / PerSecond));
        var tick = 0L;
        try
        {
            do
            {
                try
                {
                    await SampleAsync(stop).ConfigureAwait(false);
                    if (tick % PerSecond == 0)
                    {
                        await ReadTotalsAsync(stop).ConfigureAwait(false);
                    }
                }
                catch (Exception e)
                {
                    // A sample that fails as sampling stops (its connection closed under it, say) is of no interest; it
                    // must not fault the loop, or stopping the sampler would throw and take the run's result with it.
                    if (stop.IsCancellationRequested)
                    {
                        break;
                    }

                    warn($"wait sample failed: {e.Message.Split('\n')[0].Trim()}");
                }

                tick++;
            }
            while (await timer.WaitForNextTickAsync(stop).ConfigureAwait(false));
        }
        catch (OperationCanceledException) when (stop.IsCancellationRequested)
        {
            // Stopped between samples or in the middle of one.
        }
    }

    private static Action<string> Once(Action<string> warn)
    {
        var said = new HashSet<string>(StringComparer.Ordinal);
        return warning =>
        {
            lock (said)
            {
                if (!said.Add(warning))
                {
                    return;
                }
            }

            warn(warning);
        };
    }

    /// <summary>What is sampled, for the run's opening line, e.g. "waits 10/s".</summary>
    public string Describe() => string.Create(CultureInfo.InvariantCulture, $"waits {PerSecond}/s");
}
