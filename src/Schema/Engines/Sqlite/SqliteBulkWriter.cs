using Microsoft.Data.Sqlite;

namespace DvdStore.Schema.Engines.Sqlite;

/// <summary>
/// SQLite's bulk path: one prepared INSERT reused for every row, inside large transactions (a commit every
/// <see cref="RowsPerTransaction"/> rows keeps the WAL file bounded). While it is open the connection runs with
/// synchronous=OFF (a crash mid-load means reloading anyway), foreign_keys=OFF (tables load in any order) and a large
/// page cache; the previous values come back when it completes or is disposed. SQLite has one writer at a time:
/// writers for several tables on several connections take turns per transaction (BEGIN IMMEDIATE waits on busy_timeout).
/// </summary>
public sealed class SqliteBulkWriter : IBulkWriter
{
    public const int RowsPerTransaction = 50_000;

    /// <summary>Page cache while loading, in KiB (negative = KiB in PRAGMA cache_size).</summary>
    private const int LoadCacheKiB = 128 * 1024;

    private readonly SqliteConnection _connection;
    private readonly SqliteCommand _insert;
    private readonly SqliteParameter[] _parameters;
    private readonly (long Synchronous, long ForeignKeys, long CacheSize) _saved;
    private SqliteTransaction? _transaction;
    private long _inTransaction;
    private long _written;
    private bool _closed;

    private SqliteBulkWriter(SqliteConnection connection, TableSpec table, (long, long, long) saved)
    {
        _connection = connection;
        Table = table;
        _saved = saved;
        _insert = connection.CreateCommand();
        _insert.CommandText =
            $"INSERT INTO {table.Name} ({string.Join(", ", table.Columns.Select(c => c.Name))}) " +
            $"VALUES ({string.Join(", ", table.Columns.Select((_, i) => "@p" + i.ToString(CultureInfo.InvariantCulture)))})";
        _parameters = table.Columns.Select((_, i) => _insert.Parameters.Add(new SqliteParameter("@p" + i.ToString(CultureInfo.InvariantCulture), null))).ToArray();
    }

    public TableSpec Table { get; }

    /// <summary>Applies the load settings (outside any transaction, where SQLite accepts them) and opens the writer.</summary>
    public static async Task<SqliteBulkWriter> OpenAsync(SqliteConnection connection, TableSpec table, CancellationToken cancellationToken)
    {
        var saved = (
            await PragmaAsync(connection, "synchronous", cancellationToken).ConfigureAwait(false),
            await PragmaAsync(connection, "foreign_keys", cancellationToken).ConfigureAwait(false),
            await PragmaAsync(connection, "cache_size", cancellationToken).ConfigureAwait(false));
        await connection.ExecuteAsync(
            $"PRAGMA synchronous = OFF; PRAGMA foreign_keys = OFF; PRAGMA cache_size = -{LoadCacheKiB.ToString(CultureInfo.InvariantCulture)}",
            cancellationToken).ConfigureAwait(false);
        return new SqliteBulkWriter(connection, table, saved);
    }

    public async Task WriteAsync(IReadOnlyList<object?[]> rows, CancellationToken cancellationToken)
    {
        ObjectDisposedException.ThrowIf(_closed, this);
        foreach (var row in rows)
        {
            _transaction ??= _connection.BeginTransaction(deferred: false);
            _insert.Transaction = _transaction;
            for (var i = 0; i < _parameters.Length; i++)
            {
                _parameters[i].Value = ToSqlite(row[i]);
            }

            await _insert.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
            _written++;
            if (++_inTransaction >= RowsPerTransaction)
            {
                Commit();
            }
        }
    }

    public async Task<long> CompleteAsync(CancellationToken cancellationToken)
    {
        ObjectDisposedException.ThrowIf(_closed, this);
        Commit();
        await CloseAsync().ConfigureAwait(false);
        return _written;
    }

    public async ValueTask DisposeAsync()
    {
        // Without CompleteAsync: the open transaction (rows since the last commit) is abandoned.
        _transaction?.Dispose();
        _transaction = null;
        await CloseAsync().ConfigureAwait(false);
    }

    /// <summary>The value as SQLite stores it: dates as 'YYYY-MM-DD' text, money as REAL (what NUMERIC affinity makes of it anyway).</summary>
    internal static object ToSqlite(object? value) => value switch
    {
        null => DBNull.Value,
        DateTime date => date.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture),
        decimal money => (double)money,
        _ => value,
    };

    private void Commit()
    {
        _transaction?.Commit();
        _transaction?.Dispose();
        _transaction = null;
        _inTransaction = 0;
    }

    private async Task CloseAsync()
    {
        if (_closed)
        {
            return;
        }

        _closed = true;
        _insert.Dispose();
        await _connection.ExecuteAsync(
            string.Create(CultureInfo.InvariantCulture,
                $"PRAGMA synchronous = {_saved.Synchronous}; PRAGMA foreign_keys = {_saved.ForeignKeys}; PRAGMA cache_size = {_saved.CacheSize}"),
            CancellationToken.None).ConfigureAwait(false);
    }

    private static async Task<long> PragmaAsync(SqliteConnection connection, string name, CancellationToken cancellationToken)
    {
        await using var command = connection.Command($"PRAGMA {name}");
        return await command.ScalarAsync<long>(cancellationToken).ConfigureAwait(false);
    }
}
