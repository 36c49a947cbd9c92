using System.Globalization;
using DvdStore.Driver.Results;

namespace DvdStore.Driver.Running;

/// <summary>
/// The result as it stands at each log interval, saved with outcome <see cref="RunOutcome.Interrupted"/>: the end of
/// the run replaces it, so what stays on disk says Interrupted only when the driver never reached its end (kill -9, a
/// crash, power loss), and then holds the orders counted up to the last interval.
/// </summary>
public sealed class RunCheckpoint(RunSettings settings, string runId, RunContext context, WorkloadIdentity workload, UserSupervisor supervisor, RunResultOutput output)
{
    private static readonly CultureInfo Inv = CultureInfo.InvariantCulture;

    public async Task SaveAsync(IReadOnlyList<IntervalSample> intervals, DateTimeOffset startUtc)
    {
        var last = intervals.Count > 0 ? intervals[^1] : null;
        var measured = last is { Measured: true } ? last : null;
        var committed = supervisor.CommittedOrders;
        var seconds = last?.SinceStartSeconds ?? 0;
        var message = string.Create(Inv,
            $"the driver stopped without ending the run (killed or crashed) after {seconds:F0} s; by then {committed} order(s) were committed (warm-up included) and {supervisor.InDoubtOrders} purchase(s) were in doubt; run 'dvdstore reset' before the next run.");
        var result = new RunResult
        {
            ToolVersion = RunResultBuilder.ToolVersion,
            RunId = runId,
            StartUtc = startUtc,
            EndUtc = last?.TimestampUtc ?? startUtc,
            Outcome = RunOutcome.Interrupted,
            Error = message,
            Parameters = settings.ToParameters(),
            Context = context,
            Workload = workload,
            Totals = new RunTotals
            {
                Orders = measured?.TotalOrders ?? 0,
                CommittedOrders = committed,
                MeasuredSeconds = measured?.ElapsedSeconds ?? 0,
                Opm = measured?.Opm ?? 0,
                Users = last?.Users ?? 0,
            },
            Intervals = intervals.ToArray(),
            Findings = [new Finding("interrupted", FindingSeverity.Error, message)],
        };
        if (settings.CheckpointDelay > TimeSpan.Zero)
        {
            await Task.Delay(settings.CheckpointDelay).ConfigureAwait(false);
        }

        await output.CheckpointAsync(result).ConfigureAwait(false);
    }
}
