using System.Text.RegularExpressions;
using DvdStore.Tests.Trust;

namespace DvdStore.Tests.Loader;

/// <summary>
/// `load --resume` after the load process was killed (SIGKILL) at three points, on PostgreSQL and MariaDB: while its
/// tables stream (some streams finished, REVIEWS_HELPFULNESS not), while REVIEWS_HELPFULNESS' keys are built (its rows
/// all in), and after the procedures (the test holds DS_INVENTORY_BASELINE locked, so the load waits there). Each kill
/// follows a mark the load wrote in DS_STORE_INFO, never a timer. Meanwhile `run`'s gate refuses the store; the resumed
/// load runs none of the streams already marked finished and ends with the fingerprint of a whole load, and verifies.
/// </summary>
public sealed class LoadResumeTests
{
    private static readonly TimeSpan Patience = TimeSpan.FromMinutes(10);

    public enum KillPoint
    {
        WhileTablesStream,
        WhileKeysBuild,
        AfterProcedures,
    }

    [SkippableTheory]
    [InlineData(EngineKind.PostgreSql, KillPoint.WhileTablesStream)]
    [InlineData(EngineKind.PostgreSql, KillPoint.WhileKeysBuild)]
    [InlineData(EngineKind.PostgreSql, KillPoint.AfterProcedures)]
    [InlineData(EngineKind.MySql, KillPoint.WhileTablesStream)]
    [InlineData(EngineKind.MySql, KillPoint.WhileKeysBuild)]
    [InlineData(EngineKind.MySql, KillPoint.AfterProcedures)]
    public async Task A_killed_load_resumes_to_the_whole_loads_fingerprint_without_redoing_finished_streams(EngineKind kind, KillPoint point)
    {
        await using var database = await LoaderDatabase.CreateAsync(kind);
        var connection = new[] { "--engine", EngineCatalog.NameOf(kind), "--connection", database.Target.ConnectionString };
        var store = TestStore.TenMegabytes;
        await using var watcher = await database.Target.OpenAsync(CancellationToken.None);
        await using var blocker = await database.Target.OpenAsync(CancellationToken.None);

        using (var load = CliProcess.Start(["load", .. connection, "--size", store.Size.ToString(), "--parallel-tables", "2"]))
        {
            if (point == KillPoint.AfterProcedures)
            {
                await WaitForAsync(watcher, load, marks => marks.ContainsKey("state"));
                await BlockBaselineAsync(kind, blocker);
            }

            var marks = await WaitForAsync(watcher, load, point switch
            {
                KillPoint.WhileTablesStream => m => m.Keys.Any(k => k.StartsWith("resume.part.", StringComparison.Ordinal)) && !m.Keys.Any(k => k.StartsWith("resume.part.REVIEWS_HELPFULNESS", StringComparison.Ordinal)),
                KillPoint.WhileKeysBuild => m => m.ContainsKey("resume.part.REVIEWS_HELPFULNESS") && !m.ContainsKey("resume.keys.REVIEWS_HELPFULNESS"),
                _ => m => m.ContainsKey("resume.step.programmability"),
            });
            await load.SignalAsync("KILL");
            await load.WaitAsync(Patience);
            var finished = marks.Keys.Where(k => k.StartsWith("resume.part.", StringComparison.Ordinal)).Select(k => k["resume.part.".Length..]).ToList();
            Assert.NotEmpty(finished);
            if (point == KillPoint.AfterProcedures)
            {
                await ReleaseAsync(kind, blocker);
            }

            // A killed client's server sessions finish the statement they were running before they notice: resume after.
            await WaitForNoOtherWorkAsync(kind, watcher);

            var info = await ReadInfoAsync(watcher);
            Assert.Equal(StoreInfo.Loading, info["state"]);
            await Assert.ThrowsAsync<UserError>(() => StoreGate.RequireReadyForRunAsync(database.Target, watcher, CancellationToken.None));

            var (code, output) = await CliProcess.RunAsync(Patience, ["load", .. connection, "--resume"]);

            Assert.True(code == 0, output);
            foreach (var stream in finished)
            {
                // The load's progress lines of a stream: "  TABLE[1/2] 1,000 of 2,000 (...)" and "  TABLE[1/2]   2,000 rows in 1.0s".
                Assert.DoesNotMatch($@"\n  {Regex.Escape(stream)}\s+[\d,]+ (of|rows in) ", output);
            }
        }

        var comparison = await database.CompareWithLoadAsync();
        Assert.True(comparison.Matches, string.Join(", ", comparison.DifferingTables));
        Assert.Equal(store.Reference.Value, comparison.Current.Value);
        Assert.DoesNotContain((await ReadInfoAsync(watcher)).Keys, k => k.StartsWith("resume.", StringComparison.Ordinal));
        await database.AssertVerifiesAsync();
    }

