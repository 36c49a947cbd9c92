namespace DvdStore.Monitoring.Proc;

/// <summary>One line of <c>/proc/self/mountinfo</c>: where a file system is mounted and which device holds it.</summary>
/// <param name="MajorMinor">The st_dev of files on it, "major:minor" (0:N for btrfs, overlay, tmpfs and other virtual devices).</param>
/// <param name="Source">The mount source, e.g. /dev/nvme0n1p2.</param>
public sealed record MountPoint(string MajorMinor, string Path, string FileSystem, string Source);
