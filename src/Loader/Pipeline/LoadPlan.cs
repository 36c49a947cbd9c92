using DvdStore.Schema.Engines;
using DvdStore.Schema.Model;

namespace DvdStore.Loader.Pipeline;

/// <summary>One table as the plan sees it: its rows (expected), its chunks, and whether it must load after the others.</summary>
/// <param name="Last">INVENTORY: it waits for ORDERLINES' sales tally, so it is granted a writer after every other stream.</param>
public sealed record PlannedTable(TableSpec Table, long Rows, long Chunks, bool Last = false);

/// <summary>
/// One bulk stream of the plan: part <see cref="Part"/> of <see cref="Parts"/> of a table. Its chunks are either
/// interleaved (part, part + parts, ...) or, where the engine wants each stream in a key range of its own, the
/// contiguous run [part × chunks / parts, (part + 1) × chunks / parts) (chunk i holds the ids after chunk i − 1's).
/// </summary>
public sealed record PlannedStream(PlannedTable Table, int Part, int Parts, bool KeyRange)
{
    public bool SoleStream => Parts == 1;

    /// <summary>The chunks this stream writes, in id order.</summary>
    public IEnumerable<long> Chunks()
    {
        if (KeyRange)
        {
            for (var chunk = First; chunk < End; chunk++)
            {
                yield return chunk;
            }

            yield break;
        }

        for (long chunk = Part; chunk < Table.Chunks; chunk += Parts)
        {
            yield return chunk;
        }
    }

    /// <summary>How many chunks this stream writes.</summary>
    public long ChunkCount => KeyRange ? End - First : (Table.Chunks - Part + Parts - 1) / Parts;

    /// <summary>The rows this stream is expected to write (the table's rows in proportion to its chunks).</summary>
    public long ExpectedRows => Table.Chunks == 0 ? 0 : (long)((double)Table.Rows * ChunkCount / Table.Chunks);

    private long First => Table.Chunks * Part / Parts;

    private long End => Table.Chunks * (Part + 1) / Parts;
}

/// <summary>
/// Which bulk streams a load runs, biggest first (a table that dominates the store, e.g. REVIEWS_HELPFULNESS, must not
/// start last and run alone); INVENTORY goes last (<see cref="PlannedTable.Last"/>: every ORDERLINES part must hold a
/// writer before it does; the writers are granted in this order). A table under <c>splitRows</c> is never cut.
/// <list type="bullet">
/// <item>Where streams into one table slow each other down (<see cref="EngineProfile.BulkStreamsByKeyRange"/>: InnoDB's
/// clustered index), a table stays one stream while it fits a writer's fair share (all rows ÷ writers), and is cut
/// into as few parts as keep each within that share otherwise, each part a key range of its own: fewest streams per
/// table, none longer than a writer's share.</item>
/// <item>Elsewhere a big table is cut into one part per writer, interleaved chunks (the heap stays close to id order).
/// Where a sole stream is written frozen (<c>freezesSoleStreams</c>: no VACUUM afterwards, one session extending the
/// table), a table holding at least half the rows is not cut: it keeps one writer to itself and the others share the
/// rest of the tables (cut only among them).</item>
/// </list>
/// </summary>
public static class LoadPlan
{
    /// <summary>
    /// The streams for <paramref name="threads"/> writers asked of <paramref name="engine"/>; the tables in
    /// <paramref name="oneStream"/> (<see cref="IEngine.TablesLoadedAsOneStreamAsync"/>) are never cut.
    /// </summary>
    public static IReadOnlyList<PlannedStream> For(IReadOnlyList<PlannedTable> tables, IEngine engine, int threads, long splitRows, IReadOnlySet<string>? oneStream = null) =>
        For(tables, Writers(engine, threads), engine.Profile, engine.BulkLoadFinisher is not null, splitRows, oneStream ?? new HashSet<string>());

    /// <summary>The bulk streams that run at once: one for an engine with one writer at a time, else one per thread.</summary>
    public static int Writers(IEngine engine, int threads) => engine.Profile.SingleWriter ? 1 : threads;

    private static List<PlannedStream> For(IReadOnlyList<PlannedTable> tables, int writers, EngineProfile profile, bool freezesSoleStreams, long splitRows, IReadOnlySet<string> oneStream)
    {
        var streams = new List<PlannedStream>();
        var allRows = tables.Sum(t => t.Rows);
        var byKeyRange = profile.BulkStreamsByKeyRange;
        var dominant = !byKeyRange && freezesSoleStreams && writers > 1 ? tables.FirstOrDefault(t => 2 * t.Rows >= allRows && t.Rows >= splitRows) : null;
        var fairShare = Math.Max(1, (allRows + writers - 1) / writers);
        foreach (var table in tables.OrderBy(t => t.Last ? 1 : 0).ThenByDescending(t => t.Rows))
        {
            var share = dominant is null ? writers : table == dominant ? 1 : writers - 1;
            var wanted = table.Rows < splitRows || oneStream.Contains(table.Table.Name) ? 1 : byKeyRange ? (table.Rows + fairShare - 1) / fairShare : share;
            var parts = (int)Math.Max(1, Math.Min(wanted, table.Chunks));
            for (var part = 0; part < parts; part++)
            {
                streams.Add(new PlannedStream(table, part, parts, byKeyRange && parts > 1));
            }
        }

        return streams;
    }
}
