using System.Text.Json;

namespace DvdStore.Analysis.Reading;

/// <summary>
/// Files the kit itself writes beside results that are no run: an analyze report's tables (tables/*.csv in a folder
/// holding report.md or report.html, as a sweep's report/ folder does) and a sweep's sweep.json (the study in one file).
/// A folder given to analyze passes over them silently; named one by one, they are still refused with a reason.
/// </summary>
internal static class KitOutputs
{
    public static bool IsKitOutput(string path, string text) => IsReportTable(path) || IsSweepSummary(text);

    private static bool IsReportTable(string path)
    {
        var folder = Path.GetDirectoryName(Path.GetFullPath(path));
        var report = Path.GetDirectoryName(folder);
        return Path.GetFileName(folder) == "tables" && report is not null
            && (File.Exists(Path.Combine(report, "report.md")) || File.Exists(Path.Combine(report, "report.html")));
    }

    // sweep.json: {"sweep": "<id>", "pin_method": …, "plan": {…}, "sets": […]} (DvdStore.Studies.SweepSummary).
    private static bool IsSweepSummary(string text)
    {
        if (!text.TrimStart().StartsWith('{') || !text.Contains("\"sets\"", StringComparison.Ordinal))
        {
            return false;
        }

        try
        {
            using var document = JsonDocument.Parse(text);
            var root = document.RootElement;
            return root.ValueKind == JsonValueKind.Object && root.TryGetProperty("sweep", out _) && root.TryGetProperty("plan", out _)
                && root.TryGetProperty("sets", out var sets) && sets.ValueKind == JsonValueKind.Array;
        }
        catch (JsonException)
        {
            return false;
        }
    }
}
