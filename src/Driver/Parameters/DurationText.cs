using System.Globalization;
using System.Text.RegularExpressions;
using DvdStore.Schema;

namespace DvdStore.Driver.Parameters;

/// <summary>
/// The one duration syntax of every verb: <c>30s</c>, <c>10m</c>, <c>2h</c>, <c>1h30m</c>, <c>500ms</c>, or a bare number
/// of seconds. The value is checked against its range in <see cref="InputBounds"/> before a TimeSpan is made, so
/// <c>1e300</c> or <c>NaN</c> is a one-line error naming the option, never an overflow. DS3's own minute parameters
/// (run_time, warmup_time) are whole numbers of minutes and are not read here.
/// </summary>
public static partial class DurationText
{
    /// <summary>How the accepted forms read in help and errors.</summary>
    public const string Forms = "30s, 10m, 2h or 1h30m (a bare number is seconds)";

    private static readonly CultureInfo Inv = CultureInfo.InvariantCulture;

    /// <summary>
    /// The duration in <paramref name="text"/>. <paramref name="bound"/> names its range in <see cref="InputBounds"/>
    /// (default: any duration up to a year); <paramref name="shown"/> is the option as the user typed it.
    /// </summary>
    public static TimeSpan Parse(string shown, string text, string bound = "duration") =>
        TimeSpan.FromSeconds(InputBounds.Check(bound, shown, text, Seconds(shown, text)));

    /// <summary>The seconds in <paramref name="text"/>, unchecked against a range (NaN and infinities stay as they are).</summary>
    private static double Seconds(string shown, string text)
    {
        var trimmed = text.Trim().ToLowerInvariant();
        if (double.TryParse(trimmed, NumberStyles.Float, Inv, out var bare))
        {
            return bare;
        }

        var match = Compound().Match(trimmed);
        if (!match.Success)
        {
            throw new UserError($"{shown}={InputBounds.Quote(text)} is not a duration; write {Forms}.");
        }

        var seconds = 0.0;
        for (var i = 0; i < match.Groups["n"].Captures.Count; i++)
        {
            var amount = double.Parse(match.Groups["n"].Captures[i].Value, NumberStyles.AllowDecimalPoint, Inv);
            seconds += amount * match.Groups["u"].Captures[i].Value switch
            {
                "ms" => 0.001,
                "s" => 1,
                "m" => 60,
                "h" => 3_600,
                _ => 86_400,
            };
        }

        return seconds;
    }

    // Amount-unit pairs, largest unit first by convention but not enforced: 1h30m, 90s, 1.5h, 500ms.
    [GeneratedRegex(@"^(?:(?<n>\d+(?:\.\d+)?)(?<u>ms|s|m|h|d))+$", RegexOptions.CultureInvariant)]
    private static partial Regex Compound();
}
