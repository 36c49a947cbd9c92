using DvdStore.Monitoring.Proc;
namespace DvdStore.Studies;

/// <summary>
/// Pins a server through the cpuset.cpus file of its own cgroup v2 (e.g. a systemd postgresql service):
/// the kernel then applies the set to every process and thread in it, present and future. The file's
/// original text (often empty = inherit the parent's) is written back on restore.
/// </summary>
public sealed class CgroupCpusetPinner(string cgroupDirectory) : ICpuPinner
{
    private string? _original;

    public string Method => "cgroup-cpuset";

    public string CgroupDirectory { get; } = cgroupDirectory;

    private string CpusFile => Path.Combine(CgroupDirectory, "cpuset.cpus");

    public async Task PinAsync(IReadOnlyList<int> cpus, CancellationToken cancellationToken)
    {
        _original ??= await File.ReadAllTextAsync(CpusFile, cancellationToken).ConfigureAwait(false);
        await File.WriteAllTextAsync(CpusFile, CpuList.Format(cpus) + "\n", cancellationToken).ConfigureAwait(false);
    }

    public async Task RestoreAsync()
    {
        if (_original is not { } original)
        {
            return;
        }

        // Writing an empty line makes the cgroup inherit its parent's CPUs again.
        await File.WriteAllTextAsync(CpusFile, original.Trim() + "\n").ConfigureAwait(false);
        _original = null;
    }

    public async ValueTask DisposeAsync() => await RestoreAsync().ConfigureAwait(false);
}
