using System.Globalization;
using DvdStore.Driver.Results;
using DvdStore.Driver.Running;
using DvdStore.Driver.Workload;

namespace DvdStore.Driver.Metrics;

/// <summary>
/// Renders the live and final lines. <see cref="OutputFormat.Ds3"/> reproduces DS3's lines (docs/ds3-compatibility.md, "Driver output and formulas")
/// with its measurement bugs fixed; <see cref="OutputFormat.Text"/> adds the interval's percentiles and the
/// client's CPU to each line and a readable per-transaction table at the end.
/// </summary>
public sealed class LiveOutput(OutputFormat format, LogTimestamp timestamp)
{
    private static readonly CultureInfo Inv = CultureInfo.InvariantCulture;

    public OutputFormat Format { get; } = format;

    /// <summary>The prefix of a periodic line for <paramref name="now"/>.</summary>
    public string Prefix(DateTimeOffset now) => timestamp switch
    {
        LogTimestamp.Utc => now.UtcDateTime.ToString("yyyy-MM-ddTHH:mm:ss.fff", Inv) + "Z ",
        LogTimestamp.Local => now.ToLocalTime().ToString("MM/dd/yyyy h:mm:ss tt", Inv) + " ",
        _ => "",
    };

    /// <summary>DS3's periodic fields (with trailing space), for the run or one target.</summary>
    public static string Ds3Fields(double elapsed, TargetLine line) => string.Create(
        Inv,
        $"et={elapsed,7:F1} n_overall={line.Orders} opm={line.Opm} rt_tot_lastn_max_msec={line.LastNMaxMs} rt_tot_avg_msec={line.AverageMs} rt_tot_sampled={line.SampledMs} rollbacks: n={line.Rollbacks} %={line.RollbackPercent,5:F1} ");

    /// <summary>The lines printed at one interval.</summary>
    /// <param name="server">The server's figures for the interval (ServerLiveText), shown in text format only; empty for none.</param>
    public IEnumerable<string> Interval(DateTimeOffset now, IntervalReport report, double cpuPercent, int users, bool detailed, IReadOnlyList<string> targetNames, string server = "")
    {
        var line = Prefix(now) + Ds3Fields(report.ElapsedSeconds, report.Run);
        if (Format == OutputFormat.Text)
        {
            line += string.Create(Inv, $"p50_ms={report.PercentileMs(50):F1} p95_ms={report.PercentileMs(95):F1} p99_ms={report.PercentileMs(99):F1} users={users} client_cpu%={cpuPercent:F0}")
                + (server.Length == 0 ? "" : " | " + server)
                + (report.Measured ? "" : " (warm-up)");
        }

        yield return line;
        if (detailed && report.Targets.Count > 1)
        {
            yield return "";
            yield return "Individual Stats for each DB / Web Server: ";
            for (var t = 0; t < report.Targets.Count; t++)
            {
                yield return Format == OutputFormat.Text ? $"{targetNames[t]}: {Ds3Fields(report.ElapsedSeconds, report.Targets[t])}" : Ds3Fields(report.ElapsedSeconds, report.Targets[t]);
            }
        }
    }

    /// <summary>DS3's CSV row for one interval (out_filename): timestamp, a space and the padded et share the first field.</summary>
    public string Ds3CsvRow(DateTimeOffset now, IntervalReport report) => string.Create(
        Inv,
        $"{Prefix(now).TrimEnd()} {report.ElapsedSeconds,7:F1},{report.Run.Orders},{report.Run.Opm},{report.Run.LastNMaxMs},{report.Run.AverageMs},{report.Run.SampledMs},{report.Run.Rollbacks},{report.Run.RollbackPercent,5:F1}");

    public const string Ds3CsvHeader = "datetime et, n_overall, opm, rt_tot_lastn_max_msec, rt_tot_avg_msec, rt_tot_sampled, n_rollbacks_overall, rollback_pct";

