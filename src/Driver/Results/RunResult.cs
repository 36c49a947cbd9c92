using DvdStore.Monitoring;
namespace DvdStore.Driver.Results;

/// <summary>
/// Everything one driver run measured, as written to <c>result.json</c> and read back by Analysis.
/// Versioned: readers reject files whose <see cref="Format"/> or <see cref="SchemaVersion"/> they do not know.
/// Times are milliseconds unless a name says otherwise; timestamps are UTC.
/// </summary>
public sealed class RunResult
{
    /// <summary>The marker that tells a DvdStore run result from any other JSON file.</summary>
    public const string FormatName = "dvdstore-run-result";

    /// <summary>The schema version this build writes; bump on any incompatible change.</summary>
    public const int CurrentSchemaVersion = 1;

    public string Format { get; init; } = FormatName;

    public int SchemaVersion { get; init; } = CurrentSchemaVersion;

    /// <summary>Version of the dvdstore tool that wrote the file.</summary>
    public string ToolVersion { get; init; } = "";

    /// <summary>Unique id of the run (also part of the output file names).</summary>
    public string RunId { get; init; } = "";

    /// <summary>When the measured clock started (the common start of all users).</summary>
    public DateTimeOffset StartUtc { get; init; }

    /// <summary>When the run stopped.</summary>
    public DateTimeOffset EndUtc { get; init; }

    /// <summary>How the run ended.</summary>
    public RunOutcome Outcome { get; init; }

    /// <summary>The error that ended a failed run, if any (one line, never a password).</summary>
    public string? Error { get; init; }

    /// <summary>Every effective parameter by its DS3 (or modern) name; secrets never appear here.</summary>
    public IReadOnlyDictionary<string, string> Parameters { get; init; } = new Dictionary<string, string>();

    public RunContext Context { get; init; } = new();

    /// <summary>The workload the run measured; runs compare only within one. Null in results written before it was recorded.</summary>
    public WorkloadIdentity? Workload { get; init; }

    /// <summary>Totals of the measured phase (after warm-up).</summary>
    public RunTotals Totals { get; init; } = new();

    /// <summary>Response time of a whole order (sum of its timed calls), measured phase.</summary>
    public TransactionStats OrderResponse { get; init; } = new();

    /// <summary>Per transaction kind (login, browse, purchase, …), measured phase.</summary>
    public IReadOnlyList<TransactionStats> Transactions { get; init; } = [];

    /// <summary>One sample per log interval, warm-up included (<see cref="IntervalSample.Measured"/> tells them apart).</summary>
    public IReadOnlyList<IntervalSample> Intervals { get; init; } = [];

    /// <summary>The server-side check that the database gained as many orders as the driver committed.</summary>
    public CrossCheck? CrossCheck { get; init; }

    /// <summary>The measured window checked against the database's own count at its two edges (null when not made).</summary>
    public WindowCrossCheck? WindowCrossCheck { get; init; }

    /// <summary>Why orders were abandoned (warm-up included), most frequent first; empty when none were.</summary>
    public IReadOnlyList<ErrorCause> ErrorCauses { get; init; } = [];

    /// <summary>Warnings and errors found during the run (client saturation, reconnects, cross-check).</summary>
    public IReadOnlyList<Finding> Findings { get; init; } = [];

    /// <summary>The database server over the measured window (CPU %, IOPS, engine TPM); null when server metrics were off.</summary>
    public ServerMetricsSummary? ServerMetrics { get; init; }

    /// <summary>A rate run's schedule, latency from the scheduled start and service time (null for DS3's closed loop).</summary>
    public OpenLoopSummary? OpenLoop { get; init; }

    /// <summary>This run's part of a fleet of drivers started together (null for a single driver).</summary>
    public FleetMembership? Fleet { get; init; }
}
