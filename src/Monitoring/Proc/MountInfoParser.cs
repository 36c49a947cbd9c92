using System.Globalization;
using System.Text;

namespace DvdStore.Monitoring.Proc;

/// <summary>Parses <c>/proc/self/mountinfo</c>: "id parent major:minor root mount-point options [optional…] - fstype source super-options".</summary>
public static class MountInfoParser
{
    public static IReadOnlyList<MountPoint> Parse(string text)
    {
        var mounts = new List<MountPoint>();
        foreach (var f in ProcFields.Lines(text))
        {
            var dash = Array.IndexOf(f, "-");
            if (f.Length < 5 || dash < 6 || dash + 2 >= f.Length)
            {
                continue;
            }

            mounts.Add(new MountPoint(f[2], Unescape(f[4]), f[dash + 1], Unescape(f[dash + 2])));
        }

        return mounts;
    }

    /// <summary>The mount that holds <paramref name="path"/> (absolute): the longest mount point that contains it, the last mounted on ties.</summary>
    public static MountPoint? Holding(IReadOnlyList<MountPoint> mounts, string path)
    {
        MountPoint? best = null;
        foreach (var mount in mounts)
        {
            if (Contains(mount.Path, path) && (best is null || mount.Path.Length >= best.Path.Length))
            {
                best = mount;
            }
        }

        return best;
    }

    private static bool Contains(string mountPoint, string path) =>
        mountPoint == "/"
        || path == mountPoint
        || (path.StartsWith(mountPoint, StringComparison.Ordinal) && path[mountPoint.Length] == '/');

    // The kernel writes space, tab, newline and backslash in paths as \040, \011, \012 and \134.
    private static string Unescape(string field)
    {
        if (!field.Contains('\\'))
        {
            return field;
        }

        var sb = new StringBuilder(field.Length);
        for (var i = 0; i < field.Length; i++)
        {
            if (field[i] == '\\' && i + 3 < field.Length
                && int.TryParse(field.AsSpan(i + 1, 3), NumberStyles.None, CultureInfo.InvariantCulture, out _))
            {
                sb.Append((char)Convert.ToInt32(field.Substring(i + 1, 3), 8));
                i += 3;
            }
            else
            {
                sb.Append(field[i]);
            }
        }

        return sb.ToString();
    }
}
