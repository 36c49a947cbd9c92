using System.Globalization;
using DvdStore.Analysis.Comparisons;
using DvdStore.Analysis.Reading;
using DvdStore.Driver.Results;

namespace DvdStore.Analysis.Reports;

/// <summary>
/// The system under test and the client, as the runs recorded them: engine and version, the server's CPU (the
/// client's when the driver ran on the database machine, else the swept CPU set or the user's labels), the client's
/// CPU, topology, affinity and memory, store size, users, durations, think time, workload mix, kit and schema versions.
/// A fact that differs between runs lists each value with its run count; a fact no run recorded says so.
/// </summary>
internal static class Disclosure
{
    private const string NotRecorded = "not recorded";

    /// <summary>A fact with more values than this (a driver host per VM) lists the most frequent ones.</summary>
    private const int MaxValues = 6;

    private static readonly string[] WorkloadKeys = ["pct_newcustomers", "pct_newmember", "n_searches", "search_batch_size", "n_reviews", "pct_newreviews", "pct_newhelpfulness", "n_line_items", "ramp_rate"];

    public static ReportTable Table(IReadOnlyList<AnalyzedRun> runs)
    {
        var rows = new List<IReadOnlyList<string>>
        {
            Row("Database engine and version", runs, r => string.Join(" + ", r.Result.Context.Servers.Select(Engine).Distinct(StringComparer.Ordinal))),
            Row("Database server settings", runs, r => string.Join("; ", r.Result.Context.Servers.Select(s => string.Join(", ", s.Settings.OrderBy(p => p.Key, StringComparer.Ordinal).Select(p => $"{p.Key}={p.Value}"))).Where(s => s.Length > 0).Distinct(StringComparer.Ordinal))),
            Row("Database server CPU", runs, ServerCpu),
            Row("Server CPU busy over the measured phase", runs, r => r.Result.ServerMetrics?.Average is { } a && (a.CpuSetPercent ?? a.CpuPercent) is { } cpu ? Number(cpu, "0") + " %" : ""),
            Row("Client machine", runs, r => r.Result.Context.Client.Hostname),
            Row("Client CPU model", runs, r => r.Result.Context.Client.CpuModel),
            Row("Client CPU topology", runs, r => Topology(r.Result.Context.Client)),
            Row("Client affinity (CPUs the driver could use)", runs, r => r.Result.Context.Client is { AffinityCpuCount: > 0 } c ? $"{c.AffinityCpus} ({c.AffinityCpuCount} of {c.OnlineCpuCount} CPUs)" : ""),
            Row("Client memory", runs, r => r.Result.Context.Client.MemoryBytes > 0 ? Number(r.Result.Context.Client.MemoryBytes / (1024.0 * 1024 * 1024), "0.0") + " GiB" : ""),
            Row("Client OS and runtime", runs, r => string.Join(", ", new[] { r.Result.Context.Client.OperatingSystem, r.Result.Context.Client.DotNetVersion }.Where(s => s.Length > 0))),
            Row("Store size", runs, r => Parameter(r, "db_size") is { Length: > 0 } size ? size : r.Label(LabelKeys.Size)),
            Row("Users (driver threads per target)", runs, r => Parameter(r, "n_threads") is { Length: > 0 } n ? n : r.Label(LabelKeys.Threads)),
            Row("Targets (databases driven at once)", runs, r => r.Result.Context.Servers.Count > 0 ? r.Result.Context.Servers.Count.ToString(CultureInfo.InvariantCulture) : ""),
            Row("Warm-up (statistics reset after it)", runs, r => Minutes(Parameter(r, "warmup_time"))),
            Row("Measured duration", runs, r => r.Result.Totals.MeasuredSeconds > 0 ? Number(r.Result.Totals.MeasuredSeconds, "0") + " s" : ""),
            Row("Think time (mean, per order)", runs, r => Parameter(r, "think_time") is { Length: > 0 } t ? t + " s" : ""),
            Row("Workload mix", runs, r => string.Join(", ", WorkloadKeys.Where(k => Parameter(r, k).Length > 0).Select(k => $"{k}={Parameter(r, k)}"))),
            Row("Kit version", runs, r => r.Origin == RunOrigin.DvdStoreResult ? "dvdstore " + r.Result.ToolVersion : "DS3 driver (" + r.Origin + ")"),
            Row("Result schema version", runs, r => r.Origin == RunOrigin.DvdStoreResult ? $"{r.Result.Format} v{r.Result.SchemaVersion}" : ""),
            new[] { "Run period (UTC)", Period(runs) },
        };
        return new ReportTable("As the result files recorded it", "system", ["item", "value"], rows);
    }

