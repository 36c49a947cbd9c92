using System.Data.Common;
using DvdStore.Schema.Engines.Common;

namespace DvdStore.Schema.Engines.MySql;

/// <summary>
/// What MySQL/MariaDB's catalog proves about the store's tables: a one-column PRIMARY KEY of an InnoDB table (the
/// clustered index, checked on every insert and when the key is added to loaded rows, whatever unique_checks says).
/// Foreign keys prove nothing here: one added or rows written with foreign_key_checks = 0 (as the loader adds them,
/// for speed) is never checked against the rows, and the catalog keeps no trace of it; nor do UNIQUE secondary indexes
/// (unique_checks = 0 lets duplicates in).
/// </summary>
internal static class MySqlGuarantees
{
    private const string Query = """
        SELECT k.TABLE_NAME, MIN(k.COLUMN_NAME), COUNT(*)
        FROM information_schema.KEY_COLUMN_USAGE k
        JOIN information_schema.TABLES t ON t.TABLE_SCHEMA = k.TABLE_SCHEMA AND t.TABLE_NAME = k.TABLE_NAME
        WHERE k.TABLE_SCHEMA = DATABASE() AND k.CONSTRAINT_NAME = 'PRIMARY' AND t.ENGINE = 'InnoDB'
        GROUP BY k.TABLE_NAME
        """;

    public static async Task<ServerGuarantees> ReadAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        var guarantees = new ServerGuarantees();
        await using var command = connection.Command(Query);
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            if (reader.GetInt64(2) == 1)
            {
                guarantees.AddUnique(reader.GetString(0), reader.GetString(1), $"PRIMARY KEY of {reader.GetString(0)} (InnoDB)");
            }
        }

        return guarantees;
    }
}
