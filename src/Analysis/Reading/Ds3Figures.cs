using System.Globalization;
using DvdStore.Schema;

namespace DvdStore.Analysis.Reading;

/// <summary>
/// Refuses DS3 figures no DS3 run can print: times and counts that are not finite or are negative, and an opm that does
/// not follow from n_overall and et (DS3 prints opm = floor(60 × n_overall / et), docs/ds3-compatibility.md, "Driver output and formulas"), such as
/// <c>opm=9223372036854775807</c>. Such a file is skipped with one line instead of entering the averages.
/// </summary>
internal static class Ds3Figures
{
    /// <summary>A billion orders a minute: far beyond any machine, below any overflow.</summary>
    private const double MaxOpm = 1e9;

    /// <summary>DS3 prints et with one decimal, so the true et lies within this of the printed one.</summary>
    private const double EtRounding = 0.05;

    public static void Check(string source, string where, double et, long orders, long opm, long rollbacks)
    {
        var problem = Problem(et, orders, opm, rollbacks);
        if (problem is not null)
        {
            throw new UserError(string.Create(CultureInfo.InvariantCulture,
                $"{source}: {where} has {problem} (et={et} n_overall={orders} opm={opm}); no DS3 run prints that, so the file is left out; fix or remove it."));
        }
    }

    /// <summary>A value of the Final summary as a finite number ("1.9%" included), or a one-line refusal.</summary>
    public static double FinalValue(string source, string key, string text)
    {
        if (double.TryParse(text.TrimEnd('%'), NumberStyles.Float, CultureInfo.InvariantCulture, out var value) && double.IsFinite(value))
        {
            return value;
        }

        throw new UserError($"{source}: the Final summary has {key}={Shorten(text)}, which is not a finite number; no DS3 run prints that, so the file is left out; fix or remove it.");
    }

    private static string? Problem(double et, long orders, long opm, long rollbacks)
    {
        if (!double.IsFinite(et) || et < 0)
        {
            return "an elapsed time that is not a finite, non-negative number";
        }

        if (orders < 0 || opm < 0 || rollbacks < 0)
        {
            return "a negative count";
        }

        if (opm > MaxOpm)
        {
            return "more than a billion orders per minute";
        }

        if (et <= EtRounding)
        {
            return null;
        }

        // The opm the counts allow, with et's rounding and a factor 2 of slack for anything DS3 does that we do not know.
        var highest = 60.0 * orders / (et - EtRounding);
        var lowest = 60.0 * orders / (et + EtRounding);
        return opm > (2 * highest) + 10 || opm < (lowest / 2) - 10 ? "an opm that does not follow from n_overall and et (DS3's opm is 60 × n_overall / et)" : null;
    }

    private static string Shorten(string text) => text.Length <= 30 ? text : text[..30] + "…";
}
