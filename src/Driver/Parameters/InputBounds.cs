using System.Globalization;
using DvdStore.Schema;

namespace DvdStore.Driver.Parameters;

/// <summary>
/// The one table of numeric input ranges (issue 13): every numeric option of <c>run</c>, <c>sweep</c>, <c>analyze</c> and <c>fleet</c> is checked
/// here when it is parsed, so a typo such as <c>1e308</c>, <c>NaN</c> or <c>2147483647</c> is refused in one line that
/// names the option as the user typed it, instead of overflowing a TimeSpan, a timer or a loop later on.
/// </summary>
public static class InputBounds
{
    /// <summary>Longest run, warm-up or step a duration may give: a year.</summary>
    public static readonly TimeSpan MaxDuration = TimeSpan.FromDays(365);

    /// <summary>Furthest a common start (--start-at) may lie ahead.</summary>
    public static readonly TimeSpan MaxStartAhead = TimeSpan.FromDays(7);

    private static readonly CultureInfo Inv = CultureInfo.InvariantCulture;

    /// <summary>Parameter (DS3's name, or the sweep setting's) → its range and how the range reads in an error.</summary>
    private static readonly Dictionary<string, Bound> Table = new(StringComparer.Ordinal)
    {
        ["n_threads"] = new(1, Running.RunSettingsCheck.MaxUsers, "1 to 10,000 users per target (more belong in several driver processes started with --start_at)"),
        ["ramp_rate"] = new(0.01, 100_000, "0.01 to 100,000 users started per second"),
        ["run_time"] = new(0, 525_600, "0 (until Ctrl-C) to 525,600 minutes (a year)"),
        ["warmup_time"] = new(0, 525_600, "0 to 525,600 minutes (a year)"),
        ["duration"] = new(0, MaxDuration.TotalSeconds, "a duration from 0 to 365 days, e.g. 30s, 10m or 2h"),
        ["think_time"] = new(0, 3_600, "0 to 3,600 seconds"),
        ["pct_newcustomers"] = Percent,
        ["pct_newmember"] = Percent,
        ["pct_newreviews"] = Percent,
        ["pct_newhelpfulness"] = Percent,
        ["n_searches"] = Mean,
        ["search_batch_size"] = Mean,
        ["n_reviews"] = Mean,
        ["n_line_items"] = Mean,
        ["interval"] = new(0.01, 3_600, "0.01 to 3,600 seconds, e.g. 1s or 500ms"),
        ["log_freq"] = new(1, 86_400, "1 to 86,400 seconds (a day)"),
        ["db_down_limit"] = new(0.1, 86_400, "0.1 to 86,400 seconds (a day)"),
        ["server_pid"] = new(1, int.MaxValue, "a process id (1 or more)"),
        ["wait_rate"] = new(0, 100, "0 (no wait sampling) to 100 samples a second"),
        ["metrics_port"] = new(1, 65_535, "a TCP port from 1 to 65535, e.g. 9464"),
        ["fleet_size"] = new(1, 10_000, "1 to 10,000 drivers"),
        ["cpus"] = new(1, 65_536, "CPU counts from 1 to 65,536"),
        ["users"] = new(1, Running.RunSettingsCheck.MaxUsers, "user counts from 1 to 10,000"),
        ["rate"] = new(0.01, 100_000_000, "0.01 to 100,000,000 orders per minute, e.g. 6000"),
        ["rates"] = new(1, 100_000_000, "rates from 1 to 100,000,000 orders per minute, e.g. 10000..80000"),
        ["threshold"] = new(0, 1_000, "a percentage from 0 to 1,000, e.g. 5"),

        // dvdstore analyze
        ["peak_threshold"] = new(0.01, 99.99, "a percentage from 0.01 to 99.99, e.g. 5"),
        ["noise_cv"] = new(0.01, 1_000, "a percentage from 0.01 to 1,000, e.g. 5"),
    };

    private static Bound Percent => new(0, 100, "a percentage from 0 to 100");

    private static Bound Mean => new(1, 1_000, "1 to 1,000");

    /// <summary>
    /// <paramref name="value"/> when it is finite and within <paramref name="parameter"/>'s range; otherwise a one-line
    /// <see cref="UserError"/> naming the option as typed (<paramref name="shown"/>, e.g. <c>--users</c>).
    /// </summary>
    public static double Check(string parameter, string shown, string text, double value)
    {
        var bound = Table[parameter];
        return double.IsFinite(value) && value >= bound.Min && value <= bound.Max
            ? value
            : throw new UserError($"{shown}={Quote(text)} is out of range; give {bound.Range}.");
    }

    /// <summary>The whole number in <paramref name="text"/>, within range (see <see cref="Check"/>).</summary>
    public static int CheckInt(string parameter, string shown, string text)
    {
        var trimmed = text.Trim();
        if (!double.TryParse(trimmed, NumberStyles.Float, Inv, out var value) || Math.Floor(value) != value)
        {
            throw new UserError($"{shown}={Quote(text)} is not a whole number; give {Table[parameter].Range}.");
        }

        // Parsed as a double first, so 1e308 and 99999999999 are "out of range", not "not a whole number".
        return int.TryParse(trimmed, NumberStyles.AllowLeadingSign, Inv, out var whole)
            ? (int)Check(parameter, shown, text, whole)
            : (int)Check(parameter, shown, text, value);
    }

    /// <summary>The number in <paramref name="text"/>, within range; NaN and infinities are refused (see <see cref="Check"/>).</summary>
    public static double CheckNumber(string parameter, string shown, string text)
    {
        if (!double.TryParse(text.Trim(), NumberStyles.Float, Inv, out var value))
        {
            throw new UserError($"{shown}={Quote(text)} is not a number; give {Table[parameter].Range}.");
        }

        return Check(parameter, shown, text, value);
    }

    /// <summary>A user's text in an error: trimmed, and cut when long (a 100 MB line is never echoed whole).</summary>
    public static string Quote(string text)
    {
        const int Longest = 60;
        var trimmed = text.Trim();
        return trimmed.Length <= Longest ? trimmed : string.Concat(trimmed.AsSpan(0, Longest), "…");
    }

    private sealed record Bound(double Min, double Max, string Range);
}
