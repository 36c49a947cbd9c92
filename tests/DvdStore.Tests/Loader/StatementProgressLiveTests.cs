namespace DvdStore.Tests.Loader;

/// <summary>
/// On real PostgreSQL and MariaDB a step's heartbeat names the long statement the server is running and where it is
/// (issue #28). Each statement is held deterministically behind another session's open transaction (an index build
/// waiting out a writer, a key's check waiting for a lock, an ALTER waiting for a metadata lock), and the beats are
/// watched until one names it: no fixed sleep, no timing assumed.
/// </summary>
public sealed class StatementProgressLiveTests
{
    [SkippableFact]
    public async Task Postgres_beats_name_an_index_build_waiting_out_a_writer_and_a_foreign_key_waiting_for_its_lock()
    {
        await using var database = await LoaderDatabase.CreateAsync(EngineKind.PostgreSql);
        var target = database.Target;
        await using var writer = await target.OpenAsync(None);
        await writer.ExecuteAsync("CREATE TABLE held (id INT PRIMARY KEY, a INT)", None);
        await writer.ExecuteAsync("CREATE TABLE child (id INT, held_id INT)", None);
        await writer.ExecuteAsync("INSERT INTO held SELECT g, g FROM generate_series(1, 1000) AS g", None);
        await using var builder = await target.OpenAsync(None);

        // CREATE INDEX CONCURRENTLY waits, in its own progress phase, for every transaction that has written to the table.
        await using (var open = await writer.BeginTransactionAsync())
        {
            await writer.ExecuteAsync("INSERT INTO held VALUES (0, 0)", None, open);
            var build = builder.ExecuteAsync("CREATE INDEX CONCURRENTLY held_a ON held (a)", None);
            var (index, line) = await HeartbeatWatch.HeldAsync(target, s => s.Name == "held_a", build);
            Assert.Equal(("index", "held"), (index.Kind, index.Table));
            Assert.StartsWith("waiting for writers before build", index.Phase);
            Assert.Contains("still running", line);
            Assert.Contains(": index held_a on held: waiting for writers before build", line);
            await open.RollbackAsync();
            await build;
        }

        // A foreign key has no progress view: its session's statement and the lock it waits on are what there is.
        await using (var open = await writer.BeginTransactionAsync())
        {
            await writer.ExecuteAsync("INSERT INTO held VALUES (-1, 0)", None, open);
            var key = builder.ExecuteAsync("ALTER TABLE child ADD CONSTRAINT child_held FOREIGN KEY (held_id) REFERENCES held (id)", None);
            var (foreignKey, _) = await HeartbeatWatch.HeldAsync(target, s => s.Name == "child_held", key);
            Assert.Equal(("foreign key", "child"), (foreignKey.Kind, foreignKey.Table));
            Assert.StartsWith("waiting for a lock", foreignKey.Phase);
            await open.RollbackAsync();
            await key;
        }
    }

    [SkippableFact]
    public async Task Mariadb_beats_name_an_index_build_waiting_for_its_tables_metadata_lock()
    {
        await using var database = await LoaderDatabase.CreateAsync(EngineKind.MySql);
        var target = database.Target;
        await using var reader = await target.OpenAsync(None);
        await reader.ExecuteAsync("CREATE TABLE held (id INT PRIMARY KEY, a INT)", None);
        await reader.ExecuteAsync("INSERT INTO held VALUES (1, 1), (2, 2)", None);
        await using var builder = await target.OpenAsync(None);

        // A transaction that has read the table holds its metadata lock until it ends; the ALTER waits for it.
        await using var open = await reader.BeginTransactionAsync();
        await using (var read = reader.Command("SELECT COUNT(*) FROM held", open))
        {
            await read.ExecuteScalarAsync();
        }

        var build = builder.ExecuteAsync("ALTER TABLE held ADD INDEX held_a (a)", None);
        var (index, line) = await HeartbeatWatch.HeldAsync(target, s => s.Name == "held_a", build);
        Assert.Equal(("index", "held", "Waiting for table metadata lock"), (index.Kind, index.Table, index.Phase));
        Assert.Contains(": index held_a on held: Waiting for table metadata lock", line);
        await open.RollbackAsync();
        await build;
    }
}
