namespace DvdStore.Schema.Engines.Oracle;

/// <summary>One column of an array-bound batch: its bind name, OracleDbType, typed values and NULL flags.</summary>
public sealed record ColumnArray(string Name, OracleDbTypeName OracleType, Array Values, IReadOnlyList<bool> IsNull);
