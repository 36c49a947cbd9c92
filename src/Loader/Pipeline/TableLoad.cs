using System.Diagnostics;
using System.Threading.Channels;
using DvdStore.Loader.Generation;
using DvdStore.Loader.Store;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Model;

namespace DvdStore.Loader.Pipeline;

/// <summary>
/// Loads one table, or one part of a big table (chunks <paramref name="part"/>, part + parts, ...; each part is its own
/// bulk stream, so a table that dominates the store uses every writer): a generator task makes its chunks in order and
/// hands batches (bounded in rows and in bytes) through a bounded channel (memory stays flat whatever the size) to the engine's bulk writer on the
/// part's own connection. The generator side also hashes every row for the fingerprint and notes the largest id.
/// </summary>
internal sealed class TableLoad(StoreTarget target, IRowSource source, LoadOptions options, IProgress<LoadProgress>? progress, int part = 0, int parts = 1)
{
    private static readonly TimeSpan ReportEvery = TimeSpan.FromSeconds(1);
    private long _rows;
    private long _bytes;
    private ulong _hash;
    private long _maxId;

    public TableSpec Table => source.Table;

    /// <summary>The row source this load (or part) reads.</summary>
    public IRowSource Source => source;

    private string Label => parts == 1 ? Table.Name : $"{Table.Name}[{part + 1}/{parts}]";

    private long ExpectedRows => source.ExpectedRows / parts;

    public long MaxId => _maxId;

    /// <summary>True when this load is the table's only bulk stream (the table is not split into parts).</summary>
    public bool SoleStream => parts == 1;

    public TableFingerprint Fingerprint => new(Table.Name, _rows, _hash);

    public async Task<long> RunAsync(CancellationToken cancellationToken)
    {
        var clock = Stopwatch.StartNew();
        var channel = Channel.CreateBounded<List<object?[]>>(new BoundedChannelOptions(options.QueuedBatches)
        {
            SingleReader = true,
            SingleWriter = true,
            FullMode = BoundedChannelFullMode.Wait,
        });
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        var producer = Task.Run(() => ProduceAsync(channel.Writer, stop.Token), stop.Token);
        long written = 0;
        try
        {
            await using var connection = await target.OpenAsync(stop.Token).ConfigureAwait(false);
            await using var writer = target.Engine.BulkLoadFinisher is { } finisher
                ? await finisher.OpenBulkWriterAsync(connection, Table, SoleStream, stop.Token).ConfigureAwait(false)
                : await target.Engine.OpenBulkWriterAsync(connection, Table, stop.Token).ConfigureAwait(false);
            var lastReport = TimeSpan.Zero;
            long rowsWritten = 0;
            await foreach (var batch in channel.Reader.ReadAllAsync(stop.Token).ConfigureAwait(false))
            {
                await writer.WriteAsync(batch, stop.Token).ConfigureAwait(false);
                rowsWritten += batch.Count;
                if (clock.Elapsed - lastReport >= ReportEvery)
                {
                    lastReport = clock.Elapsed;
                    progress?.Report(new LoadProgress("load", Label, rowsWritten, ExpectedRows, Interlocked.Read(ref _bytes) * rowsWritten / Math.Max(1, Interlocked.Read(ref _rows)), clock.Elapsed, Done: false));
                }
            }

            await producer.ConfigureAwait(false);
            written = await writer.CompleteAsync(stop.Token).ConfigureAwait(false);
        }
        catch
        {
            await stop.CancelAsync().ConfigureAwait(false);
            try
            {
                await producer.ConfigureAwait(false);
            }
            catch (OperationCanceledException)
            {
                // The producer stops because the writer failed; the writer's error is the one to report.
            }

            throw;
        }

        if (written != _rows)
        {
            throw new InvalidOperationException($"{Label}: the bulk writer reports {written} rows, {_rows} were generated");
        }

        progress?.Report(new LoadProgress("load", Label, written, written, _bytes, clock.Elapsed, Done: true));
        return written;
    }

    private async Task ProduceAsync(ChannelWriter<List<object?[]>> writer, CancellationToken cancellationToken)
    {
        try
        {
            var idColumn = Table.IdentityColumn is null ? -1 : Table.Ordinal(Table.IdentityColumn);
            var batch = new List<object?[]>(options.BatchRows);
            long batchBytes = 0;
            for (long chunk = part; chunk < source.ChunkCount; chunk += parts)
            {
                foreach (var row in source.Chunk(chunk))
                {
                    _hash += RowHash.Of(Table.Columns, row);
                    var rowBytes = ApproximateBytes(row);
                    _bytes += rowBytes;
                    batchBytes += rowBytes;
                    if (idColumn >= 0)
                    {
                        _maxId = Math.Max(_maxId, (long)row[idColumn]!);
                    }

                    batch.Add(row);
                    if (batch.Count == options.BatchRows || batchBytes >= options.BatchBytes)
                    {
                        Interlocked.Add(ref _rows, batch.Count);
                        await writer.WriteAsync(batch, cancellationToken).ConfigureAwait(false);
                        batch = new List<object?[]>(options.BatchRows);
                        batchBytes = 0;
                    }
                }

                cancellationToken.ThrowIfCancellationRequested();
            }

            if (batch.Count > 0)
            {
                Interlocked.Add(ref _rows, batch.Count);
                await writer.WriteAsync(batch, cancellationToken).ConfigureAwait(false);
            }

            writer.Complete();
        }
        catch (Exception e)
        {
            writer.Complete(e);
            throw;
        }
    }

    private static long ApproximateBytes(object?[] row)
    {
        long bytes = 0;
        foreach (var value in row)
        {
            bytes += value is string s ? s.Length + 1 : 8;
        }

        return bytes;
    }
}
