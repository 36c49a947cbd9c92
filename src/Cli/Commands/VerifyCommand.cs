using System.CommandLine;
using DvdStore.Cli.Help;
using DvdStore.Cli.Options;
using DvdStore.Loader.Store;

namespace DvdStore.Cli.Commands;

/// <summary>`dvdstore verify`: checks a store is complete and sound; exits 1 when any check fails.</summary>
public static class VerifyCommand
{
    public const int FailedExitCode = 1;

    public static Command Create()
    {
        var parallel = LoaderOptions.ReadConnections();
        return new StoreVerb("verify", "Check a store: load complete, row counts against the size model, unique ids, no orphans, order and stock invariants.")
        {
            Options = [parallel],
            Examples = [$"dvdstore verify {ExampleTarget.First}", $"dvdstore verify {ExampleTarget.First} --parallel 16"],
        }.Create(async (result, target, cancellationToken) =>
        {
            var connections = LoaderOptions.CheckReadConnections(result.GetValue(parallel));
            var output = result.InvocationConfiguration.Output;
            var report = await LoadProgressBars.ShowOrPrintAsync(output, progress => StoreVerifier.VerifyAsync(target, connections, progress, cancellationToken)).ConfigureAwait(false);
            await output.WriteLineAsync($"verify {target.Engine.DisplayName} ({target.RedactedConnection})").ConfigureAwait(false);
            foreach (var check in report.Checks)
            {
                await output.WriteLineAsync($"  {(check.Passed ? "ok  " : "FAIL")} {check.Name}: {check.Detail}").ConfigureAwait(false);
            }

            var failures = report.Failures.Count();
            await output.WriteLineAsync(report.Passed ? $"store OK ({report.Checks.Count} checks)" : $"store FAILED: {failures} of {report.Checks.Count} checks failed").ConfigureAwait(false);
            if (!report.Passed)
            {
                // The report above is for reading; the one stderr line says what failed first, as every command's errors do.
                var first = report.Failures.First();
                await result.InvocationConfiguration.Error.WriteLineAsync($"error: the store failed verification ({first.Name}: {first.Detail}); see the checks above.").ConfigureAwait(false);
            }

            return report.Passed ? 0 : FailedExitCode;
        });
    }
}