    /// <summary>The server's CPU as far as a run knows it: the client's own when they were one machine, else the swept set, else the labels.</summary>
    private static string ServerCpu(AnalyzedRun run)
    {
        var client = run.Result.Context.Client;
        if (ContextLabels.DriverOnDatabaseMachine(run.Result) && client.CpuModel.Length > 0)
        {
            return $"{client.CpuModel} (the client's machine: {Topology(client)})";
        }

        var own = run.Result.Context.Labels;
        string Own(string key) => own.TryGetValue(key, out var v) ? v : "";
        if (Own(SweepKeys.Cpus).Length > 0)
        {
            var parts = new[] { $"{Own(SweepKeys.Cpus)} CPUs {Own(SweepKeys.CpuList)}".Trim(), Tagged(Own(SweepKeys.Cores), "cores"), Tagged(Own(SweepKeys.ThreadsPerCore), "threads per core"), Tagged(Own(SweepKeys.Sockets), "sockets"), Tagged(Own(SweepKeys.Nodes), "NUMA nodes") };
            return "CPU set " + string.Join(", ", parts.Where(p => p.Length > 0));
        }

        var labelled = new[] { run.Label(LabelKeys.Generation), (run.Label(LabelKeys.Vcpus) is { Length: > 0 } vcpus ? Format.Count(vcpus, "vCPU") : ""), Tagged(run.Label(LabelKeys.Smt), "SMT", before: true) }.Where(p => p.Length > 0).ToList();
        return labelled.Count > 0 ? string.Join(", ", labelled) + " (from labels)" : "";
    }

    // An engine's version text often names the product already ("PostgreSQL 15.18"): then it is not said twice.
    private static string Engine(ServerContext server) =>
        (server.Product.Length > 0 ? server.Product : server.Engine) is var product && server.Version.StartsWith(product, StringComparison.OrdinalIgnoreCase)
            ? server.Version.Trim()
            : $"{product} {server.Version}".Trim();

    private static string Topology(ClientContext c) =>
        c.Sockets <= 0 ? "" : string.Create(CultureInfo.InvariantCulture, $"{c.Sockets} socket(s) × {c.CoresPerSocket} cores × {c.ThreadsPerCore} threads per core, {c.OnlineCpuCount} logical CPUs online, {c.NumaNodes} NUMA node(s), SMT {(c.SmtEnabled ? "on" : "off")}");

    private static string Tagged(string value, string what, bool before = false) => value.Length == 0 ? "" : before ? $"{what} {value}" : $"{value} {what}";

    private static string Parameter(AnalyzedRun run, string key) => run.Result.Parameters.TryGetValue(key, out var v) ? v.Trim() : "";

    /// <summary>DS3's warmup_time is minutes, ours may be a fraction of one (--warmup 10s): shown in whole seconds, "10 s".</summary>
    private static string Minutes(string value) =>
        double.TryParse(value, NumberStyles.Float, CultureInfo.InvariantCulture, out var minutes) ? Number(Math.Round(minutes * 60), "0") + " s" : value;

    private static string Number(double value, string format) => value.ToString(format, CultureInfo.InvariantCulture);

    private static string Period(IReadOnlyList<AnalyzedRun> runs)
    {
        var timed = runs.Where(r => r.Result.StartUtc != default).ToList();
        return timed.Count == 0 ? NotRecorded
            : $"{timed.Min(r => r.Result.StartUtc).UtcDateTime:yyyy-MM-dd HH:mm} – {timed.Max(r => r.Result.EndUtc > r.Result.StartUtc ? r.Result.EndUtc : r.Result.StartUtc).UtcDateTime:yyyy-MM-dd HH:mm}";
    }

    /// <summary>One fact over all runs: its single value, or each value with the number of runs that recorded it.</summary>
    private static IReadOnlyList<string> Row(string item, IReadOnlyList<AnalyzedRun> runs, Func<AnalyzedRun, string> fact)
    {
        var values = runs.Select(r => fact(r).Trim()).Select(v => v.Length == 0 ? NotRecorded : v).ToList();
        var distinct = values.GroupBy(v => v, StringComparer.Ordinal).OrderBy(g => g.Key == NotRecorded).ThenByDescending(g => g.Count()).ThenBy(g => g.Key, StringComparer.Ordinal).ToList();
        var text = distinct.Count == 1 ? distinct[0].Key
            : string.Join("; ", distinct.Take(MaxValues).Select(g => $"{g.Key} ({g.Count()} run{(g.Count() == 1 ? "" : "s")})"))
                + (distinct.Count > MaxValues ? $"; and {distinct.Count - MaxValues} more (runs table)" : "");
        return [item, text];
    }
}
