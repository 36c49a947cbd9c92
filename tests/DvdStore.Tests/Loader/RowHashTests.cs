using DvdStore.Loader.Generation;

namespace DvdStore.Tests.Loader;

/// <summary>
/// Issue 31: the row hash behind every fingerprint cannot go blind unnoticed. The loader and the tests' reference
/// fingerprint both use <see cref="RowHash"/>, so a hash that skipped a column would still agree with itself: the
/// smallest store's fingerprint is pinned as literals, and changing any one column of any table's row changes its hash.
/// </summary>
public sealed class RowHashTests
{
    /// <summary>
    /// The smallest store (1MB, seed 3) as the generators make it, table by table: rows and hash. Computed once from the
    /// generators and RowHash of this commit, outside the tests; it changes only when the data or the hash change on
    /// purpose (then say so in the commit).
    /// </summary>
    private static readonly string[] PinnedSmallest =
    [
        "CUSTOMERS 2000 0x5CCCD50FF41BF084",
        "ORDERS 1200 0x65CAEB4843813CBD",
        "ORDERLINES 5946 0x83226E909282FFA7",
        "CUST_HIST 5946 0xA51080F235DB45B1",
        "PRODUCTS 1000 0x5811273B1FAB1AF6",
        "INVENTORY 1000 0xCD3DAEBF82396BDA",
        "MEMBERSHIP 200 0x474E794D9A9B1BDF",
        "REVIEWS 20000 0xF82892C9ACCD6EE9",
        "REVIEWS_HELPFULNESS 412009 0x592075E808E089FD",
        "CATEGORIES 16 0x11D7D23715E9724E",
        "REORDER 0 0x0000000000000000",
    ];

    [Fact]
    public void The_smallest_store_has_the_pinned_fingerprint()
    {
        var actual = TestStore.Smallest.Reference.Tables
            .Select(static t => string.Create(CultureInfo.InvariantCulture, $"{t.Table} {t.Rows} 0x{t.Hash:X16}"))
            .ToArray();
        Assert.True(PinnedSmallest.SequenceEqual(actual), "the smallest store's fingerprint is now:\n" + string.Join("\n", actual));
    }

    [Fact]
    public void Changing_any_one_column_of_any_table_changes_the_row_hash()
    {
        var store = TestStore.Smallest.Rows();
        var checkedColumns = 0;
        foreach (var source in store.Tables)
        {
            var columns = source.Table.Columns;
            var row = source.Chunk(0).First();
            var hash = RowHash.Of(columns, row);
            for (var i = 0; i < columns.Count; i++)
            {
                var changed = (object?[])row.Clone();
                changed[i] = Other(columns[i].Type, row[i]);
                Assert.True(hash != RowHash.Of(columns, changed), $"{source.Table.Name}.{columns[i].Name}: {row[i]} -> {changed[i]} left the row hash as it was");
                checkedColumns++;
            }
        }

        // Every generated table, every column (a table or column left out would be a blind spot too).
        Assert.Equal(store.Tables.Sum(static t => t.Table.Columns.Count), checkedColumns);
        Assert.Contains(store.Tables, static t => t.Table.Name == "ORDERLINES");
    }

    [Theory]
    [InlineData(ColumnType.Integer)]
    [InlineData(ColumnType.Money)]
    [InlineData(ColumnType.Date)]
    [InlineData(ColumnType.VarChar)]
    public void A_null_hashes_unlike_any_value_of_its_column(ColumnType type)
    {
        ColumnSpec[] columns = [new("A", type, Nullable: true), new("B", ColumnType.Integer)];
        object?[] withValue = [Other(type, null), 1L];
        object?[] withNull = [null, 1L];
        Assert.NotEqual(RowHash.Of(columns, withValue), RowHash.Of(columns, withNull));
    }

    [Theory]
    [InlineData(ColumnType.SmallInt)]
    [InlineData(ColumnType.Integer)]
    [InlineData(ColumnType.BigInt)]
    public void An_integer_read_as_another_clr_type_hashes_as_the_same_number(ColumnType type)
    {
        // A server's reader may hand an integer column back as a decimal or an unsigned type (not the generator's
        // long, int or short): the fingerprint of the store must not change with it.
        Assert.Equal(RowHash.Value(type, 42L), RowHash.Value(type, 42m));
        Assert.Equal(RowHash.Value(type, 42L), RowHash.Value(type, (byte)42));
        Assert.NotEqual(RowHash.Value(type, 42L), RowHash.Value(type, 43m));
    }

    /// <summary>A value of the column's type different from <paramref name="value"/> (NULL becomes a value).</summary>
    private static object Other(ColumnType type, object? value)
    {
        var integer = type is ColumnType.SmallInt or ColumnType.Integer or ColumnType.BigInt;
        if (value is null or DBNull)
        {
            return integer ? 1L : type switch
            {
                ColumnType.Money => 1.00m,
                ColumnType.Date => new DateTime(2010, 1, 1),
                _ => (object)"x",
            };
        }

        if (integer)
        {
            return Convert.ToInt64(value, CultureInfo.InvariantCulture) + 1;
        }

        return type switch
        {
            ColumnType.Money => Convert.ToDecimal(value, CultureInfo.InvariantCulture) + 0.01m,
            ColumnType.Date when value is DateOnly d => d.AddDays(1),
            ColumnType.Date => Convert.ToDateTime(value, CultureInfo.InvariantCulture).AddDays(1),
            _ => (object)(Convert.ToString(value, CultureInfo.InvariantCulture) + "x"),
        };
    }
}
