using System.Globalization;
using DvdStore.Analysis.Reports;
using DvdStore.Analysis.Statistics;

namespace DvdStore.Analysis.Comparisons;

/// <summary>
/// The Universal Scalability Law (<see cref="UslFit"/>) over each thread sweep and vCPU curve: every repeat of every
/// step is a point, client-bound steps are left out (they measured the client, not the server) unless --include-client-bound
/// lets them in (the finding says which), and the fitted curve is
/// drawn over the measured points, dotted beyond them as a projection. Fewer than four steps left: no fit, and the
/// finding says why.
/// </summary>
public sealed class ScalingLaw : IStudy
{
    public string Name => "law";

    public string Title => "Scaling law (Universal Scalability Law)";

    public StudyResult Analyze(StudyInput input)
    {
        var all = SweepSeries.Of(input);
        if (all.Count == 0)
        {
            return StudyResult.Lacking(Name, Title, "needs a thread sweep or a vCPU curve of one configuration (labels 'threads' or 'vcpus'), four or more steps to fit");
        }

        var rows = new List<IReadOnlyList<string>>();
        var findings = new List<string>();
        var charts = new List<ChartSpec>();
        foreach (var unit in all.GroupBy(s => s.Unit))
        {
            var lines = new List<ChartSeries>();
            foreach (var series in unit)
            {
                var steps = series.Steps;
                lines.Add(new ChartSeries(series.Name, steps.Select(series.N).ToList(), steps.Select(g => g.Opm.Mean).ToList()) { Errors = steps.Select(g => g.Opm.ConfidenceHalfWidth ?? 0).ToList() });
                var clientBound = steps.Where(s => ServerLoad.ClientBoundRuns(s).Count > 0).ToList();
                var included = input.Options.IncludeClientBound;
                var left = clientBound.Count == 0 ? ""
                    : included ? $" ({clientBound.Count} client-bound step(s) let in by --include-client-bound: {string.Join(", ", clientBound.Select(series.StepLabel))}; they may have measured the client, not the server)"
                    : $" ({clientBound.Count} client-bound step(s) left out: {string.Join(", ", clientBound.Select(series.StepLabel))}; they measured the client, not the server; --include-client-bound lets them in)";
                var points = steps.Except(included ? [] : clientBound).SelectMany(s => s.Runs.Select(r => (N: series.N(s), Throughput: r.Opm))).ToList();
                var fit = UslFit.TryFit(points, out var refusal);
                if (fit is null)
                {
                    findings.Add($"{series.Name}: {refusal}{left}");
                    rows.Add([series.Name, series.Unit, Whole(points.Count), "", "", "", "", "", "", "", "", refusal + left]);
                    continue;
                }

                findings.Add($"{series.Name}: Universal Scalability Law over {fit.Points} runs at {fit.DistinctN} {series.Unit} counts: {fit.Describe(series.Unit + "s")}{left}.");
                rows.Add(
                [
                    series.Name, series.Unit, Whole(fit.Points), F(fit.Sigma, 4), Hw(fit.SigmaHalfWidth, 4), F(fit.Kappa, 6), Hw(fit.KappaHalfWidth, 6), Format.Ratio(fit.RSquared),
                    fit.PeakN is { } peak ? Format.Number(peak, 1) : "", fit.PeakThroughput is { } x ? Format.Opm(x) : "",
                    fit.PeakN is { } p && fit.IsProjection(p) ? "projection" : fit.PeakN is null ? "Amdahl ceiling" : "within the measured range",
                    left.Trim(),
                ]);
                lines.Add(Curve($"USL fit ({series.Name})", fit, fit.MinN, fit.MaxN) with { Model = true });
                var end = Math.Max(1.5 * fit.MaxN, Math.Min(4 * fit.MaxN, (fit.PeakN ?? fit.MaxN) * 1.25));
                lines.Add(Curve($"USL projection ({series.Name})", fit, fit.MaxN, end) with { Model = true, Projection = true });
            }

            charts.Add(new ChartSpec($"OPM vs {unit.Key}s with the Universal Scalability Law fit (dotted: projection)", $"law-{unit.Key.ToLowerInvariant()}s", unit.Key == "thread" ? "Driver threads (users)" : "vCPUs", "Orders per minute (OPM)")
            {
                Series = lines,
                IntegerX = true,
            });
        }

        return new StudyResult(Name, Title)
        {
            Findings = findings,
            Tables = [new ReportTable("Universal Scalability Law fits", "law", ["series", "unit", "runs", "sigma", "sigma_ci95", "kappa", "kappa_ci95", "r2", "peak_n", "peak_opm", "peak_is", "note"], rows)],
            Charts = charts,
        };
    }

    private static ChartSeries Curve(string name, UslFit fit, double from, double to)
    {
        var x = Enumerable.Range(0, 41).Select(i => from + ((to - from) * i / 40.0)).ToList();
        return new ChartSeries(name, x, x.Select(fit.Predict).ToList());
    }

    private static string Whole(int value) => value.ToString(CultureInfo.InvariantCulture);

    private static string F(double value, int decimals) => value.ToString("0." + new string('#', decimals), CultureInfo.InvariantCulture);

    private static string Hw(double? value, int decimals) => value is { } v ? "± " + F(v, decimals) : "";
}
