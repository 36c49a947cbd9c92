using DvdStore.Loader.Generation;

namespace DvdStore.Tests.Loader;

public sealed class GenerationTests
{
    [Fact]
    public void Same_seed_and_size_give_the_same_rows_whatever_the_order_chunks_are_made_in()
    {
        var forward = Hashes(new StoreRows(7, TestStore.Smallest.Size), reverse: false, parallel: false);
        var backward = Hashes(new StoreRows(7, TestStore.Smallest.Size), reverse: true, parallel: true);
        Assert.Equal(forward, backward);
    }

    [Fact]
    public void A_different_seed_gives_different_rows()
    {
        Assert.NotEqual(Hashes(new StoreRows(7, TestStore.Smallest.Size), false, false), Hashes(new StoreRows(8, TestStore.Smallest.Size), false, false));
    }

    [Fact]
    public void Rows_have_the_clr_types_of_their_columns()
    {
        foreach (var source in new StoreRows(1, TestStore.Smallest.Size).Tables)
        {
            var row = source.Chunk(0).First();
            for (var i = 0; i < source.Table.Columns.Count; i++)
            {
                if (row[i] is { } value)
                {
                    Assert.True(source.Table.Columns[i].ClrType == value.GetType(), $"{source.Table.Name}.{source.Table.Columns[i].Name} is {value.GetType().Name}");
                }
            }
        }
    }

    [Fact]
    public void Fixed_counts_are_exact_and_drawn_counts_land_within_one_percent_of_ds3()
    {
        var store = new StoreRows(11, StoreSize.Parse("10MB"));
        var counts = store.Tables.ToDictionary(t => t.Table.Name, t => Enumerable.Range(0, (int)t.ChunkCount).Sum(c => (long)t.Chunk(c).Count()));
        Assert.Equal(20_000, counts["CUSTOMERS"]);
        Assert.Equal(12_000, counts["ORDERS"]);
        Assert.Equal(10_000, counts["PRODUCTS"]);
        Assert.Equal(10_000, counts["INVENTORY"]);
        Assert.Equal(200_000, counts["REVIEWS"]);
        Assert.Equal(2_000, counts["MEMBERSHIP"]);
        Assert.Equal(counts["ORDERLINES"], counts["CUST_HIST"]);
        Assert.InRange(counts["ORDERLINES"], 60_000 * 0.99, 60_000 * 1.01);
        Assert.InRange(counts["REVIEWS_HELPFULNESS"], 4_100_000 * 0.99, 4_100_000 * 1.01);
        Assert.Equal(store.Table("REVIEWS_HELPFULNESS").ExpectedRows, counts["REVIEWS_HELPFULNESS"]);
    }

    [Fact]
    public void Values_follow_ds3_distributions()
    {
        var store = new StoreRows(5, StoreSize.Parse("10MB"));
        var customers = All(store, "CUSTOMERS");
        Assert.All(customers, c => Assert.Matches("^[A-Z]{6}$", (string)c[1]!));
        Assert.Equal(10_000, customers.Count(c => (short)c[9]! == 1 && (long)c[0]! <= 10_000));
        Assert.Equal("user20000", customers[^1][15]);
        Assert.InRange(customers.Average(c => (short)c[17]!), 52, 56);

        var orders = All(store, "ORDERS");
        Assert.All(orders, o => Assert.Equal(2013, ((DateTime)o[1]!).Year));
        Assert.Equal(1000, orders.Count(o => ((DateTime)o[1]!).Month == 3));
        var lines = All(store, "ORDERLINES");
        Assert.InRange(lines.Average(l => (short)l[3]!), 1.95, 2.05);
        Assert.InRange((double)lines.Count / orders.Count, 4.9, 5.1);

        var products = All(store, "PRODUCTS");
        Assert.Equal("ABANDON ABANDON", products[0][2]);
        Assert.All(products, p => Assert.InRange((decimal)p[4]!, 9.99m, 29.99m));
        Assert.InRange(products.Count(p => (short)p[5]! == 1), 60, 140);

        var inventory = All(store, "INVENTORY");
        Assert.Equal(lines.Sum(l => (long)(short)l[3]!), inventory.Sum(i => (long)(int)i[2]!));
        Assert.InRange((int)inventory[9_999][1]!, 0, 5000);

        var reviews = All(store, "REVIEWS");
        Assert.All(reviews.Take(5000), r =>
        {
            Assert.Equal(3, ((string)r[5]!).Split(' ').Length);
            Assert.InRange(((string)r[6]!).Split(' ').Length, 6, 129);
            Assert.True(((string)r[6]!).Length <= 1000);
        });

        var members = All(store, "MEMBERSHIP");
        Assert.Equal(members.Count, members.Select(m => ((long)m[0]! - 1) / 10).Distinct().Count());
        Assert.All(members, m => Assert.Equal(15, ((DateTime)m[2]!).Day));
    }

    [Fact]
    public void Inventory_sales_are_the_same_whether_or_not_order_lines_were_generated_first()
    {
        var direct = All(new StoreRows(9, TestStore.Smallest.Size), "INVENTORY");
        var store = new StoreRows(9, TestStore.Smallest.Size);
        _ = All(store, "ORDERLINES");
        var afterLines = All(store, "INVENTORY");
        Assert.Equal(direct.Select(r => (int)r[2]!), afterLines.Select(r => (int)r[2]!));
    }

    [Fact]
    public void Load_options_default_to_a_fixed_seed()
    {
        Assert.Equal(LoadOptions.DefaultSeed, new LoadOptions(TestStore.Smallest.Size).Seed);
    }

    private static List<object?[]> All(StoreRows store, string table)
    {
        var source = store.Table(table);
        return Enumerable.Range(0, (int)source.ChunkCount).SelectMany(c => source.Chunk(c)).ToList();
    }

    private static Dictionary<string, (long, ulong)> Hashes(StoreRows store, bool reverse, bool parallel)
    {
        var result = new Dictionary<string, (long, ulong)>();
        foreach (var source in store.Tables)
        {
            var chunks = Enumerable.Range(0, (int)source.ChunkCount).ToList();
            if (reverse)
            {
                chunks.Reverse();
            }

            long rows = 0;
            ulong hash = 0;
            void Add(int chunk)
            {
                foreach (var row in source.Chunk(chunk))
                {
                    Interlocked.Add(ref hash, RowHash.Of(source.Table.Columns, row));
                    Interlocked.Increment(ref rows);
                }
            }

            if (parallel)
            {
                Parallel.ForEach(chunks, new ParallelOptions { MaxDegreeOfParallelism = 4 }, Add);
            }
            else
            {
                chunks.ForEach(Add);
            }

            result[source.Table.Name] = (rows, hash);
        }

        return result;
    }
}
