using System.Collections.Concurrent;
using System.Diagnostics;

namespace DvdStore.Tests.Loader;

/// <summary>
/// The store-wide steps say how far they are (issue #28): on real MariaDB and PostgreSQL a load reports its keys as
/// rows covered up to all of them, and fingerprint (rows hashed of those recorded) and verify (statements run) count
/// up to their totals, each ending with a done event; a step held by one long statement beats while it waits.
/// </summary>
public sealed class StepProgressTests
{
    [SkippableTheory]
    [InlineData(EngineKind.MySql)]
    [InlineData(EngineKind.PostgreSql)]
    public async Task Keys_fingerprint_and_verify_report_progress_up_to_their_totals(EngineKind kind)
    {
        await using var database = await LoaderDatabase.CreateAsync(kind);
        var target = database.Target;
        var events = new ConcurrentQueue<LoadProgress>();
        var progress = new LoaderDatabase.InlineProgress(events.Enqueue);
        await StoreLoader.LoadAsync(target, TestStore.Smallest.Load(2), progress, CancellationToken.None);
        AssertCountsUpToDone(events, "keys (rows covered)");

        await using var connection = await target.OpenAsync(CancellationToken.None);
        var info = await StoreInfo.ReadAsync(connection, CancellationToken.None);
        events.Clear();
        var comparison = await FingerprintComparison.ReadAsync(new StoreReads(target.Engine, connection, target, 2), info, progress, CancellationToken.None);
        var done = AssertCountsUpToDone(events, "fingerprint (rows)");
        Assert.Equal(comparison.Current.Tables.Sum(t => t.Rows), done.Rows);

        events.Clear();
        Assert.True((await StoreVerifier.VerifyAsync(new StoreReads(target.Engine, connection, target, 2), progress, CancellationToken.None)).Passed);
        AssertCountsUpToDone(events, "checks (statements)");
    }

    [Fact]
    public async Task A_step_beats_while_it_runs_and_stops_when_it_ends()
    {
        var beats = new ConcurrentQueue<LoadProgress>();
        using var stop = new CancellationTokenSource();
        var beating = StepHeartbeat.BeatAsync("keys", Stopwatch.StartNew(), new LoaderDatabase.InlineProgress(beats.Enqueue), null, TimeSpan.FromMilliseconds(20), stop.Token);
        while (beats.Count < 2)
        {
            await Task.Delay(10);
        }

        await stop.CancelAsync();
        await beating;
        var count = beats.Count;
        await Task.Delay(100);
        Assert.Equal(count, beats.Count);
        Assert.All(beats, b => Assert.True(b is { Step: "keys", Table: null, Done: false } && b.Elapsed > TimeSpan.Zero));
    }

    private static LoadProgress AssertCountsUpToDone(IEnumerable<LoadProgress> events, string label)
    {
        var mine = events.Where(e => e.Table == label).ToList();
        Assert.True(mine.Count >= 2, $"{mine.Count} '{label}' events: a step that reports only its end shows no progress");
        Assert.All(mine, e => Assert.InRange(e.Rows, 0, e.ExpectedRows));
        var done = Assert.Single(mine, e => e.Done);
        Assert.True(done.Rows > 0 && done.Rows == done.ExpectedRows, $"'{label}' ended at {done.Rows} of {done.ExpectedRows}");
        return done;
    }
}
