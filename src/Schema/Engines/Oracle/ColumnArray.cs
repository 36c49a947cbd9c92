namespace DvdStore.Schema.Engines.Oracle;

/// <summary>One column of an array-bound batch: its bind name, OracleDbType name, typed values and NULL flags.</summary>
public sealed record ColumnArray(string Name, string OracleType, Array Values, IReadOnlyList<bool> IsNull);
