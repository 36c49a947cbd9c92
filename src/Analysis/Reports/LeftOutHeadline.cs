namespace DvdStore.Analysis.Reports;

/// <summary>A headline kept out of the executive summary, and why (e.g. its runs measured the client, not the server).</summary>
public sealed record LeftOutHeadline(Headline Headline, string Why);
