namespace DvdStore.Schema.Model;

/// <summary>A foreign key built after the load. DS3's intent is ON DELETE CASCADE, except ORDERS → CUSTOMERS (SET NULL).</summary>
public sealed record ForeignKeySpec(string Name, string Table, string Column, string ReferencedTable, string ReferencedColumn, ForeignKeyAction OnDelete);

/// <summary>What happens to referencing rows when the referenced row is deleted.</summary>
public enum ForeignKeyAction
{
    Cascade,
    SetNull,
}
