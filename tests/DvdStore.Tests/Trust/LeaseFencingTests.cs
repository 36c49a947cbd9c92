using System.Text.RegularExpressions;
using DvdStore.Tests.Driver;

namespace DvdStore.Tests.Trust;

/// <summary>
/// Issue 31: a driver that loses its lease is fenced. Run A is paused (SIGSTOP) past its lease (shortened to seconds
/// through <see cref="StoreLease.LengthVariable"/>); run B takes the store; A resumes (SIGCONT) and stops at once, failed
/// with <c>lease-lost</c> and no cross-check (no lost orders claimed for B's writes); B names A, ends exact, and releases
/// its lease the moment it ends. In process: a holder that finds its lease taken is fenced and leaves the new holder a note.
/// </summary>
[Collection("trust-faults")]
public sealed partial class LeaseFencingTests
{
    private const int LeaseSeconds = 16;
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(120);

    [SkippableTheory]
    [EveryTestEngine]
    public async Task A_driver_paused_past_its_lease_stops_at_once_and_the_run_that_took_the_store_names_it(EngineKind kind)
    {
        await using var store = await TrustRuns.CreateStoreAsync(kind);
        var before = await OrderFlow.CountAsync(store.Target);
        var folderA = Path.GetDirectoryName(TestServers.TempFile("a"))!;
        var folderB = Path.GetDirectoryName(TestServers.TempFile("b"))!;
        string[] common = ["run", "--engine", EngineCatalog.NameOf(kind), "--connection", store.Target.ConnectionString, "--size", DriverTestStore.Size.ToString(), "--warmup", "0", "--log_freq=1"];

        // Think time keeps A between orders, not inside one, when it is paused: a paused transaction would hold its locks.
        using var a = Start([.. common, "--users", "1", "--think-time", "300ms", "--duration", "3m", "--out", folderA]);
        Assert.True(await a.WaitForOutputAsync(CliProcess.ShowsCompletedOrders, Limit), a.Combined);
        var runA = RunId().Match(a.Output).Groups[1].Value;
        await a.SignalAsync("STOP");
        ChildProcess b;
        try
        {
            await Task.Delay(TimeSpan.FromSeconds(LeaseSeconds + 2));
            b = Start([.. common, "--users", "1", "--think-time", "100ms", "--duration", "10s", "--allow-used-store", "--out", folderB]);
            Assert.True(await b.WaitForOutputAsync(CliProcess.ShowsCompletedOrders, Limit), b.Combined);
        }
        finally
        {
            await a.SignalAsync("CONT");
        }

        using (b)
        {
            // A stops at once: well before its 3 minutes, while B still runs.
            var resumed = DateTime.UtcNow;
            var codeA = await a.WaitAsync(Limit);
            Assert.True(DateTime.UtcNow - resumed < TimeSpan.FromSeconds(30), a.Combined);
            Assert.NotEqual(0, codeA);
            var resultA = RunResultReader.Read(Assert.Single(Directory.GetFiles(folderA, "*.result.json")));
            Assert.Equal(RunOutcome.Failed, resultA.Outcome);
            var lost = Assert.Single(resultA.Findings, static f => f.Code == LeaseFindings.LostCode);
            Assert.Contains("ran out", lost.Message, StringComparison.Ordinal);
            Assert.Null(resultA.CrossCheck);
            Assert.DoesNotContain(resultA.Findings, static f => f.Code == "cross-check");

            Assert.True(await b.WaitAsync(Limit) == 0, b.Combined);
            await using var connection = await store.Target.OpenAsync(CancellationToken.None);
            Assert.Equal(0, await CountAsync(connection, "SELECT COUNT(*) FROM DS_STORE_LEASE WHERE LEASE_KEY = 'lease'"));
            Assert.Equal(0, await CountAsync(connection, "SELECT COUNT(*) FROM DS_STORE_LEASE WHERE LEASE_KEY LIKE 'lease.lost.%'"));
            var resultB = RunResultReader.Read(Assert.Single(Directory.GetFiles(folderB, "*.result.json")));
            Assert.Equal(RunOutcome.Completed, resultB.Outcome);
            Assert.True(resultB.CrossCheck!.Matches, b.Combined);
            var shared = Assert.Single(resultB.Findings, static f => f.Code == LeaseFindings.SharedCode);
            Assert.Contains(runA, shared.Message, StringComparison.Ordinal);

            // Nothing lost: the store holds every order either driver committed.
            var after = await OrderFlow.CountAsync(store.Target);
            Assert.True(after - before >= resultA.Totals.CommittedOrders + resultB.CrossCheck.DriverCommitted, $"{before} -> {after}\n{a.Combined}\n{b.Combined}");
        }
    }

