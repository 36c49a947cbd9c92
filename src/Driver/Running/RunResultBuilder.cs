using System.Reflection;
using DvdStore.Driver.Metrics;
using DvdStore.Driver.Results;

namespace DvdStore.Driver.Running;

/// <summary>Builds the run's result (result.json) from what was measured and found.</summary>
public static class RunResultBuilder
{
    public static string ToolVersion { get; } =
        typeof(RunResultBuilder).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion ?? "0.0.0";

    /// <summary>The measured window's totals (<see cref="RunTotals"/>) once every user has stopped.</summary>
    public static RunTotals Totals(Measurement measured, UserSupervisor supervisor)
    {
        var run = measured.Summary.Run;
        var userOrders = supervisor.OrdersPerUser();
        return new RunTotals
        {
            Orders = run.Orders,
            CommittedOrders = run.CommittedOrders,
            Rollbacks = run.Rollbacks,
            MeasuredSeconds = measured.Summary.ElapsedSeconds,
            Opm = Ds3Formulas.Opm(run.Orders, measured.Summary.ElapsedSeconds),
            CommittedOpm = Ds3Formulas.Opm(run.CommittedOrders, measured.Summary.ElapsedSeconds),
            Errors = run.TotalErrors,
            DeadlockRetries = run.DeadlockRetries,
            Reconnects = measured.SinceStart.Reconnects,
            Users = supervisor.StayedToTheEnd,
            MinUserOrders = userOrders.Length == 0 ? 0 : userOrders[0],
            MedianUserOrders = userOrders.Length == 0 ? 0 : userOrders[userOrders.Length / 2],
            MaxUserOrders = userOrders.Length == 0 ? 0 : userOrders[^1],
            WorkingSetStartBytes = measured.MemoryAtStart.WorkingSetBytes,
            WorkingSetEndBytes = measured.MemoryAtEnd.WorkingSetBytes,
            GcHeapStartBytes = measured.MemoryAtStart.GcHeapBytes,
            GcHeapEndBytes = measured.MemoryAtEnd.GcHeapBytes,
        };
    }

    /// <summary>The result; failed when a fatal error or an error finding occurred, cancelled when stopped early.</summary>
    public static RunResult Build(
        RunSettings settings, string runId, RunContext context, WorkloadIdentity workload, Measurement measured, RunTotals totals, CrossCheck? crossCheck,
        IReadOnlyList<ErrorCause> errorCauses, RunFindings findings, string? fatal, bool cancelled, FleetMembership? fleet = null, OpenLoopSummary? openLoop = null, WindowCrossCheck? windowCheck = null) => new()
        {
            ToolVersion = ToolVersion,
            RunId = runId,
            StartUtc = measured.StartUtc,
            EndUtc = measured.EndUtc,
            Outcome = fatal is not null || findings.AnyError ? RunOutcome.Failed : cancelled ? RunOutcome.Cancelled : RunOutcome.Completed,
            Error = fatal ?? findings.FirstError,
            Parameters = settings.ToParameters(),
            Context = context,
            Workload = workload,
            Totals = totals,
            OrderResponse = measured.Summary.OrderResponse,
            Transactions = measured.Summary.Transactions,
            Intervals = measured.Intervals,
            CrossCheck = crossCheck,
            WindowCrossCheck = windowCheck,
            ServerMetrics = measured.ServerMetrics,
            ErrorCauses = errorCauses,
            Findings = findings.All.ToArray(),
            Fleet = fleet,
            OpenLoop = openLoop,
        };
}
