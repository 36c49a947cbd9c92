namespace DvdStore.Monitoring.Proc;

/// <summary>The block device whose <c>/proc/diskstats</c> line stands for a data directory's I/O.</summary>
/// <param name="Name">The diskstats name to follow (a whole disk, a dm/md device, or a partition when no parent is known).</param>
/// <param name="MountPoint">The mount that holds the directory.</param>
/// <param name="Partition">The partition the file system sits on, when <paramref name="Name"/> is its parent disk.</param>
public sealed record DataDisk(string Name, string MountPoint, string? Partition);
