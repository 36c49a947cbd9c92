using System.Data.Common;
using DvdStore.Monitoring;
using MySqlConnector;
using Npgsql;
using Xunit.Abstractions;

namespace DvdStore.Tests.Monitoring;

/// <summary>
/// Proof that wait sampling names what the sessions wait on: each test causes one class on the real test server (a
/// hot-row update storm, a commit-heavy loop with synchronous commit, a cold table read through a small cache, a long
/// sleep) and samples the store's sessions until the class shows up under the engine's own event name. Some tests change
/// the MariaDB test server's globals (buffer pool, commit flushing, consumers): the class runs alone.
/// </summary>
[Collection(ServerWideSettingsCollection.Name)]
public class LiveWaitClassTests
{
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(20);

    private readonly ITestOutputHelper output;

    public LiveWaitClassTests(ITestOutputHelper output) => this.output = output;

    [SkippableFact]
    public async Task Postgresql_names_a_hot_row_update_storm_a_lock_wait()
    {
        var (seen, steady) = await HotRowStormAsync(EngineKind.PostgreSql, Pg, "int", "");

        Assert.Contains(seen, e => e.Event == "Lock:transactionid" && e.Class == "lock");
        Assert.True(steady >= 3, $"four updaters blocked on one row, sampled as {steady:0.00} in a lock wait");
    }

    [SkippableFact]
    public async Task Postgresql_names_a_commit_heavy_loop_with_synchronous_commit_a_log_write()
    {
        var table = Name("commits");
        await using var setup = await Pg(CancellationToken.None);
        await setup.ExecuteAsync($"CREATE TABLE {table} (i int)", CancellationToken.None);
        try
        {
            var loop = $"DO $$ BEGIN FOR i IN 1..200000 LOOP INSERT INTO {table} VALUES (i); COMMIT; END LOOP; END $$";
            var seen = await SeenWhileAsync(EngineKind.PostgreSql, Pg, Enumerable.Range(0, 4).Select(_ => (Func<CancellationToken, Task>)(ct => OnceAsync(Pg, ct, "SET synchronous_commit = on", loop))), WaitClass.LogWrite);

            Assert.Contains(seen, e => e.Class == "logWrite" && (e.Event.StartsWith("LWLock:WAL", StringComparison.Ordinal) || e.Event.StartsWith("IO:WAL", StringComparison.Ordinal)));
        }
        finally
        {
            await setup.ExecuteAsync($"DROP TABLE IF EXISTS {table}", CancellationToken.None);
        }
    }

    /// <summary>
    /// shared_buffers cannot change without a restart, so the table is made cold instead: CREATE TABLE AS writes through a
    /// small ring of buffers and a sequential scan of a table over a quarter of shared_buffers reads through another, so
    /// each scan reads the table's pages from outside the buffer cache (the OS cache: short reads, still DataFileRead).
    /// </summary>
    [SkippableFact]
    public async Task Postgresql_names_a_cold_table_read_through_a_small_cache_a_data_read()
    {
        var table = Name("cold");
        await using var setup = await Pg(CancellationToken.None);
        await using (var size = setup.Command("SELECT current_setting('shared_buffers', true)"))
        {
            output.WriteLine($"shared_buffers {await size.ExecuteScalarAsync()}");
        }

        await setup.ExecuteAsync($"CREATE UNLOGGED TABLE {table} AS SELECT g AS id, repeat('x', 200) AS pad FROM generate_series(1, 400000) AS g", CancellationToken.None);
        try
        {
            var scan = $"SELECT count(*) FROM {table} WHERE pad LIKE '%y%'";
            var seen = await SeenWhileAsync(EngineKind.PostgreSql, Pg, Enumerable.Range(0, 2).Select(_ => (Func<CancellationToken, Task>)(ct => LoopAsync(Pg, scan, ct, "SET max_parallel_workers_per_gather = 0"))), WaitClass.DataRead);

            Assert.Contains(seen, e => e.Event == "IO:DataFileRead" && e.Class == "dataRead");
        }
        finally
        {
            await setup.ExecuteAsync($"DROP TABLE IF EXISTS {table}", CancellationToken.None);
        }
    }

    [SkippableFact]
    public async Task Postgresql_names_a_long_sleep_other()
    {
        var seen = await SeenWhileAsync(EngineKind.PostgreSql, Pg, [ct => OnceAsync(Pg, ct, "SELECT pg_sleep(30)")], WaitClass.Other);

        Assert.Contains(seen, e => e.Event == "Timeout:PgSleep" && e.Class == "other");
    }

