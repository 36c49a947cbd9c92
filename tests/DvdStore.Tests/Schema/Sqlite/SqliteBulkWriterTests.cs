using DvdStore.Schema.Engines.Sqlite;
using Microsoft.Data.Sqlite;

namespace DvdStore.Tests.Schema.Sqlite;

/// <summary>The bulk path: values round-trip in every column type, large loads span transactions, abandoning keeps only commits.</summary>
public class SqliteBulkWriterTests
{
    [Fact]
    public async Task Every_column_type_round_trips()
    {
        await using var store = await SqliteTestStore.CreateEmptyAsync();
        var row = new object?[]
        {
            long.MaxValue - 1, "ÅSA", "O'NEIL \"Q\" 100%_\\", "1 MAIN ST", null, "CITY", null, "01234", "Sverige", (short)2, null, null,
            5, "1234", "2015/01", "user_x", "pass", (short)120, 99_999, "F",
        };

        await store.LoadAsync(StoreModel.Customers, [row]);

        await using var command = store.Connection.Command("SELECT * FROM CUSTOMERS");
        await using var reader = await command.ExecuteReaderAsync();
        Assert.True(await reader.ReadAsync());
        Assert.Equal(long.MaxValue - 1, reader.GetInt64(0));
        Assert.Equal("O'NEIL \"Q\" 100%_\\", reader.GetString(2));
        Assert.True(reader.IsDBNull(4));
        Assert.Equal("01234", reader.GetString(7)); // TEXT affinity keeps the leading zero
        Assert.Equal(2, reader.GetInt16(9));
        Assert.Equal(99_999, reader.GetInt32(18));
        Assert.Equal("ÅSA", reader.GetString(1));
    }

    [Fact]
    public async Task Money_and_dates_are_stored_as_numbers_and_iso_dates()
    {
        await using var store = await SqliteTestStore.CreateEmptyAsync();
        await store.LoadAsync(StoreModel.Orders, [[1L, new DateTime(2013, 12, 31), null, 12.34m, 0.99m, 13.33m]]);

        Assert.Equal("2013-12-31", await store.ScalarAsync<string>("SELECT ORDERDATE FROM ORDERS"));
        Assert.Equal("real", await store.ScalarAsync<string>("SELECT typeof(NETAMOUNT) FROM ORDERS"));
        await using var command = store.Connection.Command("SELECT NETAMOUNT, TAX, TOTALAMOUNT FROM ORDERS");
        await using var reader = (SqliteDataReader)await command.ExecuteReaderAsync();
        Assert.True(await reader.ReadAsync());
        Assert.Equal([12.34m, 0.99m, 13.33m], [reader.GetDecimal(0), reader.GetDecimal(1), reader.GetDecimal(2)]);
    }

    [Fact]
    public async Task A_load_larger_than_one_transaction_is_complete_and_settings_come_back()
    {
        await using var store = await SqliteTestStore.CreateEmptyAsync();
        var rows = Enumerable.Range(1, SqliteBulkWriter.RowsPerTransaction * 2 + 123).Select(i => new object?[] { i, i % 500, 0 }).ToList();

        await using (var writer = await SqliteTestStore.Engine.OpenBulkWriterAsync(store.Connection, StoreModel.Inventory, None))
        {
            Assert.Equal(0L, await store.ScalarAsync<long>("PRAGMA synchronous"));
            Assert.Equal(0L, await store.ScalarAsync<long>("PRAGMA foreign_keys"));
            // Batches of any size, reused by the caller.
            for (var start = 0; start < rows.Count; start += 7_000)
            {
                await writer.WriteAsync(rows.Skip(start).Take(7_000).ToList(), None);
            }

            Assert.Equal(rows.Count, await writer.CompleteAsync(None));
        }

        Assert.Equal(rows.Count, await store.CountAsync("INVENTORY"));
        Assert.Equal(rows.Sum(r => (long)(int)r[1]!), await store.ScalarAsync<long>("SELECT SUM(QUAN_IN_STOCK) FROM INVENTORY"));
        Assert.Equal(1L, await store.ScalarAsync<long>("PRAGMA synchronous"));
        Assert.Equal(1L, await store.ScalarAsync<long>("PRAGMA foreign_keys"));
    }

    [Fact]
    public async Task Children_load_before_parents_without_key_checks()
    {
        await using var store = await SqliteTestStore.CreateEmptyAsync();
        await store.LoadAsync(StoreModel.CustHist, [[7L, 8L, 9]]);
        Assert.Equal(1, await store.CountAsync("CUST_HIST"));
    }

    [Fact]
    public async Task Disposing_without_complete_keeps_only_committed_rows()
    {
        await using var store = await SqliteTestStore.CreateEmptyAsync();
        var committed = SqliteBulkWriter.RowsPerTransaction;
        await using (var writer = await SqliteTestStore.Engine.OpenBulkWriterAsync(store.Connection, StoreModel.Inventory, None))
        {
            await writer.WriteAsync(Enumerable.Range(1, committed + 10).Select(i => new object?[] { i, 1, 0 }).ToList(), None);
        }

        Assert.Equal(committed, await store.CountAsync("INVENTORY"));
        Assert.Equal(1L, await store.ScalarAsync<long>("PRAGMA synchronous"));
        // The connection is clean: another writer can start.
        await store.LoadAsync(StoreModel.Categories, [[(short)17, "Extra"]]);
        Assert.Equal(17, await store.CountAsync("CATEGORIES"));
    }

    [Fact]
    public async Task Writers_on_two_connections_take_turns()
    {
        await using var store = await SqliteTestStore.CreateEmptyAsync();
        await using var other = await store.OpenAsync();
        var count = SqliteBulkWriter.RowsPerTransaction + 500;

        async Task LoadAsync(System.Data.Common.DbConnection connection, TableSpec table, Func<int, object?[]> row)
        {
            await using var writer = await SqliteTestStore.Engine.OpenBulkWriterAsync(connection, table, None);
            await writer.WriteAsync(Enumerable.Range(1, count).Select(row).ToList(), None);
            await writer.CompleteAsync(None);
        }

        await Task.WhenAll(
            Task.Run(() => LoadAsync(store.Connection, StoreModel.Inventory, i => [i, 1, 0])),
            Task.Run(() => LoadAsync(other, StoreModel.CustHist, i => [(long)i, (long)i, i])));

        Assert.Equal(count, await store.CountAsync("INVENTORY"));
        Assert.Equal(count, await store.CountAsync("CUST_HIST"));
    }
}
