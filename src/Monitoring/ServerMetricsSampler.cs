using System.Data.Common;
using System.Diagnostics;
using DvdStore.Monitoring.Host;
using DvdStore.Schema.Engines;

namespace DvdStore.Monitoring;

/// <summary>
/// Server-side figures beside the driver's OPM: the host's CPU, run queue, memory and data disk (local /proc or over SSH)
/// and the engine's own counters. The driver's reporter calls <see cref="SampleAsync"/> once per interval; each call
/// returns what happened since the previous one. Host and engine are read concurrently so both cover the same interval.
/// Nothing here stops a run: a source that fails gives one warning and is left out (the engine source is retried at
/// the next interval, the host source is not, since an unreachable host would stall every interval on its timeout).
/// </summary>
public sealed class ServerMetricsSampler : IAsyncDisposable
{
    private readonly HostMetricsReader? host;
    private readonly EngineCounterSource? engine;
    private readonly List<string> pending = [];
    private readonly HashSet<string> said = [];
    private HostSnapshot? lastHost;
    private EngineCounterSnapshot? lastEngine;
    private long lastTimestamp;
    private bool hostFailed;

    /// <param name="host">Host counters, or null for none (metrics off).</param>
    /// <param name="engine">Engine counters, or null when the engine has none.</param>
    public ServerMetricsSampler(HostMetricsReader? host, EngineCounterSource? engine)
    {
        this.host = host;
        this.engine = engine;
    }

    /// <summary>
    /// The sampler a run asks for: host metrics per <paramref name="options"/>, the engine's counters on a connection from
    /// <paramref name="openConnection"/> (e.g. <c>StoreTarget.OpenAsync</c>).
    /// </summary>
    public static ServerMetricsSampler Create(
        ServerMetricsOptions options, EngineKind engineKind, Func<CancellationToken, Task<DbConnection>> openConnection, string sshPath = "ssh")
    {
        IHostFileReader? files = options.Mode switch
        {
            ServerMetricsMode.Local => new LocalFileReader(),
            ServerMetricsMode.Ssh => new SshFileReader(options.Host!, sshPath),
            _ => null,
        };
        var host = files is null ? null : new HostMetricsReader(files, options.DataDirectory, options.ServerPid);
        var counters = EngineCatalog.Get(engineKind).Profile.NewCounters();
        var sampler = new ServerMetricsSampler(host, counters.Unavailable is null ? new EngineCounterSource(counters, openConnection) : null);
        if (counters.Unavailable is { } why)
        {
            sampler.Warn($"no engine counters: {why}");
        }

        return sampler;
    }

    /// <summary>What is measured, for the run's opening lines, e.g. "server metrics: local host, disk vda for /data; engine counters".</summary>
    public string Describe()
    {
        var parts = new List<string>();
        if (host is not null)
        {
            parts.Add(host.Disk is { } disk ? $"{host.Description} (disk {disk.Name} under {disk.MountPoint})" : host.Description);
        }

        if (engine is not null)
        {
            parts.Add("engine counters");
        }

        return parts.Count == 0 ? "server metrics: off" : "server metrics: " + string.Join(", ", parts);
    }

    /// <summary>Takes the baseline the first interval is measured from; its sample (interval 0) carries only warnings.</summary>
    public Task<ServerSample> StartAsync(CancellationToken cancellationToken) => SampleAsync(cancellationToken);

    /// <summary>What the server did since the previous call (the first call only sets the baseline).</summary>
    public async Task<ServerSample> SampleAsync(CancellationToken cancellationToken)
    {
        var hostRead = ReadHostAsync(cancellationToken);
        var engineRead = ReadEngineAsync(cancellationToken);
        var hostNow = await hostRead.ConfigureAwait(false);
        var engineNow = await engineRead.ConfigureAwait(false);
        var now = Stopwatch.GetTimestamp();
        var seconds = lastTimestamp == 0 ? 0 : Stopwatch.GetElapsedTime(lastTimestamp, now).TotalSeconds;

        var sample = new ServerSample
        {
            TimestampUtc = DateTimeOffset.UtcNow,
            IntervalSeconds = seconds,
            Host = lastHost is not null && hostNow is not null && seconds > 0 ? SampleDeltas.Host(lastHost, hostNow, seconds) : null,
            Engine = lastEngine is not null && engineNow is not null && seconds > 0 ? SampleDeltas.Engine(lastEngine, engineNow, seconds) : null,
            Warnings = TakeWarnings(),
        };

        // A failed read leaves a gap: the next interval is measured from the next good read, never across the gap.
        lastHost = hostNow;
        lastEngine = engineNow;
        lastTimestamp = now;
        return sample;
    }

    public async ValueTask DisposeAsync()
    {
        if (host is not null)
        {
            await host.DisposeAsync().ConfigureAwait(false);
        }

        if (engine is not null)
        {
            await engine.DisposeAsync().ConfigureAwait(false);
        }
    }

    private async Task<HostSnapshot?> ReadHostAsync(CancellationToken cancellationToken)
    {
        if (host is null || hostFailed)
        {
            return null;
        }

        try
        {
            var snapshot = await host.ReadAsync(cancellationToken).ConfigureAwait(false);
            foreach (var note in host.Notes)
            {
                Warn($"server metrics: {note}");
            }

            return snapshot;
        }
        catch (Exception e) when (!cancellationToken.IsCancellationRequested)
        {
            hostFailed = true;
            Warn($"server host metrics off for the rest of the run: {e.Message}");
            return null;
        }
    }

    private async Task<EngineCounterSnapshot?> ReadEngineAsync(CancellationToken cancellationToken)
    {
        if (engine is null)
        {
            return null;
        }

        try
        {
            return await engine.ReadAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (!cancellationToken.IsCancellationRequested)
        {
            Warn($"engine counters unavailable this interval: {e.Message.Split('\n')[0].Trim()}");
            return null;
        }
    }

    private void Warn(string warning)
    {
        lock (pending)
        {
            if (said.Add(warning))
            {
                pending.Add(warning);
            }
        }
    }

    private IReadOnlyList<string> TakeWarnings()
    {
        lock (pending)
        {
            var taken = pending.ToArray();
            pending.Clear();
            return taken;
        }
    }
}
