using DvdStore.Driver.Results;

namespace DvdStore.Analysis.Reading;

/// <summary>
/// A result file may lack sections (written by hand, by another tool, or an older build): JSON then leaves
/// them null despite the model's defaults. Analysis fills them with empty values so a missing section means
/// "not recorded", never a crash. Every section of <see cref="RunResult"/> is carried over (ResultDefaultsTests).
/// </summary>
internal static class ResultDefaults
{
    public static RunResult Complete(RunResult r)
    {
        var context = r.Context ?? new RunContext();
        return new RunResult
        {
            Format = r.Format ?? RunResult.FormatName,
            SchemaVersion = r.SchemaVersion,
            ToolVersion = r.ToolVersion ?? "",
            RunId = r.RunId ?? "",
            StartUtc = r.StartUtc,
            EndUtc = r.EndUtc,
            Outcome = r.Outcome,
            Error = r.Error,
            Parameters = r.Parameters ?? new Dictionary<string, string>(),
            Context = new RunContext
            {
                Client = context.Client ?? new ClientContext(),
                Servers = (context.Servers ?? []).Where(s => s is not null).ToList(),
                Labels = context.Labels ?? new Dictionary<string, string>(),
            },
            Totals = r.Totals ?? new RunTotals(),
            OrderResponse = Stats(r.OrderResponse, "Order"),
            Transactions = (r.Transactions ?? []).Where(t => t is not null).Select(t => Stats(t, t.Kind ?? "")).ToList(),
            Intervals = (r.Intervals ?? []).Where(i => i is not null).ToList(),
            CrossCheck = r.CrossCheck,
            WindowCrossCheck = r.WindowCrossCheck,
            ErrorCauses = (r.ErrorCauses ?? []).Where(e => e is not null).ToList(),
            ServerMetrics = r.ServerMetrics,
            // A rate run's latency from the scheduled start: without it the sla study sees no rate run's latency at all.
            OpenLoop = r.OpenLoop is { } open ? open with { Latency = Stats(open.Latency, "Order"), ServiceTime = Stats(open.ServiceTime, "Order") } : null,
            Fleet = r.Fleet,
            Workload = r.Workload is { } w
                ? w with { Name = w.Name ?? "", Version = w.Version ?? "", Hash = w.Hash ?? "", StatementsHash = w.StatementsHash ?? "", Mix = w.Mix ?? new Dictionary<string, string>(), Vocabulary = w.Vocabulary ?? "" }
                : null,
            Findings = (r.Findings ?? []).Where(f => f is not null).ToList(),
        };
    }

    /// <summary>A latency summary with its texts present (a file without "histogram" has no histogram, not a null one).</summary>
    private static TransactionStats Stats(TransactionStats? stats, string kind) =>
        stats is null ? new TransactionStats { Kind = kind }
        : stats.Histogram is null || stats.Kind is null
            ? new TransactionStats { Kind = stats.Kind ?? kind, Count = stats.Count, Errors = stats.Errors, MeanMs = stats.MeanMs, P50Ms = stats.P50Ms, P90Ms = stats.P90Ms, P95Ms = stats.P95Ms, P99Ms = stats.P99Ms, P999Ms = stats.P999Ms, MaxMs = stats.MaxMs, Histogram = stats.Histogram ?? "" }
            : stats;
}
