namespace DvdStore.Tests.Schema.Oracle;

/// <summary>Shaped like OracleString as an OUT array element: not IConvertible, with IsNull; ToString of a NULL prints "null".</summary>
public readonly struct FakeOracleString(string? value)
{
    public bool IsNull => value is null;

    public override string ToString() => value ?? "null";
}
