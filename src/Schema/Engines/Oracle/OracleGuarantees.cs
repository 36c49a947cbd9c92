namespace DvdStore.Schema.Engines.Oracle;

/// <summary>
/// What Oracle's dictionary proves about the store's tables (the connecting user's, as <c>USER_TABLES</c> finds the
/// store): a one-column primary key, or unique constraint on a NOT NULL column, that is ENABLED and VALIDATED and whose
/// index is VALID (a SQL*Loader direct-path load that meets a duplicate leaves the index UNUSABLE); a one-column foreign key that
/// is ENABLED and VALIDATED. ENABLE NOVALIDATE and RELY NOVALIDATE leave the rows unchecked, so they prove nothing. The
/// query reads every key with its state, and <see cref="Proof"/> decides. The dictionary holds names upper case.
/// </summary>
public static class OracleGuarantees
{
    /// <summary>One row per key of the user's tables, its first column and its state.</summary>
    public const string Query = """
        SELECT c.CONSTRAINT_TYPE, c.TABLE_NAME, cc.COLUMN_NAME, r.TABLE_NAME, rc.COLUMN_NAME, c.CONSTRAINT_NAME,
               (SELECT COUNT(*) FROM USER_CONS_COLUMNS n WHERE n.CONSTRAINT_NAME = c.CONSTRAINT_NAME),
               c.STATUS, c.VALIDATED, i.STATUS, tc.NULLABLE
        FROM USER_CONSTRAINTS c
        JOIN USER_CONS_COLUMNS cc ON cc.CONSTRAINT_NAME = c.CONSTRAINT_NAME AND cc.POSITION = 1
        JOIN USER_TAB_COLUMNS tc ON tc.TABLE_NAME = cc.TABLE_NAME AND tc.COLUMN_NAME = cc.COLUMN_NAME
        LEFT JOIN USER_INDEXES i ON i.INDEX_NAME = c.INDEX_NAME AND c.INDEX_OWNER = USER
        LEFT JOIN USER_CONSTRAINTS r ON r.CONSTRAINT_NAME = c.R_CONSTRAINT_NAME AND c.R_OWNER = USER
        LEFT JOIN USER_CONS_COLUMNS rc ON rc.CONSTRAINT_NAME = r.CONSTRAINT_NAME AND rc.POSITION = 1
        WHERE c.CONSTRAINT_TYPE IN ('P', 'U', 'R')
        """;

    public static async Task<ServerGuarantees> ReadAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        var guarantees = new ServerGuarantees();
        await using var command = connection.Command(Query);
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            var key = new CatalogKey(
                reader.GetString(0), reader.GetString(1), reader.GetString(2), Text(reader, 3), Text(reader, 4), reader.GetString(5),
                OracleBinding.ToInt64(reader.GetValue(6)), reader.GetString(7), reader.GetString(8), Text(reader, 9), reader.GetString(10));
            if (Proof(key) is { } proof)
            {
                guarantees.Add(key.Table, key.Column, key.ReferencedTable, key.ReferencedColumn, proof);
            }
        }

        return guarantees;
    }

    /// <summary>How <paramref name="key"/> proves its rows sound, or null when it proves nothing.</summary>
    public static string? Proof(CatalogKey key) => key switch
    {
        { KeyColumns: not 1 } or { Status: not "ENABLED" } or { Validated: not "VALIDATED" } => null,
        { Type: "P", IndexStatus: "VALID" } => $"primary key {key.Name} (enabled, validated)",
        // A unique constraint lets any number of NULLs in, which verify's COUNT(DISTINCT) would count as duplicates.
        { Type: "U", IndexStatus: "VALID", Nullable: "N" } => $"unique constraint {key.Name} (enabled, validated)",
        { Type: "R", ReferencedTable: not null, ReferencedColumn: not null } => $"foreign key {key.Name} (enabled, validated)",
        _ => null,
    };

    private static string? Text(DbDataReader reader, int ordinal) => reader.IsDBNull(ordinal) ? null : reader.GetString(ordinal);

    /// <summary>
    /// One row of <see cref="Query"/>: a key (CONSTRAINT_TYPE P, U or R), its first column and the dictionary's words for
    /// its state (STATUS, VALIDATED, the index's STATUS, the column's NULLABLE).
    /// </summary>
    public sealed record CatalogKey(
        string Type, string Table, string Column, string? ReferencedTable, string? ReferencedColumn, string Name, long KeyColumns,
        string Status, string Validated, string? IndexStatus, string Nullable);
}
