using DvdStore.Analysis.Comparisons;
using DvdStore.Analysis.Reading;
using DvdStore.Analysis.Reports;

namespace DvdStore.Analysis;

/// <summary>Reads the inputs, runs the overview and the chosen studies, builds the report document and draws its charts.</summary>
public static class Analyzer
{
    public static async Task<AnalysisReport> AnalyzeAsync(IReadOnlyList<string> inputs, IReadOnlyList<IStudy> studies, AnalysisOptions options, IReadOnlyList<LabelOverride> overrides, CancellationToken cancellationToken)
    {
        var loaded = await RunLoader.LoadAsync(inputs, overrides, cancellationToken).ConfigureAwait(false);
        return Analyze(inputs, loaded, studies, options);
    }

    public static AnalysisReport Analyze(IReadOnlyList<string> inputs, LoadedRuns loaded, IReadOnlyList<IStudy> studies, AnalysisOptions options)
    {
        // One workload per report, chosen before any study: runs of the others are listed apart, never compared.
        var workloads = WorkloadPartition.Of(loaded.Runs, options.Workload);
        var results = new List<StudyResult>();
        if (workloads.Runs.Count > 0)
        {
            var input = new StudyInput(workloads.Runs, options);
            results.Add(new RunOverview().Analyze(input));
            results.AddRange(studies.Select(s => s.Analyze(input)));
        }

        var created = DateTimeOffset.UtcNow;
        var document = ReportDocumentBuilder.Build(inputs, workloads, loaded.Skipped, results, options, created);
        var charts = document.Charts.Distinct().ToDictionary(c => c, c => ChartRenderer.Render(c));
        return new AnalysisReport(inputs, workloads.Runs, loaded.Skipped, results, options, document, charts, created) { Workloads = workloads };
    }
}
