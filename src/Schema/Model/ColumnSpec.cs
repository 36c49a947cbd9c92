namespace DvdStore.Schema.Model;

/// <summary>One column of a store table, in DS3's load (CSV) order.</summary>
/// <param name="Name">Upper-case DS3 name.</param>
/// <param name="Type">Logical type.</param>
/// <param name="Length">Maximum characters for <see cref="ColumnType.VarChar"/>; 0 otherwise.</param>
/// <param name="Nullable">Whether NULL is allowed.</param>
/// <param name="FitsInByte">A <see cref="ColumnType.SmallInt"/> whose values are 0..127: engines with a one-byte
/// integer (MySQL, SQL Server) use it, because DS3's drivers there read the column with GetByte.</param>
public sealed record ColumnSpec(string Name, ColumnType Type, int Length = 0, bool Nullable = false, bool FitsInByte = false)
{
    /// <summary>The CLR type a row value of this column has (before boxing), for bulk writers and readers.</summary>
    public Type ClrType => Type switch
    {
        ColumnType.SmallInt => typeof(short),
        ColumnType.Integer => typeof(int),
        ColumnType.BigInt => typeof(long),
        ColumnType.Money => typeof(decimal),
        ColumnType.Date => typeof(DateTime),
        ColumnType.VarChar => typeof(string),
        _ => throw new InvalidOperationException($"unknown column type {Type}"),
    };
}