    [SkippableTheory]
    [EveryTestEngine]
    public async Task A_holder_whose_lease_was_taken_is_fenced_and_leaves_the_new_holder_a_note_naming_it(EngineKind kind)
    {
        await using var store = await TrustRuns.CreateStoreAsync(kind);
        var target = store.Target;
        var a = await StoreLease.AcquireAsync(target, "run A", TimeSpan.FromSeconds(1), CancellationToken.None);
        Assert.Null(a.Fenced());
        await using (var connection = await target.OpenAsync(CancellationToken.None))
        {
            // As another process does once A's lease ran out: the row taken over in one statement.
            await LeaseRows.WriteAsync(target, connection, DateTime.UtcNow.AddMinutes(5), "run B");
        }

        var fenced = new TaskCompletionSource();
        using (a.LostToken.Register(() => fenced.TrySetResult()))
        {
            await fenced.Task.WaitAsync(Limit);
        }

        Assert.True(a.Lost);
        AssertText.ContainsAll(a.Fenced()!, "taken", "held by run B");
        await a.DisposeAsync();
        await using (var connection = await target.OpenAsync(CancellationToken.None))
        {
            // A's release left B's row alone.
            Assert.Equal("run B", (await StoreLease.ReadAsync(target, connection, CancellationToken.None))!.Holder);
            await connection.ExecuteAsync("DELETE FROM DS_STORE_LEASE WHERE LEASE_KEY = 'lease'", CancellationToken.None);
        }

        // B finds A's note naming it (once), and its release frees the store at once.
        var b = await StoreLease.AcquireAsync(target, "run B", null, CancellationToken.None);
        Assert.Contains("run A lost the store to [run B]", Assert.Single(await b.ReadLostToUsAsync(CancellationToken.None)), StringComparison.Ordinal);
        Assert.Empty(await b.ReadLostToUsAsync(CancellationToken.None));
        Assert.Null(await b.ReleaseAsync());
        await using (var connection = await target.OpenAsync(CancellationToken.None))
        {
            Assert.Null(await StoreLease.ReadAsync(target, connection, CancellationToken.None));
        }

        await b.DisposeAsync();
    }

    [SkippableTheory]
    [EveryTestEngine]
    public async Task A_lease_renewed_late_but_not_taken_stays_held_so_a_frozen_database_does_not_fail_the_run(EngineKind kind)
    {
        await using var store = await TrustRuns.CreateStoreAsync(kind);
        var target = store.Target;
        await using var a = await StoreLease.AcquireAsync(target, "run A", TimeSpan.FromSeconds(1), CancellationToken.None);
        await using (var connection = await target.OpenAsync(CancellationToken.None))
        {
            // As a frozen database does: the lease row locked (a write left open on it), so renewals wait past the lease.
            await connection.ExecuteAsync("BEGIN", CancellationToken.None);
            await connection.ExecuteAsync("UPDATE DS_STORE_LEASE SET LEASE_VALUE = LEASE_VALUE WHERE LEASE_KEY = 'lease'", CancellationToken.None);
            var deadline = DateTime.UtcNow + Limit;
            while (a.Fenced() is null && DateTime.UtcNow < deadline)
            {
                await Task.Delay(100);
            }

            Assert.NotNull(a.Fenced()); // the clock says it ran out: no call may go until the store is asked
            await connection.ExecuteAsync("COMMIT", CancellationToken.None);
        }

        // The row is still A's: nobody took the store, so the renewal keeps it and calls go on.
        Assert.Null(await a.CheckAsync(CancellationToken.None).AsTask().WaitAsync(Limit));
        Assert.False(a.Lost, a.LostReason);
        Assert.True(a.ExpiresUtc > DateTime.UtcNow);
    }

    private static ChildProcess Start(string[] arguments) =>
        ChildProcess.Start("env", ["--default-signal=INT", $"{StoreLease.LengthVariable}={LeaseSeconds}", "dotnet", CliProcess.Dll, .. arguments]);

    private static async Task<long> CountAsync(DbConnection connection, string sql)
    {
        await using var command = connection.Command(sql);
        return Convert.ToInt64(await command.ExecuteScalarAsync(), CultureInfo.InvariantCulture);
    }

    [GeneratedRegex(@"dvdstore run (\S+):")]
    private static partial Regex RunId();
}
