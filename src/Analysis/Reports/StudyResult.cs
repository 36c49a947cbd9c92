namespace DvdStore.Analysis.Reports;

/// <summary>
/// What one study found: headline sentences, tables and charts; or, when the inputs do not hold the runs
/// the study needs, <see cref="Missing"/> says which.
/// </summary>
public sealed record StudyResult(string Name, string Title)
{
    public IReadOnlyList<string> Findings { get; init; } = [];

    /// <summary>The study's figure(s) for the executive summary, each with its interval and noise verdict.</summary>
    public IReadOnlyList<Headline> Headlines { get; init; } = [];

    /// <summary>Headlines the study computed but that stay out of the summary, each with why (<c>HeadlineGate</c>).</summary>
    public IReadOnlyList<LeftOutHeadline> LeftOut { get; init; } = [];

    public IReadOnlyList<ReportTable> Tables { get; init; } = [];

    public IReadOnlyList<ChartSpec> Charts { get; init; } = [];

    public string? Missing { get; init; }

    public static StudyResult Lacking(string name, string title, string missing) => new(name, title) { Missing = missing };
}
