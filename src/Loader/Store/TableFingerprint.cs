using System.Globalization;

namespace DvdStore.Loader.Store;

/// <summary>A table's row count and the wrapping sum of its row hashes: independent of row order, sensitive to duplicates.</summary>
public sealed record TableFingerprint(string Table, long Rows, ulong Hash)
{
    public override string ToString() =>
        string.Create(CultureInfo.InvariantCulture, $"{Table}:{Rows}:{Hash:x16}");

    public static TableFingerprint Parse(string text)
    {
        var parts = text.Split(':');
        return new TableFingerprint(parts[0], long.Parse(parts[1], CultureInfo.InvariantCulture), ulong.Parse(parts[2], NumberStyles.HexNumber, CultureInfo.InvariantCulture));
    }
}
