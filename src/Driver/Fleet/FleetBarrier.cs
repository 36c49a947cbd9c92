using System.Data.Common;
using System.Globalization;
using System.Security.Cryptography;
using System.Text;
using DvdStore.Schema;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Engines.Common;

namespace DvdStore.Driver.Fleet;

/// <summary>
/// The fleet's common start and end, kept in the store's own database (DS_FLEET_MEMBERS), so the same fleet works
/// under Kubernetes, SSH or any launcher: each driver registers once its users are connected, all start when the
/// fleet's N drivers have arrived (or fail after the timeout), and at the end each records the orders it committed
/// and waits for the others, so the ORDERS count taken afterwards covers the whole fleet. Portable SQL only: the
/// table uses types every engine accepts (DECIMAL for 64-bit values: Oracle has no BIGINT), times are client UTC
/// microseconds.
/// </summary>
public sealed class FleetBarrier
{
    public const string Table = "DS_FLEET_MEMBERS";

    private static readonly TimeSpan Poll = TimeSpan.FromMilliseconds(10);

    private readonly StoreTarget target;
    private readonly string targetsKey;

    private FleetBarrier(StoreTarget target, FleetMember member, string targetsKey)
    {
        this.target = target;
        Member = member;
        this.targetsKey = targetsKey;
    }

    public FleetMember Member { get; }

    /// <summary>When this driver registered at the barrier (its clock).</summary>
    public DateTimeOffset ArrivedUtc { get; private set; }

    /// <summary>How long this driver waited at the barrier for the others.</summary>
    public TimeSpan Waited { get; private set; }

    public static string CreateTableSql =>
        $"CREATE TABLE {Table} (FLEET_ID VARCHAR(100) NOT NULL, MEMBER_INDEX INTEGER NOT NULL, FLEET_SIZE INTEGER NOT NULL, " +
        "HOST_NAME VARCHAR(200) NOT NULL, TARGETS_KEY VARCHAR(64) NOT NULL, ARRIVED_US DECIMAL(19,0) NOT NULL, STARTED_US DECIMAL(19,0), " +
        $"FINISHED_US DECIMAL(19,0), COMMITTED_ORDERS DECIMAL(19,0), IN_DOUBT_ORDERS DECIMAL(19,0), CONSTRAINT PK_{Table} PRIMARY KEY (FLEET_ID, MEMBER_INDEX))";

    /// <summary>A short key naming the databases a driver drives (its redacted connections), equal for drivers that share them.</summary>
    public static string TargetsKey(IEnumerable<StoreTarget> targets) =>
        Convert.ToHexString(SHA256.HashData(Encoding.UTF8.GetBytes(string.Join('\n', targets.Select(static t => t.RedactedConnection).Distinct().Order(StringComparer.Ordinal)))))[..32];

    /// <summary>
    /// Registers this driver and waits until all of the fleet's drivers have registered; a <see cref="UserError"/>
    /// when they have not within <paramref name="timeout"/> (this driver's row is then removed, so the fleet can be retried).
    /// </summary>
    public static async Task<FleetBarrier> JoinAsync(StoreTarget target, FleetMember member, string targetsKey, TimeSpan timeout, TextWriter output, CancellationToken cancellationToken)
    {
        var barrier = new FleetBarrier(target, member, targetsKey);
        await using var connection = await target.OpenAsync(cancellationToken).ConfigureAwait(false);
        await connection.EnsureTableAsync(Table, CreateTableSql, cancellationToken).ConfigureAwait(false);
        await barrier.RegisterAsync(connection, cancellationToken).ConfigureAwait(false);
        await output.WriteLineAsync(string.Create(CultureInfo.InvariantCulture, $"fleet {member.FleetId}: driver {member.Index} of {member.Size} registered, waiting for the others (at most {timeout.TotalSeconds:0} s)")).ConfigureAwait(false);
        var arrivedAt = barrier.ArrivedUtc;
        var until = arrivedAt + timeout;
        var arrived = 0;
        try
        {
            while (true)
            {
                arrived = await barrier.CountArrivedAsync(connection, cancellationToken).ConfigureAwait(false);
                if (arrived >= member.Size)
                {
                    break;
                }

                if (DateTimeOffset.UtcNow >= until)
                {
                    throw new UserError(string.Create(CultureInfo.InvariantCulture,
                        $"fleet {member.FleetId}: only {arrived} of {member.Size} drivers arrived within {timeout.TotalSeconds:0} s; start the missing drivers with the same --fleet and --fleet-size, or raise --fleet-timeout."));
                }

                await Task.Delay(Poll, cancellationToken).ConfigureAwait(false);
            }
        }
        catch (Exception e) when (e is UserError or OperationCanceledException)
        {
            await barrier.LeaveAsync().ConfigureAwait(false);
            throw;
        }

        // Nothing else between the barrier and the users' start: the start is recorded with the end (FinishAsync).
        barrier.Waited = DateTimeOffset.UtcNow - arrivedAt;
        return barrier;
    }

