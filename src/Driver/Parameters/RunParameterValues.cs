using System.Globalization;
using DvdStore.Schema;
using DvdStore.Schema.Sizing;

namespace DvdStore.Driver.Parameters;

/// <summary>
/// Reads the run's parameter values as the types the settings need, each checked the way DS3 checks it (or more
/// strictly where DS3's leniency only hides a mistake): numbers within <see cref="InputBounds"/>, with a one-line
/// <see cref="UserError"/> naming the parameter as the user typed it (<paramref name="shown"/>: <c>--users</c>, or
/// <c>ds3.conf line 3: n_threads</c>).
/// </summary>
internal sealed class RunParameterValues(IReadOnlyDictionary<string, string> values, Func<string, string> shown)
{
    private static readonly CultureInfo Inv = CultureInfo.InvariantCulture;

    public StoreSize Size()
    {
        if (!StoreSize.TryParse(values["db_size"], out var size))
        {
            throw new UserError($"{shown("db_size")}={InputBounds.Quote(values["db_size"])} is not a store size; {StoreSize.Accepted}.");
        }

        return size;
    }

    public DateTimeOffset? StartAt()
    {
        var text = values["start_at"].Trim();
        if (text.Length == 0)
        {
            return null;
        }

        if (!DateTimeOffset.TryParse(text, Inv, DateTimeStyles.AssumeUniversal | DateTimeStyles.AdjustToUniversal, out var at))
        {
            throw new UserError($"{shown("start_at")}={InputBounds.Quote(text)} is not a time; write UTC ISO 8601, e.g. 2026-11-23T10:00:00Z.");
        }

        // A common start is minutes or hours away; a typo of a year would wait (or overflow a timer) instead of running.
        if (at - DateTimeOffset.UtcNow > InputBounds.MaxStartAhead)
        {
            throw new UserError($"{shown("start_at")}={InputBounds.Quote(text)} is out of range; give a UTC time at most {InputBounds.MaxStartAhead.TotalDays:0} days ahead.");
        }

        return at;
    }

    public long Long(string name)
    {
        var text = values[name].Trim();
        if (!long.TryParse(text, NumberStyles.AllowLeadingSign, Inv, out var value))
        {
            throw new UserError($"{shown(name)}={InputBounds.Quote(text)} is not a whole number.");
        }

        return value;
    }

    /// <summary>A whole number within its range in <see cref="InputBounds"/> (DS3 converts integers strictly: "1.5" is refused).</summary>
    public int Whole(string name) => InputBounds.CheckInt(name, shown(name), values[name]);

    /// <summary>A number within its range in <see cref="InputBounds"/>; NaN and infinities are refused.</summary>
    public double Number(string name) => InputBounds.CheckNumber(name, shown(name), values[name]);

    /// <summary>A duration (30s, 10m, a bare number of seconds) within the parameter's range in <see cref="InputBounds"/>.</summary>
    public TimeSpan Duration(string name) => DurationText.Parse(shown(name), values[name], name);

    public bool YesNo(string name, bool strictDs3)
    {
        var text = values[name].Trim();
        // DS3 compares ds2_mode with "Y" exactly; anything else is N. The others accept Y/N in any case.
        if (strictDs3)
        {
            return text == "Y";
        }

        return text.ToUpperInvariant() switch
        {
            "Y" or "YES" or "TRUE" => true,
            "N" or "NO" or "FALSE" => false,
            _ => throw new UserError($"{shown(name)}={InputBounds.Quote(text)} must be Y or N."),
        };
    }

    public T OneOf<T>(string name, params (string Text, T Value)[] choices)
    {
        var text = values[name].Trim();
        foreach (var (choice, value) in choices)
        {
            if (string.Equals(choice, text, StringComparison.OrdinalIgnoreCase))
            {
                return value;
            }
        }

        throw new UserError($"{shown(name)}={InputBounds.Quote(text)} must be one of {string.Join(", ", choices.Select(static c => c.Text))}.");
    }
}
