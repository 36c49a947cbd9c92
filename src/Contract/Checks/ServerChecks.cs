using System.Globalization;

namespace DvdStore.Contract.Checks;

/// <summary>What `dvdstore run` and `server-metrics` read of the server: its counters, the rights they need, its connection limit.</summary>
internal static class ServerChecks
{
    public static async Task Server_metrics_counters_read_and_count_commits(ContractSession session, CancellationToken cancellationToken)
    {
        var counters = session.Engine.Profile.NewCounters();
        if (counters.Unavailable is not null)
        {
            session.Note(counters.Unavailable);
            return;
        }

        await using var db = await session.NewStoreAsync(cancellationToken);
        var before = await counters.ReadAsync(db, cancellationToken);
        await using (var commands = session.Engine.CreateStoreCommands(db))
        {
            Expect.True(await commands.PurchaseAsync(new PurchaseRequest(1, 9.99m, 0.82m, 10.81m, [new CartItem(1, 1)]), cancellationToken) > 0, "PURCHASE returned 0");
        }

        var after = await counters.ReadAsync(db, cancellationToken);
        Expect.True(after.Counters.Count + after.Gauges.Count > 0, "the counter query returned no counters");
        Expect.True(after.Commits is not null, "the counter query returned no commit count");
        // Counters are cumulative: they never go back (PostgreSQL publishes its own within a second, so no exact delta here).
        Expect.True(after.Commits >= before.Commits, $"commits went back from {before.Commits} to {after.Commits}");
        session.Note($"{after.Counters.Count} counters, {after.Gauges.Count} gauges, commits {after.Commits?.ToString(CultureInfo.InvariantCulture)}");
    }

    public static async Task Server_metrics_permissions_are_granted(ContractSession session, CancellationToken cancellationToken)
    {
        var counters = session.Engine.Profile.NewCounters();
        await using var db = await session.OpenAsync(cancellationToken);
        var missing = await counters.MissingPermissionAsync(db, cancellationToken);
        Expect.True(missing is null, missing ?? "");
    }

    public static async Task Connection_limit_precheck_reads_the_servers_headroom(ContractSession session, CancellationToken cancellationToken)
    {
        await using var db = await session.OpenAsync(cancellationToken);
        var headroom = await session.Engine.ConnectionHeadroomAsync(db, cancellationToken);
        if (headroom is null)
        {
            session.Note($"{session.Engine.DisplayName} reports no connection limit to check");
            return;
        }

        Expect.True(headroom.Available > 0, $"the server accepts no more connections: {headroom.Limit}; raise {headroom.Setting}");
        Expect.False(string.IsNullOrWhiteSpace(headroom.Setting), "the precheck names no setting to raise");
        session.Note($"{headroom.Available.ToString(CultureInfo.InvariantCulture)} more connections ({headroom.Limit})");
    }
}