    /// <summary>DS3's "Final" line for the run (and per target when there are several).</summary>
    public static IEnumerable<string> Ds3Final(DateTimeOffset now, PhaseSummary summary)
    {
        yield return "";
        yield return "Final (" + now.ToLocalTime().ToString("MM/dd/yyyy h:mm:ss tt", Inv) + "): " + FinalFields(summary.ElapsedSeconds, summary.RunLine, summary.Run, perTarget: false);
        if (summary.Targets.Count > 1)
        {
            yield return "Individual Stats for each DB / Web Server: ";
            for (var t = 0; t < summary.Targets.Count; t++)
            {
                yield return "Final: " + FinalFields(summary.ElapsedSeconds, summary.TargetLines[t], summary.Targets[t], perTarget: true);
            }
        }
    }

    /// <summary>The per-transaction table of text mode.</summary>
    public static IEnumerable<string> TextSummary(PhaseSummary summary, RunTotals totals)
    {
        yield return "";
        yield return string.Create(Inv, $"Measured {totals.MeasuredSeconds:F1} s: {totals.Orders} orders ({totals.CommittedOrders} committed, {totals.Rollbacks} rolled back = {totals.RollbackPercent:F1} %), opm={totals.Opm}, committed opm={totals.CommittedOpm}, errors={totals.Errors}, deadlock retries={totals.DeadlockRetries}, reconnects={totals.Reconnects}");
        yield return string.Create(Inv, $"{"transaction",-15} {"count",10} {"errors",7} {"mean",9} {"p50",9} {"p90",9} {"p95",9} {"p99",9} {"p99.9",9} {"max",9}  (ms)");
        foreach (var s in summary.Transactions.Append(summary.OrderResponse))
        {
            yield return string.Create(Inv, $"{s.Kind,-15} {s.Count,10} {s.Errors,7} {s.MeanMs,9:F2} {s.P50Ms,9:F2} {s.P90Ms,9:F2} {s.P95Ms,9:F2} {s.P99Ms,9:F2} {s.P999Ms,9:F2} {s.MaxMs,9:F2}");
        }
    }

    private static string FinalFields(double elapsed, TargetLine line, CounterTotals c, bool perTarget)
    {
        long N(TransactionKind k) => c.CallCounts[(int)k];
        long Avg(TransactionKind k) => Ds3Formulas.AverageMs(c.CallMicros[(int)k], c.CallCounts[(int)k]);
        var reviewBrowse = N(TransactionKind.BrowseReviews) + N(TransactionKind.GetReviews);
        var reviewBrowseAvg = Ds3Formulas.AverageMs(c.CallMicros[(int)TransactionKind.BrowseReviews] + c.CallMicros[(int)TransactionKind.GetReviews], reviewBrowse);
        return perTarget
            ? string.Create(Inv, $"et={elapsed,7:F1} n_overall={line.Orders} opm={line.Opm} rt_tot_lastn_max={line.LastNMaxMs} rt_tot_avg={line.AverageMs} n_login_overall={N(TransactionKind.Login)} n_newcust_overall={N(TransactionKind.NewCustomer)} n_newmember_overall={N(TransactionKind.NewMember)} n_browse_overall={N(TransactionKind.Browse)} n_reviewbrowse_overall={reviewBrowse} n_newreview_overall={N(TransactionKind.NewReview)} n_newhelpfulnes_overall={N(TransactionKind.NewHelpfulness)} n_purchase_overall={N(TransactionKind.Purchase)} rt_login_avg_msec={Avg(TransactionKind.Login)} rt_newcust_avg_msec={Avg(TransactionKind.NewCustomer)} rt_newmember_avg_msec={Avg(TransactionKind.NewMember)} rt_browse_avg_msec={Avg(TransactionKind.Browse)} rt_reviewbrowse_avg_msec={reviewBrowseAvg} rt_newreview_avg_msec={Avg(TransactionKind.NewReview)} rt_newhelpfulness_avg_msec={Avg(TransactionKind.NewHelpfulness)} rt_purchase_avg_msec={Avg(TransactionKind.Purchase)} rt_tot_sampled={line.SampledMs} n_rollbacks_overall={line.Rollbacks} rollback_rate = {line.RollbackPercent,5:F1}%")
            : string.Create(Inv, $"et={elapsed,7:F1} n_overall={line.Orders} opm={line.Opm} rt_tot_lastn_max={line.LastNMaxMs} rt_tot_avg={line.AverageMs} n_login_overall={N(TransactionKind.Login)} n_newcust_overall={N(TransactionKind.NewCustomer)} n_newmember_overall={N(TransactionKind.NewMember)} n_browse_overall={N(TransactionKind.Browse)} n_reviewbrowse={reviewBrowse} n_newreviews={N(TransactionKind.NewReview)} n_newhelpfulness={N(TransactionKind.NewHelpfulness)} n_purchase_overall={N(TransactionKind.Purchase)} rt_login_avg_msec={Avg(TransactionKind.Login)} rt_newcust_avg_msec={Avg(TransactionKind.NewCustomer)} rt_rewmember_avg_msec={Avg(TransactionKind.NewMember)} rt_browse_avg_msec={Avg(TransactionKind.Browse)} rt_reviewbrowse_avg_msec={reviewBrowseAvg} rt_newreview_avg_msec={Avg(TransactionKind.NewReview)} rt_newhelpfulness={Avg(TransactionKind.NewHelpfulness)} rt_purchase_avg_msec={Avg(TransactionKind.Purchase)} rt_tot_sampled={line.SampledMs} n_rollbacks_overall={line.Rollbacks} rollback_rate = {line.RollbackPercent,5:F1}%");
    }

