using DvdStore.Driver.Results;

namespace DvdStore.Driver.Metrics;

/// <summary>The measured phase at its end: counters overall and per target, DS3's final numbers and the full statistics.</summary>
public sealed record PhaseSummary(
    double ElapsedSeconds,
    CounterTotals Run,
    IReadOnlyList<CounterTotals> Targets,
    TargetLine RunLine,
    IReadOnlyList<TargetLine> TargetLines,
    TransactionStats OrderResponse,
    IReadOnlyList<TransactionStats> Transactions);
