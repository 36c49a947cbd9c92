using System.Globalization;
using DvdStore.Monitoring.Proc;

namespace DvdStore.Monitoring.Host;

/// <summary>
/// Reads the server host's counters through an <see cref="IHostFileReader"/>: /proc/stat, loadavg, meminfo, the data
/// directory's disk line of /proc/diskstats and the server process's allowed CPUs. The disk is resolved on the first read.
/// </summary>
public sealed class HostMetricsReader : IAsyncDisposable
{
    private const string Stat = "/proc/stat";
    private const string LoadAvg = "/proc/loadavg";
    private const string MemInfo = "/proc/meminfo";
    private const string DiskStats = "/proc/diskstats";
    private const string MountInfo = "/proc/self/mountinfo";

    private readonly IHostFileReader files;
    private readonly string? dataDirectory;
    private readonly int? serverPid;
    private readonly List<string> notes = [];
    private bool resolved;

    /// <param name="dataDirectory">The server's data directory (absolute, on the server's host); null for no disk metrics.</param>
    /// <param name="serverPid">The server process on that host, to read its CPU set; null for the whole machine only.</param>
    public HostMetricsReader(IHostFileReader files, string? dataDirectory, int? serverPid)
    {
        this.files = files;
        this.dataDirectory = dataDirectory;
        this.serverPid = serverPid;
    }

    public string Description => files.Description;

    /// <summary>The disk followed for the data directory, once resolved.</summary>
    public DataDisk? Disk { get; private set; }

    /// <summary>Why a requested metric is missing (disk not found, no such pid); each said once.</summary>
    public IReadOnlyList<string> Notes => notes;

    private string StatusPath => $"/proc/{serverPid?.ToString(CultureInfo.InvariantCulture)}/status";

    public async Task<HostSnapshot> ReadAsync(CancellationToken cancellationToken)
    {
        if (!resolved)
        {
            await ResolveDiskAsync(cancellationToken).ConfigureAwait(false);
            resolved = true;
        }

        var paths = new List<string> { Stat, LoadAvg, MemInfo };
        if (Disk is not null)
        {
            paths.Add(DiskStats);
        }

        if (serverPid is not null)
        {
            paths.Add(StatusPath);
        }

        var texts = await files.ReadAsync(paths, cancellationToken).ConfigureAwait(false);
        if (!texts.TryGetValue(Stat, out var stat))
        {
            throw new HostUnreachableException($"{files.Description} has no readable {Stat} (is it Linux?)");
        }

        var disk = Disk is not null && texts.TryGetValue(DiskStats, out var diskStats)
            ? DiskStatsParser.Parse(diskStats).FirstOrDefault(d => d.Name == Disk.Name)
            : null;
        IReadOnlyList<int>? cpuSet = null;
        if (serverPid is not null)
        {
            if (texts.TryGetValue(StatusPath, out var status))
            {
                cpuSet = CpuList.FromProcessStatus(status);
            }
            else
            {
                Note($"no process {serverPid} on {files.Description}: the server's CPU set is unknown, whole-host CPU only");
            }
        }

        return new HostSnapshot(
            ProcStatParser.Parse(stat),
            texts.TryGetValue(LoadAvg, out var load) ? LoadAverageParser.Parse(load) : null,
            texts.TryGetValue(MemInfo, out var mem) ? MemoryInfoParser.Parse(mem) : null,
            disk,
            cpuSet);
    }

    public ValueTask DisposeAsync() => files.DisposeAsync();

    private async Task ResolveDiskAsync(CancellationToken cancellationToken)
    {
        if (dataDirectory is null)
        {
            return;
        }

        var directory = dataDirectory;
        if (files.IsLocal)
        {
            directory = Path.GetFullPath(directory);
            if (new DirectoryInfo(directory).ResolveLinkTarget(returnFinalTarget: true) is { } link)
            {
                directory = link.FullName;
            }
        }

        var texts = await files.ReadAsync([MountInfo, DiskStats], cancellationToken).ConfigureAwait(false);
        if (!texts.TryGetValue(MountInfo, out var mountInfo) || !texts.TryGetValue(DiskStats, out var diskStats))
        {
            Note($"{files.Description} has no readable {MountInfo} or {DiskStats}: no disk metrics");
            return;
        }

        Disk = DataDiskResolver.Resolve(
            MountInfoParser.Parse(mountInfo), DiskStatsParser.Parse(diskStats), directory,
            files.IsLocal ? LocalSysfs.ParentOf : null, out var reason);
        if (Disk is null)
        {
            Note($"{reason}: no disk metrics");
        }
    }

    private void Note(string note)
    {
        if (!notes.Contains(note))
        {
            notes.Add(note);
        }
    }
}
