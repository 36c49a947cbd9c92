using System.Globalization;
using System.Text.RegularExpressions;

namespace DvdStore.Loader.Store;

/// <summary>
/// Where a pid names one process: this boot of this machine and this pid namespace (a container has its own; a host
/// name alone does not tell them apart, a container with the host's network has the host's name). Read from Linux's
/// /proc; elsewhere unknown, and a lease then waits for its time to run out.
/// </summary>
internal static partial class ProcessSpace
{
    /// <summary>"boot id/pid:[inode]", or null where /proc does not say.</summary>
    public static readonly string? Current = Read();

    /// <summary>The pid a holder's description names ("… (pid 123, host h)"), or null.</summary>
    public static int? PidOf(string holder) =>
        PidPattern().Match(holder) is { Success: true } m && int.TryParse(m.Groups[1].Value, NumberStyles.None, CultureInfo.InvariantCulture, out var pid) ? pid : null;

    /// <summary>True while the process runs or is stopped (SIGSTOP); false once it is gone or a zombie (killed, not yet reaped).</summary>
    public static bool Alive(int pid)
    {
        try
        {
            var stat = File.ReadAllText($"/proc/{pid.ToString(CultureInfo.InvariantCulture)}/stat");
            // "pid (name) S …": the state follows the last ')' (a name may hold one).
            var state = stat.LastIndexOf(')') is var close and > 0 && close + 2 < stat.Length ? stat[close + 2] : '?';
            return state is not ('Z' or 'X');
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return false;
        }
    }

    private static string? Read()
    {
        try
        {
            var boot = File.ReadAllText("/proc/sys/kernel/random/boot_id").Trim();
            var pidSpace = new FileInfo("/proc/self/ns/pid").LinkTarget;
            return boot.Length == 0 || pidSpace is null ? null : $"{boot}/{pidSpace}";
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    [GeneratedRegex(@"\(pid (\d+), host ", RegexOptions.CultureInvariant)]
    private static partial Regex PidPattern();
}
