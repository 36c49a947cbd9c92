using System.Data.Common;
using DvdStore.Schema.Engines.Common;

namespace DvdStore.Schema.Engines.Sqlite;

/// <summary>
/// What SQLite's schema proves about the store's tables: a one-column PRIMARY KEY that is the rowid (INTEGER PRIMARY
/// KEY) or declared NOT NULL (SQLite's other primary keys let NULLs in, several of them). Foreign keys prove nothing:
/// they are enforced only on connections that set PRAGMA foreign_keys = ON, and any writer may not have.
/// </summary>
internal static class SqliteGuarantees
{
    private const string Query = """
        SELECT m.name, p.name
        FROM sqlite_master m, pragma_table_info(m.name) p
        WHERE m.type = 'table' AND p.pk = 1 AND (upper(p.type) = 'INTEGER' OR p."notnull" = 1)
          AND (SELECT COUNT(*) FROM pragma_table_info(m.name) q WHERE q.pk > 0) = 1
        """;

    public static async Task<ServerGuarantees> ReadAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        var guarantees = new ServerGuarantees();
        await using var command = connection.Command(Query);
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            guarantees.AddUnique(reader.GetString(0), reader.GetString(1), $"PRIMARY KEY of {reader.GetString(0)}");
        }

        return guarantees;
    }
}