    /// <summary>
    /// A banner value as DS3 would print it: DS3 takes whole minutes, so a whole number prints without decimals; our
    /// durations in seconds (run_time 20 s = 0.333… min) print with at most two decimals, never 0.3333333333333333.
    /// </summary>
    public static string Ds3Number(string value) =>
        value.Contains('.', StringComparison.Ordinal) && double.TryParse(value, NumberStyles.Float, Inv, out var number)
            ? number.ToString("0.##", Inv)
            : value;

    /// <summary>DS3's parameter banner (docs/ds3-compatibility.md, "A driver run") with its spacing quirks.</summary>
    /// <summary>The timer line of the DS3-format banner: DS3's own driver names its timer otherwise, so analyze tells our logs from DS3's by it.</summary>
    public const string Ds3TimerLine = "Using Stopwatch (high-resolution monotonic) timer";

    public static string Ds3Banner(RunSettings s)
    {
        var p = s.ToParameters().ToDictionary(kv => kv.Key, kv => Ds3Number(kv.Value), StringComparer.Ordinal);
        return string.Create(Inv, $"target= {p["target"]} n_threads= {s.TotalUsers} ramp_rate= {p["ramp_rate"]} run_time= {p["run_time"]} db_size= {p["db_size"]} warmup_time= {p["warmup_time"]} think_time= {p["think_time"]} pct_newcustomers= {p["pct_newcustomers"]} pct_newmembers= {p["pct_newmember"]} n_searches= {p["n_searches"]} search_batch_size= {p["search_batch_size"]} n_reviews={p["n_reviews"]} pct_newreviews={p["pct_newreviews"]} pct_newhelpfulness={p["pct_newhelpfulness"]} n_line_items{p["n_line_items"]} virt_dir= {p["virt_dir"]} page_type= {p["page_type"]} windows_perf_host= {p["windows_perf_host"]} detailed_view= {p["detailed_view"]} linux_perf_host= {p["linux_perf_host"]} output_file= {p["out_filename"]} ds2_mode= {p["ds2_mode"]} log_freq= {p["log_freq"]} log_timestamp= {p["log_timestamp"]}");
    }
}
