using DvdStore.Analysis.Comparisons;
using DvdStore.Analysis.Reading;

namespace DvdStore.Analysis.Reports;

/// <summary>
/// Builds the one report tree from an analysis: the executive summary (each study's headline figure with its
/// interval and noise verdict), the system under test and the client, the method, skipped inputs, then each study.
/// </summary>
public static class ReportDocumentBuilder
{
    public const string Title = "DvdStore analysis";

    public static ReportDocument Build(IReadOnlyList<string> inputs, IReadOnlyList<AnalyzedRun> runs, IReadOnlyList<SkippedFile> skipped, IReadOnlyList<StudyResult> studies, AnalysisOptions options, DateTimeOffset createdUtc)
    {
        var preamble = new List<ReportBlock> { new ParagraphBlock($"{runs.Count} run(s) from {string.Join(", ", inputs)}; created {createdUtc.UtcDateTime:yyyy-MM-dd HH:mm} UTC.") };
        var sections = new List<ReportSection> { Summary(studies) };
        if (runs.Count > 0)
        {
            sections.Add(new ReportSection("System under test and client", [new TableBlock(Disclosure.Table(runs))]));
            sections.Add(MethodSection.Build(runs, options));
        }

        if (skipped.Count > 0)
        {
            sections.Add(new ReportSection("Skipped files", [new FileListBlock(skipped.Select(s => (s.Path, s.Reason)).ToList())]));
        }

        sections.AddRange(studies.Select(Study));
        return new ReportDocument(Title, preamble, sections);
    }

    private static ReportSection Summary(IReadOnlyList<StudyResult> studies)
    {
        var rows = studies.Where(s => s.Missing is null)
            .SelectMany(s => s.Headlines.Select(h => (IReadOnlyList<string>)[s.Title, h.Statement, h.Interval, h.Noise, string.Join("; ", h.Runs)]))
            .ToList();
        var blocks = new List<ReportBlock>();
        blocks.Add(rows.Count > 0
            ? new TableBlock(new ReportTable("Headline figures (95 % intervals)", "summary", ["study", "figure", "ci95", "noise", "runs"], rows))
            : new ParagraphBlock("No study found the runs it needs; see each study below.", Warning: true));
        var leftOut = studies.Where(s => s.Missing is null).SelectMany(s => s.LeftOut.Select(l => (IReadOnlyList<string>)[s.Title, l.Headline.Statement, l.Why, string.Join("; ", l.Headline.Runs)])).ToList();
        if (leftOut.Count > 0)
        {
            blocks.Add(new TableBlock(new ReportTable("Left out of the headlines", "summary-left-out", ["study", "figure", "why", "runs"], leftOut)));
        }

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
