using System.Globalization;

namespace DvdStore.Driver.Environment;

/// <summary>
/// A server's processes and threads found through /proc (root injectable for tests): the given pid and
/// every descendant (PostgreSQL's postmaster forks its backends and workers; MariaDB is one process of threads).
/// </summary>
public sealed class ServerProcessTree(int rootPid, string procRoot = "/proc")
{
    public int RootPid { get; } = rootPid;

    public string ProcRoot { get; } = procRoot;

    public bool Exists => Directory.Exists(Path.Combine(ProcRoot, RootPid.ToString(CultureInfo.InvariantCulture)));

    /// <summary>The root pid and all its descendants alive now, root first.</summary>
    public IReadOnlyList<int> Processes()
    {
        var children = new Dictionary<int, List<int>>();
        foreach (var dir in Directory.EnumerateDirectories(ProcRoot))
        {
            if (int.TryParse(Path.GetFileName(dir), NumberStyles.None, CultureInfo.InvariantCulture, out var pid)
                && ParentOf(dir) is { } parent)
            {
                (children.TryGetValue(parent, out var list) ? list : children[parent] = []).Add(pid);
            }
        }

        var found = new List<int> { RootPid };
        for (var i = 0; i < found.Count; i++)
        {
            if (children.TryGetValue(found[i], out var kids))
            {
                found.AddRange(kids.Order());
            }
        }

        return found;
    }

    /// <summary>Thread ids of a process (its /proc/pid/task entries); empty when it has gone.</summary>
    public IReadOnlyList<int> Threads(int pid)
    {
        var taskDir = Path.Combine(ProcRoot, pid.ToString(CultureInfo.InvariantCulture), "task");
        try
        {
            return Directory.EnumerateDirectories(taskDir)
                .Select(static d => int.TryParse(Path.GetFileName(d), NumberStyles.None, CultureInfo.InvariantCulture, out var tid) ? tid : -1)
                .Where(static tid => tid > 0)
                .Order()
                .ToList();
        }
        catch (DirectoryNotFoundException)
        {
            return [];
        }
    }

    /// <summary>The ppid field of /proc/pid/stat; the command name in parentheses may itself hold spaces or ')'.</summary>
    private static int? ParentOf(string processDir)
    {
        try
        {
            var stat = File.ReadAllText(Path.Combine(processDir, "stat"));
            var fields = stat[(stat.LastIndexOf(')') + 2)..].Split(' ');
            return fields.Length > 1 && int.TryParse(fields[1], NumberStyles.None, CultureInfo.InvariantCulture, out var ppid) ? ppid : null;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or ArgumentOutOfRangeException)
        {
            return null;
        }
    }
}
