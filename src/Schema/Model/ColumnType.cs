namespace DvdStore.Schema.Model;

/// <summary>The logical column types of the store; each engine's dialect maps them to its own types.</summary>
public enum ColumnType
{
    /// <summary>16-bit integer (SMALLINT; Oracle NUMBER(5)).</summary>
    SmallInt,

    /// <summary>32-bit integer.</summary>
    Integer,

    /// <summary>64-bit integer: the ids that pass DS3's 32-bit limits at large sizes.</summary>
    BigInt,

    /// <summary>Money: NUMERIC(12,2).</summary>
    Money,

    /// <summary>A calendar date (no time of day).</summary>
    Date,

    /// <summary>Variable-length text of at most <see cref="ColumnSpec.Length"/> characters.</summary>
    VarChar,
}
