using System.Data;
using DvdStore.Schema.Engines.MySql;
using DvdStore.Tests.Schema.Oracle;

namespace DvdStore.Tests.Monitoring;

/// <summary>
/// InnoDB refreshes information_schema.INNODB_TRX only after 100 ms without a read of it: a sampler that reads it with
/// every sample at 10 Hz or more keeps it at its first answer (a hot-row storm sampled as CPU). MySQL's waits read the
/// threads every sample and the transaction list no oftener than <see cref="MySqlWaits.TransactionsRefresh"/>.
/// The fake connection (written for the Oracle tests) only records commands and answers with tables.
/// </summary>
public class MySqlTransactionListTests
{
    [Fact]
    public async Task Samples_in_quick_succession_read_the_transaction_list_once()
    {
        var connection = Server(out _);
        var waits = new MySqlWaits();

        for (var i = 0; i < 5; i++)
        {
            await waits.SampleAsync(connection, CancellationToken.None);
        }

        Assert.Equal(5, connection.Executed.Count(c => c.CommandText.Contains("PROCESSLIST", StringComparison.Ordinal)));
        Assert.Single(connection.Executed, c => c.CommandText.Contains("INNODB_TRX", StringComparison.Ordinal));
    }

    [Fact]
    public async Task The_transaction_list_is_read_again_once_the_refresh_interval_has_passed()
    {
        var connection = Server(out _);
        var waits = new MySqlWaits();

        await waits.SampleAsync(connection, CancellationToken.None);
        await Task.Delay(MySqlWaits.TransactionsRefresh + TimeSpan.FromMilliseconds(20));
        await waits.SampleAsync(connection, CancellationToken.None);

        Assert.Equal(2, connection.Executed.Count(c => c.CommandText.Contains("INNODB_TRX", StringComparison.Ordinal)));
    }

    [Fact]
    public async Task Threads_are_classed_with_their_transactions_state_and_idle_threads_without_one_are_left_out()
    {
        var connection = Server(out var threads);
        threads.Rows.Add(7L, "Query", "Updating", DBNull.Value);
        threads.Rows.Add(8L, "Sleep", "", DBNull.Value);
        threads.Rows.Add(9L, "Sleep", "", DBNull.Value);
        threads.Rows.Add(10L, "Query", "Sending data", DBNull.Value);

        var sessions = await new MySqlWaits().SampleAsync(connection, CancellationToken.None);

        Assert.Equal(
            [new SessionWait("InnoDB row lock wait", WaitClass.Lock), new SessionWait("Sleep in transaction", WaitClass.Client), new SessionWait("CPU", WaitClass.Cpu)],
            sessions);
    }

    [Fact]
    public async Task An_account_that_cannot_read_performance_schema_samples_the_processlist_and_says_what_to_grant()
    {
        var on = new DataTable();
        on.Columns.Add("on", typeof(long));
        on.Rows.Add(1L);
        var connection = Server(out var threads);
        threads.Rows.Add(7L, "Query", "Updating", DBNull.Value);
        var processList = connection.Respond;
        connection.Respond = c => c.CommandText switch
        {
            "SELECT @@performance_schema" => on,
            MySqlWaits.ConsumerQuery => throw new FakeOracleException(1142, "SELECT command denied to user 'capped'@'127.0.0.1' for table `performance_schema`.`setup_consumers`"),
            _ => processList(c),
        };
        var waits = new MySqlWaits();

        var warning = await waits.PrepareAsync(connection, CancellationToken.None);
        var sessions = await waits.SampleAsync(connection, CancellationToken.None);

        Assert.NotNull(warning);
        Assert.Contains("cannot read performance_schema", warning, StringComparison.Ordinal);
        Assert.Contains("GRANT SELECT ON performance_schema.*", warning, StringComparison.Ordinal);
        Assert.Contains(connection.Executed, c => c.CommandText == MySqlWaits.ProcessListQuery);
        Assert.Equal([new SessionWait("InnoDB row lock wait", WaitClass.Lock)], sessions);
    }

    /// <summary>A server whose threads are the rows of <paramref name="threads"/> and whose transactions are those of threads 7 (waiting on a lock) and 8.</summary>
    private static FakeOracleConnection Server(out DataTable threads)
    {
        var processList = new DataTable();
        processList.Columns.Add("ID", typeof(long));
        processList.Columns.Add("COMMAND", typeof(string));
        processList.Columns.Add("STATE", typeof(string));
        processList.Columns.Add("EVENT_NAME", typeof(string));
        var transactions = new DataTable();
        transactions.Columns.Add("trx_mysql_thread_id", typeof(ulong));
        transactions.Columns.Add("trx_state", typeof(string));
        transactions.Rows.Add(7UL, "LOCK WAIT");
        transactions.Rows.Add(8UL, "RUNNING");
        threads = processList;
        return new FakeOracleConnection { Respond = c => c.CommandText.Contains("INNODB_TRX", StringComparison.Ordinal) ? transactions : processList };
    }
}
