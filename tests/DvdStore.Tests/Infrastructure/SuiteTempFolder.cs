using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace DvdStore.Tests.Infrastructure;

/// <summary>
/// One temporary folder per test run, /tmp/dvdstore-tests/run-&lt;pid&gt;, which TMPDIR points at from the first line of
/// test code on: every temp file a test, the product code it drives or a child process makes lands inside it, and
/// <see cref="CleaningTestFramework"/> removes it when the run ends. A run that was killed leaves its folder; the next
/// run removes the folders of runs whose process is gone.
/// </summary>
public static class SuiteTempFolder
{
    private const string Prefix = "run-";

    /// <summary>The system temp folder before the run changed TMPDIR (/tmp).</summary>
    public static string SystemTemp { get; } = Path.GetTempPath();

    /// <summary>The parent of every run's folder.</summary>
    public static string Root { get; } = Path.Combine(SystemTemp, "dvdstore-tests");

    /// <summary>This run's folder (what <see cref="Path.GetTempPath"/> returns during the run).</summary>
    public static string Current { get; } = Path.Combine(Root, Prefix + Environment.ProcessId);

#pragma warning disable CA2255 // a module initializer is the one hook that runs before any test code touches /tmp
    [ModuleInitializer]
#pragma warning restore CA2255
    internal static void Redirect()
    {
        RemoveAbandoned();
        Directory.CreateDirectory(Current);
        Environment.SetEnvironmentVariable("TMPDIR", Current);
    }

    /// <summary>Removes this run's folder, and the root when no other run is using it. Best effort: never fails the run.</summary>
    public static void Remove()
    {
        Microsoft.Data.Sqlite.SqliteConnection.ClearAllPools();
        Environment.SetEnvironmentVariable("TMPDIR", null);
        TryDelete(Current);
        try
        {
            if (Directory.Exists(Root) && !Directory.EnumerateFileSystemEntries(Root).Any())
            {
                Directory.Delete(Root);
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // Another run made its folder meanwhile.
        }
    }

    /// <summary>The folders of earlier runs whose test process no longer exists (killed, crashed).</summary>
    private static void RemoveAbandoned()
    {
        if (!Directory.Exists(Root))
        {
            return;
        }

        foreach (var folder in Directory.EnumerateDirectories(Root, Prefix + "*"))
        {
            if (int.TryParse(Path.GetFileName(folder)[Prefix.Length..], out var pid) && pid != Environment.ProcessId && !IsRunning(pid))
            {
                TryDelete(folder);
            }
        }
    }

    private static bool IsRunning(int pid)
    {
        try
        {
            using var process = Process.GetProcessById(pid);
            return !process.HasExited;
        }
        catch (ArgumentException)
        {
            return false;
        }
    }

    private static void TryDelete(string folder)
    {
        for (var attempt = 1; Directory.Exists(folder); attempt++)
        {
            try
            {
                Directory.Delete(folder, recursive: true);
            }
            catch (Exception e) when ((e is IOException or UnauthorizedAccessException) && attempt < 3)
            {
                Thread.Sleep(200); // a child process or a pooled connection letting go of its file
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                return; // still held: the next run removes the folder once this process is gone
            }
        }
    }
}
