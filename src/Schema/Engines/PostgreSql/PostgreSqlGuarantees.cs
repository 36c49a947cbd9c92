using System.Data.Common;
using DvdStore.Schema.Engines.Common;

namespace DvdStore.Schema.Engines.PostgreSql;

/// <summary>
/// What PostgreSQL's catalog proves about the store's tables (those the search path sees): a one-column primary key,
/// or unique constraint on a NOT NULL column, whose index is valid (a failed CREATE INDEX CONCURRENTLY leaves an
/// invalid one that enforces nothing); a one-column foreign key the server validated (<c>convalidated</c>: not added
/// NOT VALID, or validated since) whose triggers are not disabled (<c>ALTER TABLE … DISABLE TRIGGER ALL</c>). What it
/// cannot see: a session with <c>session_replication_role = replica</c> skips foreign-key triggers, so rows written
/// that way may be orphans the catalog still calls valid — verify's --full counts them.
/// </summary>
internal static class PostgreSqlGuarantees
{
    private const string Query = """
        SELECT c.contype::text, t.relname::text, a.attname::text, r.relname::text, ra.attname::text, c.conname::text
        FROM pg_constraint c
        JOIN pg_class t ON t.oid = c.conrelid
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        LEFT JOIN pg_index i ON i.indexrelid = c.conindid
        LEFT JOIN pg_class r ON r.oid = c.confrelid
        LEFT JOIN pg_attribute ra ON ra.attrelid = c.confrelid AND ra.attnum = c.confkey[1]
        WHERE pg_table_is_visible(t.oid) AND cardinality(c.conkey) = 1 AND c.convalidated
          AND ((c.contype IN ('p', 'u') AND a.attnotnull AND i.indisvalid AND i.indisready AND i.indpred IS NULL)
            OR (c.contype = 'f' AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgconstraint = c.oid AND g.tgenabled = 'D')))
        """;

    public static async Task<ServerGuarantees> ReadAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        var guarantees = new ServerGuarantees();
        await using var command = connection.Command(Query);
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            var (kind, table, column, name) = (reader.GetString(0), reader.GetString(1), reader.GetString(2), reader.GetString(5));
            if (kind == "f")
            {
                guarantees.AddReference(table, column, reader.GetString(3), reader.GetString(4), $"foreign key {name} (validated, enforced)");
            }
            else
            {
                guarantees.AddUnique(table, column, $"{(kind == "p" ? "primary key" : "unique constraint")} {name} (valid index)");
            }
        }

        return guarantees;
    }
}
