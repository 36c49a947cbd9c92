namespace DvdStore.Schema.Engines.SqlServer;

/// <summary>
/// What SQL Server's catalog proves about the store's tables (those of the connection's default schema): a one-column
/// primary key, or unique constraint on a NOT NULL column, whose index is enabled (a disabled index enforces nothing);
/// a one-column foreign key that is enabled and trusted (<c>is_not_trusted = 0</c>: a key added or re-enabled WITH
/// NOCHECK, or NOT FOR REPLICATION, was never checked against the rows; so is one a SqlBulkCopy without CheckConstraints
/// wrote past, which is why the loader bulk-loads before adding its keys). The query reads every key with its state, and
/// <see cref="Proof"/> decides, so the rule is one piece of C#. Names are as created (the loader creates them upper case).
/// </summary>
internal static class SqlServerGuarantees
{
    /// <summary>
    /// One row per key of a table in the default schema, its first column and its state. NULLs are cast to sysname:
    /// a bare NULL is an int, and UNION ALL would then convert the foreign keys' names to int.
    /// </summary>
    internal const string Query = """
        SELECT k.type AS kind, t.name AS table_name, c.name AS column_name, CAST(NULL AS sysname) AS referenced_table,
               CAST(NULL AS sysname) AS referenced_column, k.name AS constraint_name,
               (SELECT COUNT(*) FROM sys.index_columns AS n WHERE n.object_id = i.object_id AND n.index_id = i.index_id AND n.key_ordinal > 0) AS key_columns,
               CAST(i.is_disabled AS int) AS disabled, 0 AS not_trusted, 0 AS not_for_replication, CAST(c.is_nullable AS int) AS nullable
        FROM sys.key_constraints AS k
        JOIN sys.tables AS t ON t.object_id = k.parent_object_id
        JOIN sys.indexes AS i ON i.object_id = k.parent_object_id AND i.index_id = k.unique_index_id
        JOIN sys.index_columns AS ic ON ic.object_id = i.object_id AND ic.index_id = i.index_id AND ic.key_ordinal = 1
        JOIN sys.columns AS c ON c.object_id = ic.object_id AND c.column_id = ic.column_id
        WHERE t.schema_id = SCHEMA_ID()
        UNION ALL
        SELECT 'F', t.name, c.name, r.name, rc.name, f.name,
               (SELECT COUNT(*) FROM sys.foreign_key_columns AS n WHERE n.constraint_object_id = f.object_id),
               CAST(f.is_disabled AS int), CAST(f.is_not_trusted AS int), CAST(f.is_not_for_replication AS int), CAST(c.is_nullable AS int)
        FROM sys.foreign_keys AS f
        JOIN sys.tables AS t ON t.object_id = f.parent_object_id
        JOIN sys.tables AS r ON r.object_id = f.referenced_object_id
        JOIN sys.foreign_key_columns AS fc ON fc.constraint_object_id = f.object_id AND fc.constraint_column_id = 1
        JOIN sys.columns AS c ON c.object_id = fc.parent_object_id AND c.column_id = fc.parent_column_id
        JOIN sys.columns AS rc ON rc.object_id = fc.referenced_object_id AND rc.column_id = fc.referenced_column_id
        WHERE t.schema_id = SCHEMA_ID() AND r.schema_id = SCHEMA_ID()
        """;

    public static async Task<ServerGuarantees> ReadAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        var guarantees = new ServerGuarantees();
        await using var command = connection.Command(Query);
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            var key = new CatalogKey(
                reader.GetString(0).Trim(), reader.GetString(1), reader.GetString(2), reader.IsDBNull(3) ? null : reader.GetString(3),
                reader.IsDBNull(4) ? null : reader.GetString(4), reader.GetString(5), Number(reader, 6),
                Number(reader, 7) != 0, Number(reader, 8) != 0, Number(reader, 9) != 0, Number(reader, 10) != 0);
            if (Proof(key) is { } proof)
            {
                guarantees.Add(key.Table, key.Column, key.ReferencedTable, key.ReferencedColumn, proof);
            }
        }

        return guarantees;
    }

    /// <summary>How <paramref name="key"/> proves its rows sound, or null when it proves nothing.</summary>
    internal static string? Proof(CatalogKey key) => key switch
    {
        { KeyColumns: not 1 } or { Disabled: true } => null,
        { Kind: "PK" } => $"primary key {key.Name} (index enabled)",
        // A UNIQUE constraint lets one NULL in, which verify's COUNT(DISTINCT) would count as a duplicate.
        { Kind: "UQ", Nullable: false } => $"unique constraint {key.Name} (index enabled)",
        { Kind: "F", NotTrusted: false, NotForReplication: false, ReferencedTable: not null, ReferencedColumn: not null } => $"foreign key {key.Name} (trusted, enabled)",
        _ => null,
    };

    private static long Number(DbDataReader reader, int ordinal) => Convert.ToInt64(reader.GetValue(ordinal), CultureInfo.InvariantCulture);

    /// <summary>One row of <see cref="Query"/>: a key (PK, UQ or F), its first column and what the catalog says of its state.</summary>
    internal sealed record CatalogKey(
        string Kind, string Table, string Column, string? ReferencedTable, string? ReferencedColumn, string Name, long KeyColumns,
        bool Disabled, bool NotTrusted, bool NotForReplication, bool Nullable);
}
