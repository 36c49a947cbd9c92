namespace DvdStore.Tests.Loader;

/// <summary>
/// On real MariaDB an InnoDB index build's progress is performance_schema's current stage, counted only while the
/// events_stages_current consumer is on: with it on, a beat during a build says which stage and how much of its
/// estimated work is done. Turning the consumer on is a server global, so this runs alone (and puts it back).
/// </summary>
[Collection(ServerWideSettingsCollection.Name)]
public sealed class StageProgressLiveTests
{
    private const string Consumer = "FROM performance_schema.setup_consumers WHERE NAME = 'events_stages_current'";

    [SkippableFact]
    public async Task Mariadb_beats_count_an_index_builds_stage_work_with_the_stage_consumer_on()
    {
        await using var database = await LoaderDatabase.CreateAsync(EngineKind.MySql);
        var target = database.Target;
        await using var connection = await target.OpenAsync(None);
        string? enabled;
        await using (var read = connection.Command("SELECT ENABLED " + Consumer))
        {
            enabled = await read.ScalarAsync<string>(None);
        }

        await connection.ExecuteAsync("UPDATE performance_schema.setup_consumers SET ENABLED = 'YES' WHERE NAME = 'events_stages_current'", None);
        try
        {
            await connection.ExecuteAsync("CREATE TABLE big (id INT PRIMARY KEY, a INT, b VARCHAR(40))", None);
            // A build shorter than one look may end unseen: the table doubles until one is seen (no timing assumed).
            for (long rows = 0, size = 200_000; ; rows = size, size *= 2)
            {
                Assert.True(size <= 3_200_000, "no beat saw an index build's stage work, even on 3.2M rows");
                await connection.ExecuteAsync(string.Create(CultureInfo.InvariantCulture, $"INSERT INTO big SELECT seq, seq % 1000, CONCAT('x', seq) FROM seq_{rows + 1}_to_{size}"), None);
                await using var builder = await target.OpenAsync(None);
                var build = builder.ExecuteAsync("ALTER TABLE big ADD INDEX big_a_b (a, b)", None);
                var seen = await HeartbeatWatch.BeatUntilAsync(target, s => s.Name == "big_a_b" && s.Total > 0, build);
                await build;
                if (seen is { } beat)
                {
                    Assert.Equal(("index", "big", "work units"), (beat.Statement.Kind, beat.Statement.Table, beat.Statement.Unit));
                    Assert.StartsWith("alter table (", beat.Statement.Phase);
                    Assert.InRange(beat.Statement.Done, 0, beat.Statement.Total);
                    Assert.Matches(@": index big_a_b on big: alter table \(.+\) \d+% \(work units [\d,]+ of [\d,]+\)$", beat.Line);
                    return;
                }

                await connection.ExecuteAsync("ALTER TABLE big DROP INDEX big_a_b", None);
            }
        }
        finally
        {
            await using var restore = connection.Command("UPDATE performance_schema.setup_consumers SET ENABLED = @enabled WHERE NAME = 'events_stages_current'");
            restore.Add("enabled", enabled ?? "NO");
            await restore.ExecuteNonQueryAsync(None);
        }
    }
}
