using DvdStore.Loader.Generation;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Engines.MySql;
using DvdStore.Schema.Sizing;

namespace DvdStore.Tests.Loader;

/// <summary>
/// The load plan alone, no database: for the stores users build (100GB, 1TB, 10TB) and the writers their servers
/// have (16, 64, 256), no bulk stream carries more than 1.25 × the store's rows ÷ the writers on any engine (an engine
/// that takes one writer at a time has one), so no stream is left alone at the end while the other cores wait; on a
/// server whose streams into one table run side by side (MySQL 8's default innodb_autoinc_lock_mode = 2; MariaDB's
/// default 1 keeps its AUTO_INCREMENT tables whole, tested below). Parts cover their table's chunks once each;
/// key-range parts in contiguous runs.
/// </summary>
public sealed class LoadPlanBalanceTests
{
    private const long SplitRows = 1_000_000;

    public static TheoryData<string, string, int> Cases()
    {
        var cases = new TheoryData<string, string, int>();
        foreach (var engine in EngineCatalog.Names)
        {
            foreach (var size in new[] { "100GB", "1TB", "10TB" })
            {
                foreach (var writers in new[] { 16, 64, 256 })
                {
                    cases.Add(engine, size, writers);
                }
            }
        }

        return cases;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void No_stream_carries_more_than_a_quarter_over_a_writers_share(string engineName, string size, int threads)
    {
        var engine = EngineCatalog.Parse(engineName);
        var tables = TablesOf(RowCounts.For(StoreSize.Parse(size)));

        var streams = LoadPlan.For(tables, engine, threads, SplitRows);

        var writers = LoadPlan.Writers(engine, threads);
        var bound = 1.25 * tables.Sum(t => t.Rows) / writers;
        var longest = streams.MaxBy(s => s.ExpectedRows)!;
        Assert.True(longest.ExpectedRows <= bound,
            $"{longest.Table.Table.Name}[{longest.Part + 1}/{longest.Parts}] carries {longest.ExpectedRows:N0} rows, over 1.25 × rows ÷ {writers} writers = {bound:N0}");
        foreach (var table in tables)
        {
            var chunks = streams.Where(s => s.Table == table).SelectMany(s => s.Chunks()).Order().ToList();
            Assert.Equal(table.Chunks, chunks.Count);
            Assert.Equal(table.Chunks - 1, chunks[^1]);
            Assert.Equal(chunks.Count, chunks.Distinct().Count());
        }
    }

    [Fact]
    public void Key_range_parts_are_contiguous_runs_of_chunks_in_order()
    {
        var table = new PlannedTable(StoreModel.OrderLines, 600_000_000, 12_000);
        var streams = LoadPlan.For([table, new PlannedTable(StoreModel.Orders, 120_000_000, 12_000)], EngineCatalog.Get(EngineKind.MySql), 16, SplitRows)
            .Where(s => s.Table == table).ToList();

        Assert.True(streams.Count > 1, "the biggest table was not cut");
        long next = 0;
        foreach (var stream in streams.OrderBy(s => s.Part))
        {
            Assert.True(stream.KeyRange);
            var chunks = stream.Chunks().ToList();
            Assert.Equal(Enumerable.Range(0, chunks.Count).Select(i => next + i), chunks);
            next += chunks.Count;
        }

        Assert.Equal(table.Chunks, next);
    }

    [Fact]
    public void Where_a_servers_lock_makes_streams_take_turns_those_tables_stay_whole_and_the_others_are_cut()
    {
        Assert.True(MySqlEngine.AutoIncrementTablesTakeTurns(1));
        Assert.False(MySqlEngine.AutoIncrementTablesTakeTurns(2));
        var identityTables = StoreModel.Tables.Where(t => t.IdentityColumn is not null).Select(t => t.Name).ToHashSet(StringComparer.Ordinal);
        var tables = TablesOf(RowCounts.For(StoreSize.Parse("100GB")));

        var streams = LoadPlan.For(tables, EngineCatalog.Get(EngineKind.MySql), 64, SplitRows, identityTables);

        Assert.All(streams.Where(s => identityTables.Contains(s.Table.Table.Name)), s => Assert.True(s.SoleStream, s.Table.Table.Name));
        Assert.True(streams.Count(s => s.Table.Table == StoreModel.OrderLines) > 1, "ORDERLINES was not cut");
    }

    /// <summary>The table shapes the plan test uses are those of the generators (checked where the generators are cheap to make).</summary>
    [Fact]
    public void The_tables_the_plan_test_uses_are_the_generators_shapes()
    {
        var rows = new StoreRows(3, StoreSize.Parse("10MB"));

        var shapes = TablesOf(rows.Counts);

        Assert.Equal(rows.Tables.Select(t => (t.Table.Name, t.ChunkCount, t is InventoryRows)), shapes.Select(t => (t.Table.Name, t.Chunks, t.Last)));
        Assert.All(rows.Tables.Zip(shapes), pair => Assert.InRange(pair.Second.Rows, pair.First.ExpectedRows * 0.99, pair.First.ExpectedRows * 1.01));
    }

    /// <summary>
    /// A store's tables as the plan sees them, from its row counts alone: making the generators of a 10TB store would
    /// draw every review's rating count (REVIEWS_HELPFULNESS' chunk offsets).
    /// </summary>
    private static List<PlannedTable> TablesOf(RowCounts counts)
    {
        var orderChunks = IdChunks.Count(counts.Orders);
        return
        [
            new(StoreModel.Customers, counts.Customers, IdChunks.Count(counts.Customers)),
            new(StoreModel.Orders, counts.Orders, orderChunks),
            new(StoreModel.OrderLines, counts.ExpectedOrderLines, orderChunks),
            new(StoreModel.CustHist, counts.ExpectedOrderLines, orderChunks),
            new(StoreModel.Products, counts.Products, IdChunks.Count(counts.Products)),
            new(StoreModel.Inventory, counts.Inventory, IdChunks.Count(counts.Products), Last: true),
            new(StoreModel.Membership, counts.Members, IdChunks.Count(counts.Members)),
            new(StoreModel.Reviews, counts.Reviews, IdChunks.Count(counts.Reviews)),
            new(StoreModel.ReviewsHelpfulness, (long)counts.ExpectedHelpfulness, IdChunks.Count(counts.Reviews)),
        ];
    }
}
