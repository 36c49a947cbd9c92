using System.Data.Common;
using System.Diagnostics;
using DvdStore.Loader.Pipeline;
using DvdStore.Schema.Engines.Common;
using DvdStore.Schema.Model;

namespace DvdStore.Loader.Store;

/// <summary>
/// COUNT queries over whole tables, run as one statement per key range of the table they scan and summed, all of
/// them on the reads' connections at once. A query names its table <c>{table}</c> and limits itself to a range with
/// <c>{slice}</c> (<c>1 = 1</c> for a table read whole), so it must count something that adds up across ranges of
/// that table's slicing key (rows, orphans, duplicates of that key, groups on it).
/// </summary>
internal sealed class SlicedCounts(StoreReads reads)
{
    private readonly List<(TableSpec Table, string? Alias, string Sql, (string Name, object Value)[] Parameters)> _queries = [];
    private readonly Dictionary<string, IReadOnlyList<KeySlice>> _slices = new(StringComparer.Ordinal);
    private long[] _totals = [];
    private long[] _ticks = [];

    /// <summary>Adds a query; returns its index for the indexer once <see cref="RunAsync"/> has run.</summary>
    public int Add(TableSpec table, string? alias, string sql, params (string Name, object Value)[] parameters)
    {
        _queries.Add((table, alias, sql, parameters));
        return _queries.Count - 1;
    }

    /// <summary>A query's count summed over its table's slices.</summary>
    public long this[int query] => _totals[query];

    /// <summary>
    /// The time the server spent on these queries: their statements' times added up over every slice and connection,
    /// so what a check cost whether its slices ran one after another or side by side.
    /// </summary>
    public TimeSpan Time(params int[] queries) => TimeSpan.FromTicks(queries.Sum(q => _ticks[q]));

    /// <summary>Runs every query's slices; reports statements done of all.</summary>
    public async Task RunAsync(IProgress<LoadProgress>? progress, CancellationToken cancellationToken)
    {
        var pieces = new List<(int Query, KeySlice Slice)>();
        for (var q = 0; q < _queries.Count; q++)
        {
            var table = _queries[q].Table;
            if (!_slices.TryGetValue(table.Name, out var slices))
            {
                _slices[table.Name] = slices = await TableSlicing.PlanAsync(reads, table, cancellationToken).ConfigureAwait(false);
            }

            pieces.AddRange(slices.Select(s => (q, s)));
        }

        var clock = Stopwatch.StartNew();
        var done = 0L;
        _ticks = new long[_queries.Count];
        var counts = await reads.RunAsync(
            pieces.Select(p => (Func<DbConnection, CancellationToken, Task<long>>)((connection, token) => CountAsync(connection, p.Query, p.Slice, token))).ToList(),
            _ =>
            {
                var finished = Interlocked.Increment(ref done);
                progress?.Report(new LoadProgress("verify", "checks (statements)", finished, pieces.Count, 0, clock.Elapsed, finished == pieces.Count));
            },
            cancellationToken).ConfigureAwait(false);
        _totals = new long[_queries.Count];
        for (var i = 0; i < pieces.Count; i++)
        {
            _totals[pieces[i].Query] += counts[i];
        }
    }

    private async Task<long> CountAsync(DbConnection connection, int query, KeySlice slice, CancellationToken cancellationToken)
    {
        var (table, alias, sql, parameters) = _queries[query];
        var text = sql.Replace("{table}", table.Name, StringComparison.Ordinal).Replace("{slice}", slice.Condition(reads.Engine, alias), StringComparison.Ordinal);
        await using var command = connection.Command(text);
        command.CommandTimeout = 0;
        slice.Bind(reads.Engine, command);
        foreach (var (name, value) in parameters)
        {
            command.Add(reads.Engine.Parameter(name), value);
        }

        var started = Stopwatch.GetTimestamp();
        var count = await command.ScalarAsync<long>(cancellationToken).ConfigureAwait(false);
        Interlocked.Add(ref _ticks[query], Stopwatch.GetElapsedTime(started).Ticks);
        return count;
    }
}
