using System.Text.RegularExpressions;

namespace DvdStore.Schema.Sizing;

/// <summary>A store size as users write it (<c>S</c>, <c>10MB</c>, <c>1GB</c>, <c>2TB</c>), in DS3's units.</summary>
public sealed partial record StoreSize(long Amount, SizeUnit Unit)
{
    public const string Accepted = "accepted sizes: S, M, L, or a whole number followed by MB, GB or TB (e.g. 10MB, 1GB, 250GB, 2TB)";

    /// <summary>Parses a size, throwing a <see cref="UserError"/> that names what is accepted.</summary>
    public static StoreSize Parse(string? text)
    {
        if (TryParse(text, out var size))
        {
            return size;
        }

        throw new UserError($"'{text}' is not a store size; {Accepted}.");
    }

    public static bool TryParse(string? text, out StoreSize size)
    {
        size = null!;
        var trimmed = (text ?? "").Trim();
        switch (trimmed.ToUpperInvariant())
        {
            case "S": size = new StoreSize(10, SizeUnit.MB); return true;
            case "M": size = new StoreSize(1, SizeUnit.GB); return true;
            case "L": size = new StoreSize(100, SizeUnit.GB); return true;
        }

        var match = SizePattern().Match(trimmed);
        if (!match.Success
            || !long.TryParse(match.Groups[1].Value, NumberStyles.None, CultureInfo.InvariantCulture, out var amount)
            || amount <= 0)
        {
            return false;
        }

        var unit = Enum.Parse<SizeUnit>(match.Groups[2].Value, ignoreCase: true);
        // TB is a convenience: DS3 only knows MB and GB, so 2TB is stored as 2048GB.
        size = unit == SizeUnit.TB ? new StoreSize(checked(amount * 1024), SizeUnit.GB) : new StoreSize(amount, unit);
        return size.Amount <= 1_000_000_000;
    }

    /// <summary>The DS3 spelling, e.g. <c>10MB</c> or <c>2048GB</c>.</summary>
    public override string ToString() => $"{Amount.ToString(CultureInfo.InvariantCulture)}{Unit}";

    [GeneratedRegex(@"^([0-9]+)\s*(MB|GB|TB)$", RegexOptions.IgnoreCase | RegexOptions.CultureInvariant)]
    private static partial Regex SizePattern();
}

/// <summary>Units a size may be written in.</summary>
public enum SizeUnit
{
    MB,
    GB,
    TB,
}
