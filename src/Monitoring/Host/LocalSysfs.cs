namespace DvdStore.Monitoring.Host;

/// <summary>What this machine's sysfs says about block devices.</summary>
public static class LocalSysfs
{
    /// <summary>
    /// The disk a device "major:minor" belongs to: /sys/dev/block/M:m links to …/block/&lt;disk&gt;[/&lt;partition&gt;], and
    /// a partition's directory has a "partition" file. Null when sysfs does not know the device.
    /// </summary>
    public static string? ParentOf(string majorMinor)
    {
        try
        {
            var target = new DirectoryInfo($"/sys/dev/block/{majorMinor}").ResolveLinkTarget(returnFinalTarget: true);
            if (target is null)
            {
                return null;
            }

            return File.Exists(Path.Combine(target.FullName, "partition"))
                ? Path.GetFileName(Path.GetDirectoryName(target.FullName))
                : target.Name;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }
}
