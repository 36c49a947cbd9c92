namespace DvdStore.Tests.Schema.Oracle;

/// <summary>Shaped like OracleDecimal as an OUT value: not IConvertible, with IsNull and an invariant ToString.</summary>
public readonly struct FakeOracleDecimal(decimal? value)
{
    public bool IsNull => value is null;

    public override string ToString() => value?.ToString(CultureInfo.InvariantCulture) ?? "null";
}