    [SkippableFact]
    public async Task Mariadb_names_a_hot_row_update_storm_a_lock_wait()
    {
        var (seen, steady) = await HotRowStormAsync(EngineKind.MySql, My, "INT", " ENGINE=InnoDB");

        Assert.Contains(seen, e => e.Event == "InnoDB row lock wait" && e.Class == "lock");
        Assert.True(steady >= 3, $"four updaters blocked on one row, sampled as {steady:0.00} in a lock wait");
    }

    /// <summary>The test server flushes the log lazily (innodb_flush_log_at_trx_commit=0): the test turns durable commits on for its length.</summary>
    [SkippableFact]
    public async Task Mariadb_names_a_commit_heavy_loop_with_durable_commits_a_log_write()
    {
        var table = Name("commits");
        var procedure = Name("commit_loop");
        await using var setup = await My(CancellationToken.None);
        await using (var was = setup.Command("SELECT @@GLOBAL.innodb_flush_log_at_trx_commit"))
        {
            var flush = Convert.ToInt32(await was.ExecuteScalarAsync(), CultureInfo.InvariantCulture);
            await setup.ExecuteAsync($"CREATE TABLE {table} (i INT) ENGINE=InnoDB", CancellationToken.None);
            await setup.ExecuteAsync(
                $"CREATE PROCEDURE {procedure}() BEGIN DECLARE i INT DEFAULT 0; WHILE i < 5000 DO INSERT INTO {table} VALUES (i); COMMIT; SET i = i + 1; END WHILE; END",
                CancellationToken.None);
            await setup.ExecuteAsync("SET GLOBAL innodb_flush_log_at_trx_commit = 1", CancellationToken.None);
            try
            {
                // The loops run to their end: a KILL QUERY that lands in a commit can leave the thread in 'Commit' for minutes.
                var seen = await SeenWhileAsync(EngineKind.MySql, My, Enumerable.Range(0, 3).Select(_ => (Func<CancellationToken, Task>)(_ => OnceAsync(My, CancellationToken.None, $"CALL {procedure}()"))), WaitClass.LogWrite);

                // performance_schema names the log write or flush itself; the processlist only says "Commit".
                Assert.Contains(seen, e => e.Class == "logWrite" && (e.Event == "Commit" || e.Event.StartsWith("wait/", StringComparison.Ordinal)));
            }
            finally
            {
                await setup.ExecuteAsync($"SET GLOBAL innodb_flush_log_at_trx_commit = {flush}", CancellationToken.None);
                await setup.ExecuteAsync($"DROP PROCEDURE IF EXISTS {procedure}", CancellationToken.None);
                await setup.ExecuteAsync($"DROP TABLE IF EXISTS {table}", CancellationToken.None);
            }
        }
    }

    [SkippableFact]
    public async Task Mariadb_names_a_long_sleep_other()
    {
        var seen = await SeenWhileAsync(EngineKind.MySql, My, [ct => OnceAsync(My, ct, "SELECT SLEEP(30)")], WaitClass.Other);

        Assert.Contains(seen, e => e.Event == "User sleep" && e.Class == "other");
    }

    /// <summary>
    /// A table read through a buffer pool too small for it: only performance_schema shows the read from the data file
    /// (the processlist would call it CPU). The test server's pool (256M) holds any table a test makes quickly, so the
    /// test shrinks it online to 16M for its length (MariaDB resizes innodb_buffer_pool_size while running) and reads a
    /// ~30 MB table's rows in an order that jumps from page to page (its secondary index is a permutation of the ids).
    /// </summary>
    [SkippableFact]
    public async Task Mariadb_names_a_cold_table_read_through_a_small_buffer_pool_a_data_read()
    {
        var table = Name("cold");
        await using var setup = await My(CancellationToken.None);
        await using (var on = setup.Command("SELECT @@performance_schema"))
        {
            Assert.True(Convert.ToInt32(await on.ExecuteScalarAsync(), CultureInfo.InvariantCulture) == 1, "the MariaDB test server runs without performance_schema: start it with scripts/db-up.sh");
        }

        long pool;
        await using (var size = setup.Command("SELECT @@GLOBAL.innodb_buffer_pool_size"))
        {
            pool = Convert.ToInt64(await size.ExecuteScalarAsync(), CultureInfo.InvariantCulture);
        }

        await setup.ExecuteAsync($"CREATE TABLE {table} (id INT PRIMARY KEY, k INT NOT NULL, pad CHAR(200) NOT NULL, KEY (k)) ENGINE=InnoDB", CancellationToken.None);
        try
        {
            await setup.ExecuteAsync($"INSERT INTO {table} SELECT seq, (seq * 7919) % 120000, 'x' FROM seq_0_to_119999", CancellationToken.None);
            await setup.ExecuteAsync("SET GLOBAL innodb_buffer_pool_size = 16 * 1024 * 1024", CancellationToken.None);
            var scan = $"SELECT SUM(LENGTH(pad)) FROM {table} FORCE INDEX (k) WHERE k >= 0";
            var seen = await SeenWhileAsync(EngineKind.MySql, My, Enumerable.Range(0, 2).Select(_ => (Func<CancellationToken, Task>)(ct => LoopAsync(My, scan, ct))), WaitClass.DataRead);

            Assert.Contains(seen, e => e.Event.StartsWith("wait/io/file/innodb/", StringComparison.Ordinal) && e.Class == "dataRead");
        }
        finally
        {
            await setup.ExecuteAsync(string.Create(CultureInfo.InvariantCulture, $"SET GLOBAL innodb_buffer_pool_size = {pool}"), CancellationToken.None);
            await setup.ExecuteAsync($"DROP TABLE IF EXISTS {table}", CancellationToken.None);
        }
    }

