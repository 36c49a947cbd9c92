using System.Globalization;
using System.Text.RegularExpressions;

namespace DvdStore.Analysis.Reading;

/// <summary>
/// One DS3 periodic line (docs/ds3-compatibility.md, "Driver output and formulas"): optional UTC or LOCAL timestamp, then
/// <c>et= n_overall= opm= rt_tot_lastn_max_msec= rt_tot_avg_msec= rt_tot_sampled= rollbacks: n= %=</c>.
/// </summary>
internal sealed partial record Ds3PeriodicLine(DateTimeOffset? Timestamp, double Et, long NOverall, long Opm, long LastNMaxMs, long AvgMs, long SampledMs, long Rollbacks, double RollbackPercent)
{
    public static Ds3PeriodicLine? TryParse(string line)
    {
        var match = Pattern().Match(line);
        if (!match.Success)
        {
            return null;
        }

        return new Ds3PeriodicLine(
            ParseTimestamp(match.Groups["ts"].Value),
            Number(match.Groups["et"].Value),
            Integer(match.Groups["n"].Value),
            Integer(match.Groups["opm"].Value),
            Integer(match.Groups["max"].Value),
            Integer(match.Groups["avg"].Value),
            Integer(match.Groups["sampled"].Value),
            Integer(match.Groups["nrb"].Value),
            Number(match.Groups["pct"].Value));
    }

    /// <summary>UTC "yyyy-MM-ddTHH:mm:ss.fffZ" or LOCAL "MM/dd/yyyy h:mm:ss AM/PM" (zone unknown: taken as UTC).</summary>
    public static DateTimeOffset? ParseTimestamp(string text)
    {
        text = text.Trim();
        if (text.Length == 0)
        {
            return null;
        }

        string[] formats = ["yyyy-MM-ddTHH:mm:ss.fffZ", "MM/dd/yyyy h:mm:ss tt", "M/d/yyyy h:mm:ss tt"];
        return DateTimeOffset.TryParseExact(text, formats, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal | DateTimeStyles.AdjustToUniversal, out var value)
            ? value
            : null;
    }

    internal static double Number(string text) =>
        double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out var value) && double.IsFinite(value) ? value : 0;

    internal static long Integer(string text) => long.TryParse(text, NumberStyles.Integer, CultureInfo.InvariantCulture, out var value) ? value : 0;

    // A space between a number and the next key may be lost (DS3's driver documentation prints fields glued):
    // every key starts with a letter, so "opm=27084rt_tot_lastn_max_msec=144" still splits exactly.
    [GeneratedRegex(@"^(?<ts>.*?)et=\s*(?<et>-?[0-9.]+)\s*n_overall=(?<n>-?\d+)\s*opm=(?<opm>-?\d+)\s*rt_tot_lastn_max_msec=(?<max>-?\d+)\s*rt_tot_avg_msec=(?<avg>-?\d+)\s*rt_tot_sampled=(?<sampled>-?\d+)\s*rollbacks:\s*n=(?<nrb>-?\d+)\s*%=\s*(?<pct>\S+)", RegexOptions.CultureInvariant)]
    private static partial Regex Pattern();
}
