using System.Text;
using DvdStore.Schema;
using DvdStore.Schema.Files;

namespace DvdStore.Analysis.Reports;

/// <summary>
/// Writes a report folder: report.md and report.html (one document, two renderings), tables/*.csv (every table of
/// the document, with skipped.csv), charts/*.png and *.svg.
/// Each file is written through <see cref="AtomicFile"/>, so a reader never sees half a file.
/// </summary>
public static class ReportWriter
{
    public static async Task<IReadOnlyList<string>> WriteAsync(AnalysisReport report, string outDirectory, CancellationToken cancellationToken)
    {
        EnsureWritable(outDirectory);
        var written = new List<string>();
        async Task Put(string relative, byte[] content)
        {
            var path = Path.Combine(outDirectory, relative);
            await AtomicFile.WriteAsync(path, content, cancellationToken).ConfigureAwait(false);
            written.Add(path);
        }

        foreach (var rendered in report.Charts.Values)
        {
            await Put(Path.Combine("charts", rendered.Spec.FileName + ".png"), rendered.Png).ConfigureAwait(false);
            await Put(Path.Combine("charts", rendered.Spec.FileName + ".svg"), Utf8(rendered.Svg)).ConfigureAwait(false);
        }

        foreach (var table in report.Document.Tables)
        {
            await Put(Path.Combine("tables", table.FileName + ".csv"), Utf8(CsvTable.Render(table))).ConfigureAwait(false);
        }

        var skipped = new ReportTable("Skipped files", "skipped", ["file", "reason"], report.Skipped.Select(s => (IReadOnlyList<string>)[s.Path, s.Reason]).ToList());
        await Put(Path.Combine("tables", "skipped.csv"), Utf8(CsvTable.Render(skipped))).ConfigureAwait(false);
        await Put("report.md", Utf8(MarkdownReport.Render(report.Document))).ConfigureAwait(false);
        await Put("report.html", Utf8(HtmlReport.Render(report.Document, report.Charts))).ConfigureAwait(false);
        return written;
    }

    /// <summary>Creates the folder and proves it writable, so a bad --out fails before any work, with one line.</summary>
    public static void EnsureWritable(string outDirectory)
    {
        try
        {
            Directory.CreateDirectory(outDirectory);
            var probe = Path.Combine(outDirectory, $".write-test-{Guid.NewGuid():N}");
            File.WriteAllBytes(probe, []);
            File.Delete(probe);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new UserError($"cannot write the report to {outDirectory} ({e.Message}); choose a writable --out folder.");
        }
    }

    private static byte[] Utf8(string text) => new UTF8Encoding(false).GetBytes(text);
}