    /// <summary>
    /// Without performance_schema's current waits the sampler falls back to the processlist and says once what to
    /// enable. The test server runs with them on, so the test turns the consumer off for its length (the other tests of
    /// this class, which need it, never run beside it).
    /// </summary>
    [SkippableFact]
    public async Task Mariadb_without_performance_schema_warns_once_and_samples_the_processlist()
    {
        await using var admin = await My(CancellationToken.None);
        const string Consumer = "UPDATE performance_schema.setup_consumers SET ENABLED = '{0}' WHERE NAME = 'events_waits_current'";
        await admin.ExecuteAsync(string.Format(CultureInfo.InvariantCulture, Consumer, "NO"), CancellationToken.None);
        try
        {
            var warnings = new List<string>();
            await using var sampler = new WaitSampler(EngineCatalog.Get(EngineKind.MySql).Profile.NewWaits(), My, 10, warnings.Add);

            await sampler.SampleAsync(CancellationToken.None);
            await sampler.SampleAsync(CancellationToken.None);

            var warning = Assert.Single(warnings);
            Assert.Contains("performance_schema=ON", warning);
            Assert.Contains("events_waits_current", warning);
            Assert.Equal(2, sampler.For(DateTimeOffset.MinValue, DateTimeOffset.MaxValue)!.Samples);
        }
        finally
        {
            await admin.ExecuteAsync(string.Format(CultureInfo.InvariantCulture, Consumer, "YES"), CancellationToken.None);
        }
    }

    /// <summary>
    /// One session holds an update of the one hot row while four others update it again and again; returns the events
    /// seen until the lock showed, and the sessions sampled in a lock wait after that (every updater is blocked by then).
    /// </summary>
    private async Task<(IReadOnlyList<WaitEventShare> Seen, double Steady)> HotRowStormAsync(
        EngineKind engine, Func<CancellationToken, Task<DbConnection>> open, string intType, string tableOptions)
    {
        var table = Name("hot");
        var update = $"UPDATE {table} SET v = v + 1 WHERE id = 1";
        await using var holder = await open(CancellationToken.None);
        await holder.ExecuteAsync($"CREATE TABLE {table} (id {intType} PRIMARY KEY, v {intType}){tableOptions}", CancellationToken.None);
        await holder.ExecuteAsync($"INSERT INTO {table} VALUES (1, 0)", CancellationToken.None);
        try
        {
            await using var transaction = await holder.BeginTransactionAsync();
            await holder.ExecuteAsync(update, CancellationToken.None, transaction);
            var steady = 0.0;
            var seen = await SeenWhileAsync(
                engine, open, Enumerable.Range(0, 4).Select(_ => (Func<CancellationToken, Task>)(ct => LoopAsync(open, update, ct))), WaitClass.Lock,
                async () => steady = await LockedSessionsAsync(engine, open));
            await transaction.RollbackAsync();
            return (seen, steady);
        }
        finally
        {
            await holder.ExecuteAsync($"DROP TABLE IF EXISTS {table}", CancellationToken.None);
        }
    }

