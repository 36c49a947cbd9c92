using System.Globalization;
using DvdStore.Schema;
using DvdStore.Schema.Sizing;

namespace DvdStore.Driver.Parameters;

/// <summary>
/// Reads the run's parameter values as the types the settings need, each checked the way DS3 checks it (or more
/// strictly where DS3's leniency only hides a mistake), with a one-line <see cref="UserError"/> naming the parameter.
/// </summary>
internal sealed class RunParameterValues(IReadOnlyDictionary<string, string> values)
{
    private static readonly CultureInfo Inv = CultureInfo.InvariantCulture;

    public StoreSize Size()
    {
        if (!StoreSize.TryParse(values["db_size"], out var size))
        {
            throw new UserError($"db_size={values["db_size"]} is not a store size; {StoreSize.Accepted}.");
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
            throw new UserError($"start_at={text} is not a time; write UTC ISO 8601, e.g. 2026-11-23T10:00:00Z.");
        }

        return at;
    }

    // DS3 converts integers strictly: "1.5" is refused.
    public int Int(string name)
    {
        var text = values[name].Trim();
        if (!int.TryParse(text, NumberStyles.AllowLeadingSign, Inv, out var value))
        {
            throw new UserError($"{name}={text} is not a whole number.");
        }

        return value;
    }

    public long Long(string name)
    {
        var text = values[name].Trim();
        if (!long.TryParse(text, NumberStyles.AllowLeadingSign, Inv, out var value))
        {
            throw new UserError($"{name}={text} is not a whole number.");
        }

        return value;
    }

    public int Positive(string name) =>
        Int(name) is var value and > 0 ? value : throw new UserError($"{name} must be greater than 0 (got {values[name].Trim()}).");

    public int NonNegative(string name) =>
        Int(name) is var value and >= 0 ? value : throw new UserError($"{name} must not be negative (got {values[name].Trim()}).");

    public double Double(string name)
    {
        var text = values[name].Trim();
        if (!double.TryParse(text, NumberStyles.Float, Inv, out var value) || !double.IsFinite(value))
        {
            throw new UserError($"{name}={text} is not a number.");
        }

        return value;
    }

    public double PositiveDouble(string name) =>
        Double(name) is var value and > 0 ? value : throw new UserError($"{name} must be greater than 0 (got {values[name].Trim()}).");

    public double NonNegativeDouble(string name) =>
        Double(name) is var value and >= 0 ? value : throw new UserError($"{name} must not be negative (got {values[name].Trim()}).");

    // DS3 does not range-check percentages; values outside 0..100 only make every or no order take the step, so refuse them.
    public double Percent(string name) =>
        Double(name) is var value and >= 0 and <= 100 ? value : throw new UserError($"{name} must be a percentage from 0 to 100 (got {values[name].Trim()}).");

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
            _ => throw new UserError($"{name}={text} must be Y or N."),
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

        throw new UserError($"{name}={text} must be one of {string.Join(", ", choices.Select(static c => c.Text))}.");
    }

    public int Port(string name) => Int(name) is >= 1 and <= 65535 and var port ? port : throw new UserError($"{name}={values[name]} is not a TCP port; give 1 to 65535, e.g. 9464.");
}
