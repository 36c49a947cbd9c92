using DvdStore.Driver.Results;

namespace DvdStore.Analysis.Reading;

/// <summary>
/// Results printed as one JSON line each (dvdstore run --result-stdout) inside a log, e.g. `kubectl logs -l
/// dvdstore/fleet=ID --prefix`: every line holding a result object is one run, whatever precedes it on the line.
/// </summary>
public static class ResultLines
{
    private static readonly string Marker = $"{{\"format\":\"{RunResult.FormatName}\"";

    /// <summary>The JSON of each result line, with the line's number (1-based); empty when the text holds none.</summary>
    public static IReadOnlyList<(int Line, string Json)> Find(string text)
    {
        var found = new List<(int, string)>();
        var number = 0;
        foreach (var line in text.Split('\n'))
        {
            number++;
            var at = line.IndexOf(Marker, StringComparison.Ordinal);
            if (at >= 0)
            {
                found.Add((number, line[at..].TrimEnd('\r')));
            }
        }

        return found;
    }
}