    /// <summary>
    /// Records when this driver's measurement started, its end and its committed orders, then waits (at most
    /// <paramref name="timeout"/>) until every member has; the roster says who finished and what each committed.
    /// </summary>
    public async Task<FleetRoster> FinishAsync(DateTimeOffset measuredFromUtc, long committedOrders, long inDoubtOrders, TimeSpan timeout, CancellationToken cancellationToken)
    {
        await using var connection = await target.OpenAsync(cancellationToken).ConfigureAwait(false);
        var p = target.Engine.Parameter;
        await UpdateAsync(connection, $"STARTED_US = {p("s")}, FINISHED_US = {p("t")}, COMMITTED_ORDERS = {p("c")}, IN_DOUBT_ORDERS = {p("d")}",
            [("s", Micros(measuredFromUtc)), ("t", Micros(DateTimeOffset.UtcNow)), ("c", committedOrders), ("d", inDoubtOrders)], cancellationToken).ConfigureAwait(false);
        var until = DateTimeOffset.UtcNow + timeout;
        while (true)
        {
            var roster = await ReadRosterAsync(connection, cancellationToken).ConfigureAwait(false);
            if (roster.Complete || DateTimeOffset.UtcNow >= until)
            {
                return roster;
            }

            await Task.Delay(Poll * 10, cancellationToken).ConfigureAwait(false);
        }
    }

    private async Task RegisterAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        var p = target.Engine.Parameter;
        await using var insert = connection.Command(
            $"INSERT INTO {Table} (FLEET_ID, MEMBER_INDEX, FLEET_SIZE, HOST_NAME, TARGETS_KEY, ARRIVED_US) VALUES ({p("f")}, {p("i")}, {p("n")}, {p("h")}, {p("k")}, {p("t")})");
        insert.Add(p("f"), Member.FleetId);
        insert.Add(p("i"), Member.Index);
        insert.Add(p("n"), Member.Size);
        insert.Add(p("h"), System.Environment.MachineName);
        insert.Add(p("k"), targetsKey);
        ArrivedUtc = DateTimeOffset.UtcNow;
        insert.Add(p("t"), Micros(ArrivedUtc));
        try
        {
            await insert.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (DbException e) when (target.Engine.Classify(e) != Schema.Engines.FailureKind.Connection)
        {
            throw new UserError($"fleet {Member.FleetId} already has a driver {Member.Index} (or {Table} cannot be written: {e.Message.Split('\n')[0].TrimEnd('.')}); every driver of a fleet needs its own index and every fleet a new id (--fleet).");
        }
    }

    private async Task<int> CountArrivedAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        var p = target.Engine.Parameter;
        await using var count = connection.Command($"SELECT COUNT(*), MIN(FLEET_SIZE), MAX(FLEET_SIZE) FROM {Table} WHERE FLEET_ID = {p("f")}");
        count.Add(p("f"), Member.FleetId);
        await using var reader = await count.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
        var arrived = Convert.ToInt32(reader.GetValue(0), CultureInfo.InvariantCulture);
        if (Convert.ToInt32(reader.GetValue(1), CultureInfo.InvariantCulture) != Convert.ToInt32(reader.GetValue(2), CultureInfo.InvariantCulture))
        {
            throw new UserError($"the drivers of fleet {Member.FleetId} disagree on fleet_size; start every driver with the same --fleet-size.");
        }

        return arrived;
    }

    private async Task<FleetRoster> ReadRosterAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        var p = target.Engine.Parameter;
        await using var select = connection.Command(
            $"SELECT MEMBER_INDEX, HOST_NAME, TARGETS_KEY, ARRIVED_US, STARTED_US, FINISHED_US, COMMITTED_ORDERS, IN_DOUBT_ORDERS FROM {Table} WHERE FLEET_ID = {p("f")} ORDER BY MEMBER_INDEX");
        select.Add(p("f"), Member.FleetId);
        var entries = new List<FleetRosterEntry>();
        await using var reader = await select.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            long? Long(int i) => reader.IsDBNull(i) ? null : Convert.ToInt64(reader.GetValue(i), CultureInfo.InvariantCulture);
            entries.Add(new FleetRosterEntry(Convert.ToInt32(reader.GetValue(0), CultureInfo.InvariantCulture), reader.GetString(1), reader.GetString(2), Long(3)!.Value, Long(4), Long(5), Long(6), Long(7)));
        }

        return new FleetRoster(Member, targetsKey, entries);
    }

    private async Task UpdateAsync(DbConnection connection, string set, IEnumerable<(string Name, long Value)> values, CancellationToken cancellationToken)
    {
        var p = target.Engine.Parameter;
        await using var update = connection.Command($"UPDATE {Table} SET {set} WHERE FLEET_ID = {p("f")} AND MEMBER_INDEX = {p("i")}");
        foreach (var (name, value) in values)
        {
            update.Add(p(name), value);
        }

        update.Add(p("f"), Member.FleetId);
        update.Add(p("i"), Member.Index);
        await update.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Removes this driver's row after a failed wait, so the same fleet id can be started again.</summary>
    private async Task LeaveAsync()
    {
        try
        {
            using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(10));
            await using var connection = await target.OpenAsync(timeout.Token).ConfigureAwait(false);
            var p = target.Engine.Parameter;
            await using var delete = connection.Command($"DELETE FROM {Table} WHERE FLEET_ID = {p("f")} AND MEMBER_INDEX = {p("i")}");
            delete.Add(p("f"), Member.FleetId);
            delete.Add(p("i"), Member.Index);
            await delete.ExecuteNonQueryAsync(timeout.Token).ConfigureAwait(false);
        }
        catch (Exception e) when (e is DbException or OperationCanceledException)
        {
            // The row stays; the fleet then needs a new id, which the registration error says.
        }
    }

    private static long Micros(DateTimeOffset utc) => (utc - DateTimeOffset.UnixEpoch).Ticks / 10;
}
