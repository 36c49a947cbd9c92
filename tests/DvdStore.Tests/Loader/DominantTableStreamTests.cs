using System.Collections.Concurrent;

namespace DvdStore.Tests.Loader;

/// <summary>
/// On PostgreSQL the table that holds most of the store's rows (REVIEWS_HELPFULNESS) loads as one stream written
/// frozen (TRUNCATE + COPY FREEZE in one transaction: no VACUUM afterwards) even when the other tables are cut into
/// parts, and its pages end all-visible, as a VACUUM would have left them, and so do every other table's; the store is the reference one. On MySQL
/// only a table longer than a writer's share is cut (streams interleaved in one InnoDB table slow each other down), by
/// key range, and an AUTO_INCREMENT table not at all while the server's lock mode makes its streams take turns
/// (the test server runs MariaDB's default, 1): at 10MB with 100 writers ORDERLINES and CUST_HIST go in two key ranges
/// each, REVIEWS_HELPFULNESS (most of the rows) in one stream, and the store is the reference one.
/// </summary>
public sealed class DominantTableStreamTests
{
    [SkippableFact]
    public async Task The_table_holding_most_rows_loads_as_one_frozen_stream_while_the_others_are_cut()
    {
        await using var database = await LoaderDatabase.CreateAsync(EngineKind.PostgreSql);

        var (report, streams) = await LoadToldToCutEveryTableAsync(database, threads: 3);

        Assert.True(2 * report.Rows["REVIEWS_HELPFULNESS"] >= report.TotalRows, "REVIEWS_HELPFULNESS no longer holds most rows at 1MB");
        Assert.Contains("REVIEWS_HELPFULNESS", streams.Keys);
        Assert.DoesNotContain(streams.Keys, s => s.StartsWith("REVIEWS_HELPFULNESS[", StringComparison.Ordinal));
        Assert.Contains("REVIEWS[1/2]", streams.Keys);
        await using var connection = await database.Target.OpenAsync(CancellationToken.None);
        await using var pages = connection.Command("SELECT relpages || '/' || relallvisible FROM pg_class WHERE oid = 'reviews_helpfulness'::regclass");
        var counts = (await pages.ScalarAsync<string>(CancellationToken.None))!.Split('/');
        Assert.True(int.Parse(counts[0], System.Globalization.CultureInfo.InvariantCulture) > 0, "no pages counted");
        Assert.Equal(counts[0], counts[1]);

        // The cut tables were VACUUMed while REVIEWS_HELPFULNESS' frozen stream was still open, which marks none of their
        // newer rows all-visible: the end of the load must have finished them (at 10GB ORDERLINES had 0 of 441,131).
        // (Only DS3's tables: the bookkeeping rows written last are committed asynchronously on the test server, and a
        // row whose commit is not yet flushed cannot be marked all-visible.)
        await using var unfinished = connection.Command(
            "SELECT string_agg(relname || ' ' || relallvisible || '/' || relpages, ', ') FROM pg_class WHERE relkind = 'r' AND relnamespace = current_schema()::regnamespace AND relallvisible < relpages AND relname = ANY(@names)");
        unfinished.Add("names", StoreModel.Ds3Tables.Select(t => t.Name.ToLowerInvariant()).ToArray());
        Assert.Null(await unfinished.ScalarAsync<string>(CancellationToken.None));
    }

    [SkippableFact]
    public async Task MySql_cuts_only_the_tables_longer_than_a_writers_share()
    {
        await using var database = await LoaderDatabase.CreateAsync(EngineKind.MySql);

        var (_, streams) = await LoadToldToCutEveryTableAsync(database, threads: 100, TestStore.TenMegabytes);

        Assert.Equal(["CUST_HIST[1/2]", "CUST_HIST[2/2]", "ORDERLINES[1/2]", "ORDERLINES[2/2]"], streams.Keys.Where(s => s.Contains('[', StringComparison.Ordinal)).Order());
        Assert.Contains("REVIEWS_HELPFULNESS", streams.Keys);
    }

    /// <summary>
    /// Loads the smallest store (or <c>store</c>) with every table told to cut into parts (SplitRows = 1: any table with a row), noting the name of
    /// each bulk stream; fails unless the store is the reference one.
    /// </summary>
    private static async Task<(LoadReport Report, ConcurrentDictionary<string, bool> Streams)> LoadToldToCutEveryTableAsync(LoaderDatabase database, int threads, TestStore? store = null)
    {
        store ??= TestStore.Smallest;
        var streams = new ConcurrentDictionary<string, bool>(StringComparer.Ordinal);
        var report = await StoreLoader.LoadAsync(database.Target, store.Load(threads) with { SplitRows = 1 }, new StreamNames(streams), CancellationToken.None);
        Assert.Equal(store.Reference.Value, report.Fingerprint.Value);
        return (report, streams);
    }

    /// <summary>Notes the name of every bulk stream the load reports ("TABLE", or "TABLE[part/parts]").</summary>
    private sealed class StreamNames(ConcurrentDictionary<string, bool> names) : IProgress<LoadProgress>
    {
        public void Report(LoadProgress value)
        {
            if (value.Step == "load" && value.Table is not null)
            {
                names[value.Table] = true;
            }
        }
    }
}
