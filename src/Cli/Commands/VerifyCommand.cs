using System.CommandLine;
using System.Globalization;
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
        var full = new Option<bool>("--full")
        {
            Description = "Count every uniqueness and orphan check, even those the server's own valid primary keys and validated foreign keys prove (by default reported as proven, naming the constraint, and not counted): for a store written with the server's checks bypassed, or to time every check.",
        };
        return new StoreVerb("verify", "Check a store: load complete, row counts against the size model, unique ids, no orphans, order and stock invariants.")
        {
            Options = [parallel, full],
            Examples = [$"dvdstore verify {ExampleTarget.First}", $"dvdstore verify {ExampleTarget.First} --parallel 16", $"dvdstore verify {ExampleTarget.First} --full"],
        }.Create(async (result, target, cancellationToken) =>
        {
            var connections = LoaderOptions.CheckReadConnections(result.GetValue(parallel));
            var output = result.InvocationConfiguration.Output;
            var report = await LoadProgressBars.ShowOrPrintAsync(output, progress => StoreVerifier.VerifyAsync(target, connections, progress, result.GetValue(full), cancellationToken)).ConfigureAwait(false);
            await output.WriteLineAsync($"verify {target.Engine.DisplayName} ({target.RedactedConnection})").ConfigureAwait(false);
            foreach (var check in report.Checks)
            {
                var time = check.Time is { } t ? string.Create(CultureInfo.InvariantCulture, $" [{t.TotalSeconds:F1} s]") : "";
                await output.WriteLineAsync($"  {(check.Passed ? "ok  " : "FAIL")} {check.Name}: {check.Detail}{time}").ConfigureAwait(false);
            }

            var failures = report.Failures.Count();
            var proven = report.Checks.Count(c => c.ProvenBy is not null);
            var provenNote = proven > 0 ? $", {proven} proven by the server's constraints" : "";
            await output.WriteLineAsync(report.Passed ? $"store OK ({report.Checks.Count} checks{provenNote})" : $"store FAILED: {failures} of {report.Checks.Count} checks failed").ConfigureAwait(false);
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
