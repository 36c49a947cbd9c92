using DvdStore.Analysis.Comparisons;
using DvdStore.Analysis.Reading;

namespace DvdStore.Analysis.Reports;

/// <summary>
/// Builds the one report tree from an analysis: the executive summary (the workload compared, each study's headline
/// figure with its interval and noise verdict), the system under test and the client, the method, skipped inputs, the
/// runs of other workloads (not compared, with why), then each study.
/// </summary>
public static class ReportDocumentBuilder
{
    public const string Title = "DvdStore analysis";

    public static ReportDocument Build(IReadOnlyList<string> inputs, WorkloadPartition workloads, IReadOnlyList<SkippedFile> skipped, IReadOnlyList<StudyResult> studies, AnalysisOptions options, DateTimeOffset createdUtc)
    {
        var runs = workloads.Runs;
        var workload = workloads.Compared is { } compared ? $" of workload {compared.Key()}" : "";
        var preamble = new List<ReportBlock> { new ParagraphBlock($"{runs.Count} run(s){workload} from {string.Join(", ", inputs)}; created {createdUtc.UtcDateTime:yyyy-MM-dd HH:mm} UTC.") };
        var sections = new List<ReportSection> { Summary(studies, workloads) };
        if (runs.Count > 0)
        {
            sections.Add(new ReportSection("System under test and client", [new TableBlock(Disclosure.Table(runs))]));
            sections.Add(MethodSection.Build(runs, options));
        }

        if (skipped.Count > 0)
        {
            sections.Add(new ReportSection("Skipped files", [new FileListBlock(skipped.Select(s => (s.Path, s.Reason)).ToList())]));
        }

        if (workloads.Apart.Count > 0)
        {
            sections.Add(OtherWorkloads(workloads));
        }

        sections.AddRange(studies.Select(Study));
        return new ReportDocument(Title, preamble, sections);
    }

    /// <summary>The section that names each run left out for its workload, with why (also tables/other-workloads.csv).</summary>
    public const string OtherWorkloadsTitle = "Runs of other workloads (not compared)";

    private static ReportSection OtherWorkloads(WorkloadPartition workloads)
    {
        var rows = workloads.Apart.Select(a => (IReadOnlyList<string>)[a.Run.Name, a.Run.Workload.Title(), Format.Opm(a.Run.Opm), a.Reason]).ToList();
        return new ReportSection(OtherWorkloadsTitle,
        [
            new ParagraphBlock($"These runs measured another workload than {workloads.Compared!.Title()}: their OPM is not the same measure, so no headline, table or chart above uses them. Analyse their files on their own to compare them with each other."),
            new TableBlock(new ReportTable("Runs of other workloads", "other-workloads", ["run", "workload", "opm", "why not compared"], rows)),
        ]);
    }

    private static ReportSection Summary(IReadOnlyList<StudyResult> studies, WorkloadPartition workloads)
    {
        var rows = studies.Where(s => s.Missing is null)
            .SelectMany(s => s.Headlines.Select(h => (IReadOnlyList<string>)[s.Title, h.Statement, h.Interval, h.Noise]))
            .ToList();
        var blocks = new List<ReportBlock>();
        if (workloads.Apart.Count > 0)
        {
            // Said before any figure: the reader must know the report left runs out, and why.
            var reasons = workloads.Apart.GroupBy(static a => a.Reason).Select(static g => $"{g.Count()} run(s) — {g.Key}");
            blocks.Add(new ParagraphBlock(
                $"Different workloads: these figures compare only the {workloads.Runs.Count} run(s) of {workloads.Compared!.Title()}; {string.Join("; ", reasons)} are listed under \"{OtherWorkloadsTitle}\" and compared with nothing.",
                Warning: true));
        }

        blocks.Add(rows.Count > 0
            ? new TableBlock(new ReportTable("Headline figures (95 % intervals)", "summary", ["study", "figure", "ci95", "noise"], rows))
            : new ParagraphBlock("No study found the runs it needs; see each study below.", Warning: true));
        var missing = studies.Where(s => s.Missing is not null).Select(s => s.Title).ToList();
        if (missing.Count > 0)
        {
            blocks.Add(new ParagraphBlock($"Not computed for lack of runs: {string.Join(", ", missing)} (each section below says what is needed)."));
        }

        return new ReportSection("Executive summary", blocks);
    }

    private static ReportSection Study(StudyResult study)
    {
        if (study.Missing is not null)
        {
            return new ReportSection(study.Title, [new ParagraphBlock($"Not computed: {study.Missing}.", Warning: true)]);
        }

        var blocks = new List<ReportBlock> { new BulletsBlock(study.Findings) };
        blocks.AddRange(study.Charts.Select(c => new FigureBlock(c)));
        blocks.AddRange(study.Tables.Select(t => new TableBlock(t)));
        return new ReportSection(study.Title, blocks);
    }
}
