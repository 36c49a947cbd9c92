using System.Diagnostics;
using DvdStore.Cli;
using DvdStore.Tests.Driver;

namespace DvdStore.Tests.Trust;

/// <summary>
/// Issue 13, results that survive a full disk: --out on a 64 KB tmpfs filled to the last byte. The run still finishes,
/// says in one line where the result went instead, exits 0 (the run itself went well) and the result is readable there.
/// Needs root (mount); the tmpfs is unmounted whatever happens.
/// </summary>
[Collection("trust-faults")]
public sealed class FullDiskTests
{
    [SkippableFact]
    public async Task A_run_whose_out_folder_is_on_a_full_disk_writes_its_result_to_a_fallback_named_in_one_line()
    {
        var dir = Path.Combine(Path.GetDirectoryName(TestServers.TempFile("x"))!, "full");
        Directory.CreateDirectory(dir);
        var (mounted, why) = await RunToolAsync("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", dir);
        TestServers.SkipIfEnvironment(!mounted, $"cannot mount a tmpfs for the full-disk test ({why}); run as root");
        string? resultFile = null;
        try
        {
            Fill(dir);
            await using var store = await DriverTestStore.CreateAsync(EngineKind.Sqlite);
            using var output = new StringWriter();
            using var error = new StringWriter();
            var code = await CliApp.RunAsync(
                ["run", "--engine=sqlite", $"--connection={store.Target.ConnectionString}", "--db_size=1MB", "--n_threads=2", "--warmup=0", "--log_freq=1", "--duration=3s", $"--out={dir}"],
                output, error, CancellationToken.None);

            var all = output.ToString() + error;
            Assert.True(code == 0, all);
            Assert.DoesNotContain("   at ", all, StringComparison.Ordinal);
            var warning = Assert.Single(output.ToString().Split('\n'), static l => l.StartsWith("warning: cannot write the result to", StringComparison.Ordinal));
            Assert.Contains(dir, warning, StringComparison.Ordinal);
            resultFile = output.ToString().Split('\n').Single(static l => l.StartsWith("result: ", StringComparison.Ordinal))["result: ".Length..].Trim();
            Assert.False(resultFile.StartsWith(dir + "/", StringComparison.Ordinal), resultFile);
            Assert.Contains(Path.GetDirectoryName(resultFile)!, warning, StringComparison.Ordinal);
            var result = await RunResultReader.ReadAsync(resultFile, CancellationToken.None);
            Assert.Equal(RunOutcome.Completed, result.Outcome);
            Assert.True(result.Totals.Orders > 0);
        }
        finally
        {
            await RunToolAsync("umount", "-l", dir);
            if (resultFile is not null)
            {
                File.Delete(resultFile);
                File.Delete(Path.ChangeExtension(Path.ChangeExtension(resultFile, null), ".intervals.csv"));
            }
        }
    }

    /// <summary>Writes into <paramref name="dir"/> until the file system is full.</summary>
    private static void Fill(string dir)
    {
        using var filler = new FileStream(Path.Combine(dir, "filler"), FileMode.CreateNew, FileAccess.Write, FileShare.None, 1);
        var block = new byte[512];
        try
        {
            while (true)
            {
                filler.Write(block);
                filler.Flush();
            }
        }
        catch (IOException)
        {
            // Full: no space left on the device.
        }
    }

    private static async Task<(bool Ok, string Output)> RunToolAsync(string tool, params string[] arguments)
    {
        try
        {
            using var process = Process.Start(new ProcessStartInfo(tool, arguments) { RedirectStandardError = true, RedirectStandardOutput = true })!;
            var text = await process.StandardError.ReadToEndAsync() + await process.StandardOutput.ReadToEndAsync();
            await process.WaitForExitAsync();
            return (process.ExitCode == 0, text.Trim());
        }
        catch (System.ComponentModel.Win32Exception e)
        {
            return (false, e.Message);
        }
    }
}
