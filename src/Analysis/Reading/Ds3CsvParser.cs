using DvdStore.Driver.Results;
using DvdStore.Schema;

namespace DvdStore.Analysis.Reading;

/// <summary>
/// Reads a DS3 <c>out_filename</c> CSV (docs/ds3-compatibility.md, "Driver output and formulas"): header <c>datetime et, n_overall, opm, …</c>, rows
/// <c>{ts} {et:7.1f},{n},{opm},{max},{avg},{sampled},{nrb},{pct}</c>. The file has no reset marker, so the
/// statistics reset is recognised where et or n_overall go back; rows before it are warm-up.
/// </summary>
public static class Ds3CsvParser
{
    public const string HeaderStart = "datetime et";

    public static bool LooksLikeCsv(string text) => text.TrimStart().StartsWith(HeaderStart, StringComparison.Ordinal);

    public static RunResult Parse(string text, string source)
    {
        var rows = new List<Ds3PeriodicLine>();
        var lines = text.Split('\n');
        for (var i = 1; i < lines.Length; i++)
        {
            var line = lines[i].TrimEnd('\r');
            if (line.Trim().Length == 0)
            {
                continue;
            }

            rows.Add(ParseRow(line) ?? throw new UserError($"{source} line {i + 1} is not a DS3 CSV row ('{Shorten(line)}')."));
        }

        if (rows.Count == 0)
        {
            throw new UserError($"{source} has the DS3 CSV header but no rows.");
        }

        var resetAt = 0;
        for (var i = 1; i < rows.Count; i++)
        {
            if (rows[i].Et < rows[i - 1].Et || rows[i].NOverall < rows[i - 1].NOverall)
            {
                resetAt = i;
            }
        }

        var samples = rows.Select((r, i) => new Ds3RunBuilder.Sample(r, i >= resetAt)).ToList();
        var findings = new List<Finding>
        {
            new("ds3-csv", FindingSeverity.Warning, "read from a DS3 CSV: no Final summary, no per-step averages"),
        };
        return Ds3RunBuilder.Build(source, samples, new Dictionary<string, string>(), new Dictionary<string, string>(), findings);
    }

    private static Ds3PeriodicLine? ParseRow(string line)
    {
        var fields = line.Split(',');
        if (fields.Length < 8)
        {
            return null;
        }

        // First field: "{ts} {et:7.1f}" — the timestamp (possibly empty, possibly with spaces) then et.
        var first = fields[0].TrimEnd();
        var split = first.LastIndexOf(' ');
        var etText = split < 0 ? first : first[(split + 1)..];
        var timestamp = split < 0 ? null : Ds3PeriodicLine.ParseTimestamp(first[..split]);
        if (!double.TryParse(etText, System.Globalization.NumberStyles.Float, System.Globalization.CultureInfo.InvariantCulture, out var et))
        {
            return null;
        }

        for (var i = 1; i < 7; i++)
        {
            if (!long.TryParse(fields[i].Trim(), System.Globalization.NumberStyles.Integer, System.Globalization.CultureInfo.InvariantCulture, out _))
            {
                return null;
            }
        }

        return new Ds3PeriodicLine(
            timestamp,
            et,
            Ds3PeriodicLine.Integer(fields[1].Trim()),
            Ds3PeriodicLine.Integer(fields[2].Trim()),
            Ds3PeriodicLine.Integer(fields[3].Trim()),
            Ds3PeriodicLine.Integer(fields[4].Trim()),
            Ds3PeriodicLine.Integer(fields[5].Trim()),
            Ds3PeriodicLine.Integer(fields[6].Trim()),
            Ds3PeriodicLine.Number(fields[7].Trim()));
    }

    private static string Shorten(string line) => line.Length <= 60 ? line : line[..60] + "…";
}
