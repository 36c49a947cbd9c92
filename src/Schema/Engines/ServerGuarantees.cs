namespace DvdStore.Schema.Engines;

/// <summary>
/// What the server itself enforces on a store's rows, so that counting it again proves nothing new: columns whose
/// values are unique and never null (a valid primary key or unique index), and references that can have no orphan (a
/// foreign key the server validated and still enforces). Each maps to how the server holds it, for the report. Table
/// and column names are upper case, as the store model names them.
/// </summary>
public sealed class ServerGuarantees
{
    private readonly Dictionary<(string Table, string Column), string> _unique = [];
    private readonly Dictionary<(string Table, string Column, string ReferencedTable, string ReferencedColumn), string> _references = [];

    /// <summary>Nothing proven: every check is counted.</summary>
    public static ServerGuarantees None { get; } = new();

    public void AddUnique(string table, string column, string proof) =>
        _unique[(table.ToUpperInvariant(), column.ToUpperInvariant())] = proof;

    public void AddReference(string table, string column, string referencedTable, string referencedColumn, string proof) =>
        _references[(table.ToUpperInvariant(), column.ToUpperInvariant(), referencedTable.ToUpperInvariant(), referencedColumn.ToUpperInvariant())] = proof;

    /// <summary>A key read from a catalog: a reference when it names the column it references, else a unique column.</summary>
    public void Add(string table, string column, string? referencedTable, string? referencedColumn, string proof)
    {
        if (referencedTable is not null && referencedColumn is not null)
        {
            AddReference(table, column, referencedTable, referencedColumn, proof);
        }
        else
        {
            AddUnique(table, column, proof);
        }
    }

    /// <summary>How the server keeps <paramref name="column"/> of <paramref name="table"/> unique and not null; null when it does not.</summary>
    public string? Unique(string table, string column) =>
        _unique.GetValueOrDefault((table.ToUpperInvariant(), column.ToUpperInvariant()));

    /// <summary>How the server keeps every non-null <paramref name="column"/> pointing at a row of the referenced table; null when it does not.</summary>
    public string? Reference(string table, string column, string referencedTable, string referencedColumn) =>
        _references.GetValueOrDefault((table.ToUpperInvariant(), column.ToUpperInvariant(), referencedTable.ToUpperInvariant(), referencedColumn.ToUpperInvariant()));
}
