using DvdStore.Schema.Engines.MySql;
using MySqlConnector;

namespace DvdStore.Tests.Schema.MySql;

/// <summary>
/// The MySQL bulk writer past one LOAD DATA statement (its buffer holds a few MB): every row stored once, in order,
/// an abandoned writer leaves nothing behind even with a statement in flight, and a duplicate key fails the load
/// (LOAD DATA LOCAL would skip it with a warning).
/// </summary>
public sealed class MySqlBulkWriterTests(MySqlTestDatabase database) : IClassFixture<MySqlTestDatabase>
{
    private const int Rows = 300_000; // ~8 MB of text: several statements, one in flight while the next buffer fills

    [SkippableFact]
    public async Task Rows_past_several_statements_are_stored_once_in_order()
    {
        await using var connection = await database.OpenAsync();
        var table = await ScratchAsync(connection, "REVIEWS_HELPFULNESS");

        await using (var writer = await WriterHandedEveryRowAsync(connection, table))
        {
            Assert.Equal(Rows, await writer.CompleteAsync(None));
        }

        // Sums that a lost, doubled or shifted row would change.
        Assert.Equal($"{Rows} {(long)Rows * (Rows + 1) / 2} {Enumerable.Range(1, Rows).Sum(i => (long)(i % 7) * i)}",
            await TextAsync(connection, $"SELECT CONCAT(COUNT(*), ' ', SUM(REVIEW_HELPFULNESS_ID), ' ', SUM(HELPFULNESS * REVIEW_ID)) FROM {table.Name}"));
    }

    [SkippableFact]
    public async Task An_abandoned_writer_with_statements_sent_leaves_the_table_empty()
    {
        await using var connection = await database.OpenAsync();
        var table = await ScratchAsync(connection, "REVIEWS_HELPFULNESS");

        var abandoned = await WriterHandedEveryRowAsync(connection, table);
        await abandoned.DisposeAsync();

        Assert.Equal("0", await TextAsync(connection, $"SELECT COUNT(*) FROM {table.Name}"));
    }

    [SkippableFact]
    public async Task A_duplicate_key_fails_the_load_instead_of_being_skipped()
    {
        await using var connection = await database.OpenAsync();
        var table = await ScratchAsync(connection, "REVIEWS_HELPFULNESS");

        await using var writer = await database.Engine.OpenBulkWriterAsync(connection, table, None);
        await writer.WriteAsync([[1L, 1L, 1L, (short)1], [1L, 2L, 2L, (short)2]], None);

        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => writer.CompleteAsync(None));
        Assert.Contains("stored 1 of 2 rows", error.Message);
    }

    /// <summary>A bulk writer on <paramref name="table"/> handed all <see cref="Rows"/> rows: several statements sent, the last maybe in flight, none completed.</summary>
    private async Task<IBulkWriter> WriterHandedEveryRowAsync(MySqlConnection connection, TableSpec table)
    {
        var writer = await database.Engine.OpenBulkWriterAsync(connection, table, None);
        try
        {
            foreach (var batch in Batches(1, Rows))
            {
                await writer.WriteAsync(batch, None);
            }

            return writer;
        }
        catch
        {
            await writer.DisposeAsync();
            throw;
        }
    }

    /// <summary>REVIEWS_HELPFULNESS rows first..last (id, review id = id, customer, helpfulness = id % 7), 5,000 a batch.</summary>
    private static IEnumerable<object?[][]> Batches(long first, long last)
    {
        for (var start = first; start <= last; start += 5_000)
        {
            yield return Enumerable.Range(0, (int)Math.Min(5_000, last - start + 1))
                .Select(i => new object?[] { start + i, start + i, 42L, (short)((start + i) % 7) }).ToArray();
        }
    }

    private static async Task<TableSpec> ScratchAsync(MySqlConnection connection, string like)
    {
        var scratch = StoreModel.Table(like) with { Name = "BULK_" + like };
        await connection.ExecuteAsync($"DROP TABLE IF EXISTS {scratch.Name}", None);
        await connection.ExecuteAsync(new MySqlDialect().CreateTable(scratch), None);
        return scratch;
    }

    private static async Task<string?> TextAsync(MySqlConnection connection, string sql)
    {
        await using var command = connection.Command(sql);
        return await command.ScalarAsync<string>(None);
    }
}
