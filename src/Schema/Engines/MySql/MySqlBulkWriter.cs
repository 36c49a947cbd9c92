using MySqlConnector;

namespace DvdStore.Schema.Engines.MySql;

/// <summary>
/// Bulk load of one table with LOAD DATA LOCAL INFILE from memory: rows are encoded here as LOAD DATA's default
/// text (tab between fields, LF after rows, backslash escapes, \N for NULL; <see cref="MySqlLoadDataText"/>) into a
/// buffer of a few MB, and each full buffer is one LOAD DATA statement, sent while the next buffer fills (one
/// statement in flight). MySqlBulkCopy's DataTable cost more client CPU than generating the rows.
/// The session keeps unique_checks=1: with unique_checks=0 and foreign_key_checks=0, MariaDB 10.6+ inserts into an
/// empty table in bulk (table lock, rows sorted again at commit), which cost its server more CPU here, not less.
/// Every statement goes into one transaction that <see cref="CompleteAsync"/> commits, so a writer disposed before
/// completing leaves the table as it was.
/// </summary>
public sealed class MySqlBulkWriter : IBulkWriter
{
    private const int BufferSize = 2 * 1024 * 1024;
    private readonly MySqlConnection _connection;
    private readonly MySqlTransaction _transaction;
    private readonly MySqlLoadDataText _text;
    private byte[] _buffer = new byte[BufferSize];
    private byte[] _spare = new byte[BufferSize];
    private int _length;
    private int _bufferRows;
    private Task? _inFlight;
    private long _rows;
    private bool _closed;

    private MySqlBulkWriter(MySqlConnection connection, MySqlTransaction transaction, TableSpec table)
    {
        _connection = connection;
        _transaction = transaction;
        Table = table;
        _text = new MySqlLoadDataText(table);
    }

    public TableSpec Table { get; }

    /// <summary>Starts the writer's transaction; the caller has checked that LOAD DATA LOCAL is allowed.</summary>
    internal static async Task<MySqlBulkWriter> OpenAsync(MySqlConnection connection, TableSpec table, CancellationToken cancellationToken)
    {
        var transaction = await connection.BeginTransactionAsync(cancellationToken).ConfigureAwait(false);
        return new MySqlBulkWriter(connection, transaction, table);
    }

    public async Task WriteAsync(IReadOnlyList<object?[]> rows, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(rows);
        ObjectDisposedException.ThrowIf(_closed, this);
        foreach (var row in rows)
        {
            var need = _text.MaxRowBytes(row);
            if (_buffer.Length - _length < need)
            {
                await FlushAsync(cancellationToken).ConfigureAwait(false);
                if (_buffer.Length < need)
                {
                    _buffer = new byte[need];
                }
            }

            _length = _text.EncodeRow(row, _buffer, _length);
            _bufferRows++;
        }
    }

    public async Task<long> CompleteAsync(CancellationToken cancellationToken)
    {
        ObjectDisposedException.ThrowIf(_closed, this);
        await FlushAsync(cancellationToken).ConfigureAwait(false);
        await WaitInFlightAsync().ConfigureAwait(false);
        await _transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
        _closed = true;
        return _rows;
    }

    public async ValueTask DisposeAsync()
    {
        if (!_closed)
        {
            _closed = true;
            try
            {
                await WaitInFlightAsync().ConfigureAwait(false);
            }
            catch (Exception e) when (e is MySqlException or InvalidOperationException or IOException or OperationCanceledException)
            {
                // That statement's error is the one the caller is handling; the rollback below undoes the rest.
            }
        }

        // Disposing an uncommitted transaction rolls it back.
        await _transaction.DisposeAsync().ConfigureAwait(false);
    }

    /// <summary>Sends the buffer as one LOAD DATA statement once the one in flight has ended; the other buffer fills meanwhile.</summary>
    private async Task FlushAsync(CancellationToken cancellationToken)
    {
        await WaitInFlightAsync().ConfigureAwait(false);
        if (_bufferRows == 0)
        {
            return;
        }

        var loader = new MySqlBulkLoader(_connection)
        {
            TableName = Table.Name,
            Local = true,
            CharacterSet = "utf8mb4",
            Timeout = 0,
            SourceStream = new MemoryStream(_buffer, 0, _length, writable: false),
        };
        loader.Columns.AddRange(Table.Columns.Select(c => c.Name));
        _inFlight = LoadAsync(loader, _bufferRows, cancellationToken);
        (_buffer, _spare) = (_spare, _buffer);
        _length = 0;
        _bufferRows = 0;
    }

    private async Task LoadAsync(MySqlBulkLoader loader, int rows, CancellationToken cancellationToken)
    {
        var stored = await loader.LoadAsync(cancellationToken).ConfigureAwait(false);
        // LOAD DATA LOCAL skips rows it cannot store (a duplicate key) with a warning instead of failing.
        if (stored != rows)
        {
            throw new InvalidOperationException($"bulk load into {Table.Name} stored {stored} of {rows} rows");
        }

        _rows += rows;
    }

    private async Task WaitInFlightAsync()
    {
        if (_inFlight is { } load)
        {
            _inFlight = null;
            await load.ConfigureAwait(false);
        }
    }
}
