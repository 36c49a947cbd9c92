using DvdStore.Analysis.Reading;
using DvdStore.Analysis.Reports;
using DvdStore.Analysis.Statistics;
using DvdStore.Driver.Results;

namespace DvdStore.Analysis.Comparisons;

/// <summary>
/// Rate runs (<c>run --rate</c>, <c>sweep --rates</c>) of one configuration at several rates: order latency (from the
/// scheduled start) against delivered OPM, the hockey stick, and with a latency limit (<c>--sla p99=200ms</c>) the SLA
/// OPM: the delivered OPM of the highest rate whose every repeat kept the percentile within the limit in every
/// measured interval, every lower rate too. Several configurations (generations, CPU sets) are compared on their SLA
/// OPM as on their peak OPM: the difference with its confidence interval over the repeats.
/// </summary>
public sealed class SlaCapacity : IStudy
{
    public string Name => "sla";

    public string Title => "Latency against delivered OPM, and the OPM within a latency limit";

    public StudyResult Analyze(StudyInput input)
    {
        var series = RunGroups.SeriesBy(input.Configurations.Where(static g => g.NumericLabel(LabelKeys.Rate) is not null), LabelKeys.Rate)
            .Select(static s => s.OrderBy(static g => g.NumericLabel(LabelKeys.Rate)).ToList())
            .Where(static s => s.Count >= 2)
            .ToList();
        if (series.Count == 0)
        {
            return StudyResult.Lacking(Name, Title, "needs rate runs (run --rate, sweep --rates) of one configuration at two or more rates (label 'rate')");
        }

        var sla = input.Options.Sla;
        var percentile = sla?.Percentile ?? 99;
        var varying = RunGroups.VaryingKeys(series.SelectMany(static s => s).Select(static g => g.Labels)).Where(static k => k != LabelKeys.Rate).ToList();
        var rows = new List<IReadOnlyList<string>>();
        var findings = new List<string>();
        var headlines = new List<Headline>();
        var curves = new List<ChartSeries>();
        var slaSteps = new List<(string Name, RunGroup Step)>();
        foreach (var steps in series)
        {
            var name = varying.Count > 0 ? steps[0].Describe(varying) : "OPM";
            var latency = steps.Select(g => g.Runs.Average(r => Percentile(r.Result, percentile))).ToList();
            curves.Add(new ChartSeries(name, steps.Select(static g => g.Opm.Mean).ToList(), latency) { PointLabels = steps.Select(static g => g.Label(LabelKeys.Rate)).ToList() });
            RunGroup? held = null;
            var holding = true;
            for (var i = 0; i < steps.Count; i++)
            {
                var worst = sla is null ? null : steps[i].Runs.Select(r => sla.WorstIntervalMs(r.Result)).Max();
                var ok = sla is not null && steps[i].Runs.All(r => sla.HeldIn(r.Result));
                holding &= ok;
                if (holding)
                {
                    held = steps[i];
                }

                rows.Add([name, steps[i].Label(LabelKeys.Rate), Format.Opm(steps[i].Opm.Mean), Format.Ci(steps[i].Opm), Format.Number(latency[i]), worst is { } w ? Format.Number(w) : "", sla is null ? "" : ok ? "held" : "broken", holding && sla is not null && held == steps[i] && (i == steps.Count - 1 || !steps[i + 1].Runs.All(r => sla.HeldIn(r.Result))) ? "SLA OPM" : ""]);
            }

            if (sla is null)
            {
                continue;
            }

            if (held is null)
            {
                findings.Add($"{name}: no rate held {sla}; the lowest rate, {steps[0].Label(LabelKeys.Rate)} OPM, already broke it.");
                continue;
            }

            slaSteps.Add((name, held));
            var beyond = held == steps[^1] ? " (every rate held: the knee lies beyond these runs)" : "";
            findings.Add($"{name}: SLA OPM {Format.Opm(held.Opm.Mean)} at rate {held.Label(LabelKeys.Rate)} ({sla} in every measured interval of every repeat){beyond}.");
            // Named runs: the headline gate holds them to like with like and leaves out runs that measured the client.
            headlines.Add(new Headline($"{name}: {Format.Opm(held.Opm.Mean)} OPM within {sla}", Format.Ci(held.Opm), Format.Noise(held.Opm, input.Options)) { Runs = Format.RunNames(held) });
        }

        // Compared as peak OPM is: every series against the first, the difference with its interval over the repeats.
        foreach (var (name, step) in slaSteps.Skip(1))
        {
            var baseline = slaSteps[0];
            var difference = Difference.Between(baseline.Step.Opm, step.Opm);
            findings.Add($"SLA OPM, {name} against {baseline.Name}: {Format.WithUnit(Format.SignedPercent(difference.Percent), " %")} ({difference.Describe()}).");
            var ratio = HeadlineFigures.Ratio($"{baseline.Name} → {name}: {Format.WithUnit(Format.Ratio(Relative.Ratio(step.Opm.Mean, baseline.Step.Opm.Mean)), "×")} the SLA OPM ({sla})", baseline.Step.Opm, step.Opm);
            headlines.Add(ratio with { Runs = Format.RunNames(baseline.Step, step), Studied = [LabelKeys.Rate] });
        }

        var chart = new ChartSpec($"Order latency p{percentile:0.###} against delivered OPM", "sla-hockey-stick", "Delivered orders per minute (OPM)", $"Order latency p{percentile:0.###} from the scheduled start (ms)")
        {
            Series = curves,
            ReferenceValue = sla?.Limit.TotalMilliseconds,
            ReferenceLabel = sla is null ? "" : sla.ToString(),
        };
        return new StudyResult(Name, Title)
        {
            Findings = findings,
            Headlines = headlines,
            Tables = [new ReportTable("Rate steps", "sla", ["series", "rate", "opm", "ci95", $"latency_p{percentile:0.###}_ms", "worst_interval_ms", "sla", "sla_opm"], rows)],
            Charts = [chart],
        };
    }

    /// <summary>The run's order latency at <paramref name="percentile"/> over its measured window (ms), 0 for a closed-loop run.</summary>
    private static double Percentile(RunResult result, double percentile) =>
        result.OpenLoop is { } open ? HistogramCodec.PercentileMs(HistogramCodec.Decode(open.Latency.Histogram), percentile) : 0;
}
