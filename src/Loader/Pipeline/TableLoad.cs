using System.Diagnostics;
using System.Threading.Channels;
using DvdStore.Loader.Generation;
using DvdStore.Loader.Store;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Model;

namespace DvdStore.Loader.Pipeline;

/// <summary>
/// Loads one table, or one part of a big table (the chunks of one <see cref="PlannedStream"/>; each part is its own
/// bulk stream, so a table that dominates the store uses every writer): a generator task makes its chunks in order and
/// hands batches (bounded in rows and in bytes) through a bounded channel (memory stays flat whatever the size) to the engine's bulk writer on the
/// part's own connection. The generator side also hashes every row for the fingerprint and notes the largest id.
/// </summary>
internal sealed class TableLoad(StoreTarget target, IRowSource source, LoadOptions options, StoreLease lease, IProgress<LoadProgress>? progress, PlannedStream stream)
{
    private static readonly TimeSpan ReportEvery = TimeSpan.FromSeconds(1);
    private long _rows;
    private long _bytes;
    private ulong _hash;
    private long _maxId;

    public TableSpec Table => source.Table;

    /// <summary>The row source this load (or part) reads.</summary>
    public IRowSource Source => source;

    /// <summary>Which part of its table this load writes.</summary>
    public PlannedStream Stream => stream;

    /// <summary>"TABLE", or "TABLE[part/parts]": the stream's name in progress lines and in its resume mark.</summary>
    public string Label => stream.SoleStream ? Table.Name : $"{Table.Name}[{stream.Part + 1}/{stream.Parts}]";

    private long ExpectedRows => stream.ExpectedRows;

    public long MaxId => _maxId;

    /// <summary>True when this load is the table's only bulk stream (the table is not split into parts).</summary>
    public bool SoleStream => stream.SoleStream;

    public TableFingerprint Fingerprint => new(Table.Name, _rows, _hash);

    /// <summary>True for a stream an earlier run of a resumed load finished (<see cref="Restore"/>): it is not run again.</summary>
    public bool Restored { get; private set; }

    /// <summary>Takes what an earlier run of this load recorded for this stream instead of running it.</summary>
    public void Restore(long rows, ulong hash, long maxId)
    {
        (_rows, _hash, _maxId, Restored) = (rows, hash, maxId, true);
    }

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
            if (written == _rows)
            {
                // Marked once its rows are committed: a resumed load skips this stream.
                await LoadResume.MarkAsync(lease, connection, LoadResume.PartKey(Label), LoadResume.PartValue(_rows, _hash, _maxId), stop.Token).ConfigureAwait(false);
            }
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
            foreach (var chunk in stream.Chunks())
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