    /// <summary>Polls DS_STORE_INFO until <paramref name="seen"/> holds (the table may not exist yet); fails if the load ends first.</summary>
    internal static async Task<Dictionary<string, string>> WaitForAsync(System.Data.Common.DbConnection connection, ChildProcess load, Func<Dictionary<string, string>, bool> seen)
    {
        var clock = System.Diagnostics.Stopwatch.StartNew();
        while (clock.Elapsed < Patience)
        {
            try
            {
                var info = await ReadInfoAsync(connection);
                if (seen(info))
                {
                    return info;
                }

                Assert.NotEqual(StoreInfo.Complete, info.GetValueOrDefault("state"));
            }
            catch (System.Data.Common.DbException)
            {
                // DS_STORE_INFO is not made yet.
            }

            Assert.False(load.HasExited, "the load ended before the point to kill it: " + load.Combined);
            await Task.Delay(50);
        }

        throw new TimeoutException("the load never reached the point to kill it: " + load.Combined);
    }

    internal static async Task<Dictionary<string, string>> ReadInfoAsync(System.Data.Common.DbConnection connection) =>
        new((await StoreInfo.ReadAsync(connection, CancellationToken.None)).Values, StringComparer.Ordinal);

    private static Task ReleaseAsync(EngineKind kind, System.Data.Common.DbConnection connection) =>
        connection.ExecuteAsync(kind == EngineKind.PostgreSql ? "ROLLBACK" : "UNLOCK TABLES", CancellationToken.None);

    /// <summary>Waits until no session but this one runs a statement in the store's database.</summary>
    internal static async Task WaitForNoOtherWorkAsync(EngineKind kind, System.Data.Common.DbConnection connection)
    {
        var sql = kind == EngineKind.PostgreSql
            ? "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle'"
            : "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE DB = DATABASE() AND ID <> CONNECTION_ID() AND COMMAND <> 'Sleep'";
        var clock = System.Diagnostics.Stopwatch.StartNew();
        while (true)
        {
            await using var command = connection.Command(sql);
            if (await command.ScalarAsync<long>(CancellationToken.None) == 0)
            {
                return;
            }

            Assert.True(clock.Elapsed < Patience, "the killed load's sessions never ended");
            await Task.Delay(100);
        }
    }

    /// <summary>Holds DS_INVENTORY_BASELINE so the load's baseline step (after the procedures) waits until this session closes.</summary>
    private static async Task BlockBaselineAsync(EngineKind kind, System.Data.Common.DbConnection connection)
    {
        if (kind == EngineKind.PostgreSql)
        {
            await connection.ExecuteAsync("BEGIN", CancellationToken.None);
            await connection.ExecuteAsync("LOCK TABLE DS_INVENTORY_BASELINE IN ACCESS EXCLUSIVE MODE", CancellationToken.None);
        }
        else
        {
            await connection.ExecuteAsync("LOCK TABLES DS_INVENTORY_BASELINE WRITE", CancellationToken.None);
        }
    }
}