    /// <summary>
    /// Runs <paramref name="workloads"/> and samples the store's sessions every 20 ms until <paramref name="wanted"/> shows
    /// (or the workloads end, or <see cref="Patience"/> runs out), runs <paramref name="onceSeen"/> while the workloads
    /// still run, then cancels them; returns the top events seen.
    /// </summary>
    private async Task<IReadOnlyList<WaitEventShare>> SeenWhileAsync(
        EngineKind engine, Func<CancellationToken, Task<DbConnection>> open, IEnumerable<Func<CancellationToken, Task>> workloads, WaitClass wanted,
        Func<Task>? onceSeen = null)
    {
        using var stop = new CancellationTokenSource();
        var warnings = new List<string>();
        await using var sampler = new WaitSampler(EngineCatalog.Get(engine).Profile.NewWaits(), open, 50, warnings.Add);

        // One sample before the workloads start: a sampler must see what begins after it did (InnoDB's transaction list
        // is a cache that a reader polling it every 20 ms would keep at this first sample's).
        await sampler.SampleAsync(CancellationToken.None);
        var running = workloads.Select(w => Task.Run(() => w(stop.Token))).ToList();
        var started = DateTimeOffset.UtcNow;
        ServerWaits? waits = null;
        try
        {
            while (DateTimeOffset.UtcNow - started < Patience && !(waits?.Of(wanted) > 0) && !running.All(t => t.IsCompleted))
            {
                await sampler.SampleAsync(CancellationToken.None);
                await Task.Delay(20);
                waits = sampler.For(DateTimeOffset.MinValue, DateTimeOffset.MaxValue);
            }

            if (onceSeen is not null && waits?.Of(wanted) > 0)
            {
                await onceSeen();
            }
        }
        finally
        {
            await stop.CancelAsync();
            foreach (var task in running)
            {
                try
                {
                    await task;
                }
                catch (Exception) when (stop.IsCancellationRequested)
                {
                    // The workload is cancelled mid-statement.
                }
            }
        }

        Assert.NotNull(waits);
        output.WriteLine($"{waits.Samples} samples: {waits.SummaryLine()}; {string.Join(", ", waits.Top.Select(t => $"{t.Event} ({t.Class}) {t.ActiveSessions:0.00}"))}");
        foreach (var warning in warnings)
        {
            output.WriteLine("warning: " + warning);
        }

        return waits.Top;
    }

    /// <summary>Sessions in a lock wait, averaged over 20 samples 25 ms apart by a sampler of the engine's own on a connection of its own.</summary>
    private async Task<double> LockedSessionsAsync(EngineKind engine, Func<CancellationToken, Task<DbConnection>> open)
    {
        var waits = EngineCatalog.Get(engine).Profile.NewWaits();
        await using var connection = await open(CancellationToken.None);
        await waits.PrepareAsync(connection, CancellationToken.None);
        var locked = new List<int>();
        for (var i = 0; i < 20; i++)
        {
            var sessions = await waits.SampleAsync(connection, CancellationToken.None);
            locked.Add(sessions.Count(s => s.Class == WaitClass.Lock));
            await Task.Delay(25);
        }

        output.WriteLine($"then, in a lock wait: {string.Join(' ', locked)}");
        return locked.Average();
    }

    /// <summary>Runs <paramref name="sql"/> again and again on one connection (after <paramref name="setup"/>, once) until cancelled.</summary>
    private static async Task LoopAsync(Func<CancellationToken, Task<DbConnection>> open, string sql, CancellationToken cancellationToken, string? setup = null)
    {
        await using var connection = await open(cancellationToken);
        if (setup is not null)
        {
            await connection.ExecuteAsync(setup, cancellationToken);
        }

        while (!cancellationToken.IsCancellationRequested)
        {
            await connection.ExecuteAsync(sql, cancellationToken);
        }
    }

    /// <summary>Runs the statements in order on one connection.</summary>
    private static async Task OnceAsync(Func<CancellationToken, Task<DbConnection>> open, CancellationToken cancellationToken, params string[] statements)
    {
        await using var connection = await open(cancellationToken);
        await connection.ExecuteAllAsync(statements, cancellationToken);
    }

    private static string Name(string what) => $"waits_{what}_{Guid.NewGuid():N}"[..32];

    private static Task<DbConnection> Pg(CancellationToken cancellationToken) => Open(new NpgsqlConnection(TestServers.PostgreSql), cancellationToken);

    private static Task<DbConnection> My(CancellationToken cancellationToken) => Open(new MySqlConnection(TestServers.MySql), cancellationToken);

    private static async Task<DbConnection> Open(DbConnection connection, CancellationToken cancellationToken)
    {
        await connection.OpenAsync(cancellationToken);
        return connection;
    }
}
