using System.Text;
using Microsoft.Data.Sqlite;
using SQLitePCL;

namespace DvdStore.Schema.Engines.Sqlite;

/// <summary>
/// SQLite's bulk path: one prepared INSERT reused for every row, stepped through SQLite's own API on the connection's
/// handle (each value bound by position, without boxing it again; ADO.NET's per-row command cost several times what
/// SQLite spends on the row), inside large transactions (a commit every
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
    private readonly sqlite3_stmt _insert;
    private byte[] _text = new byte[1024];
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
        var sql = $"INSERT INTO {table.Name} ({string.Join(", ", table.Columns.Select(c => c.Name))}) VALUES ({string.Join(", ", table.Columns.Select(_ => "?"))})";
        Check(raw.sqlite3_prepare_v2(connection.Handle, sql, out _insert));
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

    public Task WriteAsync(IReadOnlyList<object?[]> rows, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(rows);
        ObjectDisposedException.ThrowIf(_closed, this);
        foreach (var row in rows)
        {
            cancellationToken.ThrowIfCancellationRequested();
            if (row.Length != Table.Columns.Count)
            {
                throw new ArgumentException($"a {Table.Name} row has {row.Length} values; the table has {Table.Columns.Count} columns", nameof(rows));
            }

            _transaction ??= _connection.BeginTransaction(deferred: false);
            for (var i = 0; i < row.Length; i++)
            {
                Check(Bind(i + 1, row[i]));
            }

            var done = raw.sqlite3_step(_insert);
            raw.sqlite3_reset(_insert);
            if (done != raw.SQLITE_DONE)
            {
                Check(done);
            }

            _written++;
            if (++_inTransaction >= RowsPerTransaction)
            {
                Commit();
            }
        }

        return Task.CompletedTask;
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

    /// <summary>
    /// Binds one value as SQLite stores it: integers as INTEGER, text as UTF-8, dates as 'YYYY-MM-DD' text, money as
    /// REAL (what NUMERIC affinity makes of it anyway).
    /// </summary>
    private int Bind(int index, object? value)
    {
        switch (value)
        {
            case null or DBNull:
                return raw.sqlite3_bind_null(_insert, index);
            case long number:
                return raw.sqlite3_bind_int64(_insert, index, number);
            case int number:
                return raw.sqlite3_bind_int64(_insert, index, number);
            case short number:
                return raw.sqlite3_bind_int64(_insert, index, number);
            case string text:
                var max = Encoding.UTF8.GetMaxByteCount(text.Length);
                if (_text.Length < max)
                {
                    _text = new byte[max];
                }

                return raw.sqlite3_bind_text(_insert, index, _text.AsSpan(0, Encoding.UTF8.GetBytes(text, _text)));
            case DateTime date:
                Span<byte> day = stackalloc byte[10];
                date.TryFormat(day, out _, "yyyy-MM-dd", CultureInfo.InvariantCulture);
                return raw.sqlite3_bind_text(_insert, index, day);
            case decimal money:
                return raw.sqlite3_bind_double(_insert, index, (double)money);
            case double real:
                return raw.sqlite3_bind_double(_insert, index, real);
            default:
                throw new ArgumentException($"{Table.Name}: no SQLite binding for a {value.GetType().Name} value", nameof(value));
        }
    }

    private void Check(int rc)
    {
        if (rc != raw.SQLITE_OK)
        {
            SqliteException.ThrowExceptionForRC(rc, _connection.Handle);
        }
    }

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
