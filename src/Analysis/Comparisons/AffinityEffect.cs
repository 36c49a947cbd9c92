using DvdStore.Analysis.Reading;
using DvdStore.Analysis.Reports;

namespace DvdStore.Analysis.Comparisons;

/// <summary>
/// CPU placement at equal vCPUs: pinned against unpinned (label 'affinity') and one NUMA node/socket against
/// spread over several (label 'numa'). Everything else, vCPUs included, must be equal.
/// </summary>
public sealed class AffinityEffect : IStudy
{
    public string Name => "affinity";

    public string Title => "Affinity and NUMA placement";

    public StudyResult Analyze(StudyInput input)
    {
        var pinning = PairedComparison.Pairs(input, LabelKeys.Affinity, LabelKeys.Unpinned, LabelKeys.Pinned, acrossShapes: false, LabelKeys.Numa);
        var numa = PairedComparison.Pairs(input, LabelKeys.Numa, LabelKeys.Spread, LabelKeys.OneNode, acrossShapes: false, LabelKeys.Affinity);
        if (pinning.Count == 0 && numa.Count == 0)
        {
            return StudyResult.Lacking(Name, Title, "needs runs at equal vCPUs with affinity=pinned and affinity=unpinned, or numa=one-node and numa=spread (set with --label FILE:numa=one-node)");
        }

        var tables = new List<ReportTable>();
        var charts = new List<ChartSpec>();
        var findings = new List<string>();
        var headlines = pinning.Select(p => PairedComparison.Headline(p, "pinned vs unpinned", LabelKeys.Affinity, LabelKeys.Numa)).Concat(numa.Select(p => PairedComparison.Headline(p, "one NUMA node vs spread", LabelKeys.Numa, LabelKeys.Affinity))).ToList();
        void Compare(List<PairedComparison.Pair> pairs, string key, string what, string changes, string fileName, string nameA, string nameB, string missing)
        {
            if (pairs.Count == 0)
            {
                findings.Add(missing);
                return;
            }

            findings.AddRange(pairs.Select(p => PairedComparison.Sentence(p, changes)));
            tables.Add(PairedComparison.Table($"{what} (equal vCPUs)", fileName, key, pairs, input.Options));
            charts.Add(PairedComparison.Bars($"{what} at equal vCPUs", fileName, nameA, nameB, pairs));
        }

        Compare(pinning, LabelKeys.Affinity, "Pinned vs unpinned", "pinning changes", "affinity-pinning", "unpinned", "pinned",
            "No pinned/unpinned pair at equal vCPUs (label 'affinity').");
        Compare(numa, LabelKeys.Numa, "One NUMA node vs spread", "one NUMA node instead of spread changes", "affinity-numa", "spread", "one node",
            "No one-node/spread pair at equal vCPUs (label 'numa').");

        return new StudyResult(Name, Title) { Findings = findings, Headlines = headlines, Tables = tables, Charts = charts };
    }
}
