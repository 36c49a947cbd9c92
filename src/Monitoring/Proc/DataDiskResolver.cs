namespace DvdStore.Monitoring.Proc;

/// <summary>
/// Finds the disk holding a directory: the mount containing it (mountinfo), that mount's device by major:minor
/// in diskstats (or by the source's /dev name for btrfs-style 0:N devices), then the partition's parent disk.
/// </summary>
public static class DataDiskResolver
{
    /// <param name="parentOf">
    /// Optional authoritative lookup "major:minor" → parent disk name (local sysfs: /sys/dev/block/M:m); when it returns
    /// null the parent is guessed from the name (sda1 → sda, nvme0n1p2 → nvme0n1) if that disk is in diskstats.
    /// </param>
    /// <returns>The disk, or null with <paramref name="reason"/> saying why none was found.</returns>
    public static DataDisk? Resolve(
        IReadOnlyList<MountPoint> mounts, IReadOnlyList<DiskCounters> disks, string directory,
        Func<string, string?>? parentOf, out string reason)
    {
        var mount = MountInfoParser.Holding(mounts, directory);
        if (mount is null)
        {
            reason = $"no mount holds {directory}";
            return null;
        }

        var device = disks.FirstOrDefault(d => d.MajorMinor == mount.MajorMinor);
        if (device is null && mount.Source.StartsWith("/dev/", StringComparison.Ordinal))
        {
            var name = mount.Source["/dev/".Length..];
            device = disks.FirstOrDefault(d => d.Name == name);
        }

        if (device is null)
        {
            reason = $"{directory} is on {mount.FileSystem} {mount.Source} ({mount.MajorMinor}), which is not a block device in /proc/diskstats";
            return null;
        }

        reason = "";
        var parent = parentOf?.Invoke(device.MajorMinor) ?? GuessParent(device.Name, disks);
        return parent is not null && parent != device.Name && disks.Any(d => d.Name == parent)
            ? new DataDisk(parent, mount.Path, device.Name)
            : new DataDisk(device.Name, mount.Path, null);
    }

    /// <summary>sda1 → sda, vdb3 → vdb, nvme0n1p2 → nvme0n1, mmcblk0p1 → mmcblk0; null when the name is not a partition of a listed disk.</summary>
    public static string? GuessParent(string name, IReadOnlyList<DiskCounters> disks)
    {
        var stem = name.TrimEnd('0', '1', '2', '3', '4', '5', '6', '7', '8', '9');
        if (stem.Length == name.Length || stem.Length == 0)
        {
            return null;
        }

        if (stem.EndsWith('p') && stem.Length > 1 && char.IsAsciiDigit(stem[^2]))
        {
            stem = stem[..^1];
        }

        return disks.Any(d => d.Name == stem) ? stem : null;
    }
}
