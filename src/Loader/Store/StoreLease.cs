using System.Data.Common;
using System.Globalization;
using DvdStore.Schema;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Engines.Common;
using DvdStore.Schema.Model;

namespace DvdStore.Loader.Store;

/// <summary>
/// A store held by one process (a load, a run, a reset, a drop): the row 'lease' of DS_STORE_LEASE holds who and until
/// when. That table is no part of the store (<see cref="StoreModel.StoreLease"/>): it is made before anything else of a
/// load and no drop takes it, so a lease holds from a load's first statement to its last, --drop-existing included.
/// Taking it is an INSERT on the table's key, so of two takers exactly one wins; a holder renews it every
/// <see cref="Heartbeat"/> to now + 2 heartbeats, so a holder that was killed frees the store within two heartbeats.
/// A holder that could not renew before its lease ran out (paused, cut off) or finds it taken is fenced: <see cref="Fenced"/>
/// says why from then on (checked before every call a run makes), <see cref="LostToken"/> fires, and when another process
/// holds the store now a note naming both is left in DS_STORE_LEASE for that holder to find (<see cref="ReadLostToUsAsync"/>).
/// Times are the clients' UTC clocks (the one portable clock): clients of one store should agree within seconds.
/// </summary>
public sealed class StoreLease : IAsyncDisposable
{
    public const string Key = "lease";

    /// <summary>Keys of the notes a fenced holder leaves for the process that holds the store after it.</summary>
    public const string LostNotePrefix = "lease.lost.";

    /// <summary>The lease's length in seconds (default 30; tests shorten it so a pause past it takes seconds).</summary>
    public const string LengthVariable = "DVDSTORE_LEASE_SECONDS";

    /// <summary>The table the leases live in.</summary>
    public static readonly string Table = StoreModel.StoreLease.Name;

    /// <summary>How a load's holder begins ("dvdstore load --resume (pid …, host …)"): readers say the store is being loaded.</summary>
    public const string LoadHolderPrefix = "dvdstore load";

    private readonly CancellationTokenSource _lost = new();

    private readonly SemaphoreSlim _renewing = new(1, 1);

    private readonly StoreTarget _target;
    private readonly CancellationTokenSource _stop = new();
    private readonly Task _renewals;
    private string _value;
    private bool _released;

    private StoreLease(StoreTarget target, string holder, string value, DateTime expiresUtc, TimeSpan heartbeat, string? tookOverFrom)
    {
        _target = target;
        Holder = holder;
        Heartbeat = heartbeat;
        _value = value;
        ExpiresUtc = expiresUtc;
        TookOverFrom = tookOverFrom;
        _renewals = RenewAsync();
    }

    /// <summary>Renewals every 15 s (a lease of 30 s), or half of <see cref="LengthVariable"/> when it is set.</summary>
    public static TimeSpan DefaultHeartbeat =>
        double.TryParse(System.Environment.GetEnvironmentVariable(LengthVariable), NumberStyles.Float, CultureInfo.InvariantCulture, out var seconds) && seconds >= 1
            ? TimeSpan.FromSeconds(Math.Min(seconds, 3600) / 2)
            : TimeSpan.FromSeconds(15);

    public string Holder { get; }

    public TimeSpan Heartbeat { get; }

    /// <summary>The store held.</summary>
    public StoreTarget Target => _target;

    /// <summary>Until when the store is ours: the expiry of the last renewal that succeeded.</summary>
    public DateTime ExpiresUtc { get; private set; }

    /// <summary>The holder whose lease had run out unreleased when this one was taken (it may still be alive, paused); null if none.</summary>
    public string? TookOverFrom { get; }

    /// <summary>True when this holder was fenced: its lease ran out before a renewal, or a renewal found it taken.</summary>
    public bool Lost => LostReason is not null;

    /// <summary>Why the lease was lost (one line naming the new holder when there is one), or null.</summary>
    public string? LostReason { get; private set; }

    /// <summary>Fires once when the lease is lost.</summary>
    public CancellationToken LostToken => _lost.Token;

    /// <summary>Why this holder may not write now (lost, or run out by its own clock before a renewal); null while the store is its.</summary>
    public string? Fenced() => LostReason ?? (DateTime.UtcNow >= ExpiresUtc ? RanOut() : null);

    /// <summary>
    /// Why this holder may not write now, or null. When its own clock says the lease ran out (paused, or the database
    /// frozen past it), the store is asked first: a renewal that still finds the holder's row keeps the store (a taker
    /// deletes that row before it writes), one that finds it gone fences the holder. Throws the database's error when
    /// it cannot be asked: until then the holder may not write.
    /// </summary>
    public async ValueTask<string?> CheckAsync(CancellationToken cancellationToken)
    {
        if (LostReason is { } lost)
        {
            return lost;
        }

        if (DateTime.UtcNow < ExpiresUtc)
        {
            return null;
        }

        await RenewOnceAsync(cancellationToken, onlyIfRanOut: true).ConfigureAwait(false);
        return Fenced();
    }

    /// <summary>Takes the store's lease, or refuses in one line naming the holder and when its lease runs out.</summary>
    public static async Task<StoreLease> AcquireAsync(StoreTarget target, string holder, TimeSpan? heartbeat, CancellationToken cancellationToken)
    {
        var beat = heartbeat ?? DefaultHeartbeat;
        await using var connection = await target.OpenAsync(cancellationToken).ConfigureAwait(false);
        string? tookOverFrom = null;
        for (var attempt = 0; attempt < 3; attempt++)
        {
            // Made here when missing (a new database, or one 'dvdstore drop' emptied): it is no part of the store.
            await connection.EnsureTableAsync(Table, target.Engine.CreateTableSql(StoreModel.StoreLease), cancellationToken).ConfigureAwait(false);
            var current = await ReadAsync(target.Engine, connection, cancellationToken).ConfigureAwait(false);
            if (current is { } held)
            {
                if (!held.Expired)
                {
                    throw InUse(target, held);
                }

                // Expired: remove exactly that row, so a holder that renewed in the meantime keeps its lease.
                await ExecuteAsync(target, connection, $"DELETE FROM DS_STORE_LEASE WHERE LEASE_KEY = {target.Engine.Parameter("k")} AND LEASE_VALUE = {target.Engine.Parameter("v")}",
                    cancellationToken, ("k", Key), ("v", held.Value)).ConfigureAwait(false);
                tookOverFrom = held.Holder;
            }

            var expires = DateTime.UtcNow + (2 * beat);
            var value = Encode(holder, expires);
            try
            {
                await ExecuteAsync(target, connection, $"INSERT INTO DS_STORE_LEASE (LEASE_KEY, LEASE_VALUE) VALUES ({target.Engine.Parameter("k")}, {target.Engine.Parameter("v")})",
                    cancellationToken, ("k", Key), ("v", value)).ConfigureAwait(false);
                return new StoreLease(target, holder, value, expires, beat, tookOverFrom);
            }
            catch (DbException)
            {
                // Another process took it between our read and our insert (the key is unique): read again and report
                // it; or the table went ('dvdstore drop' removes it once free): make it again.
                if (await connection.TableExistsAsync(Table, cancellationToken).ConfigureAwait(false)
                    && await ReadAsync(target.Engine, connection, cancellationToken).ConfigureAwait(false) is null)
                {
                    throw;
                }
            }
        }

        throw InUse(target, await ReadAsync(target.Engine, connection, cancellationToken).ConfigureAwait(false)
            ?? throw new UserError($"the lease of the store at {target.RedactedConnection} changed hands three times in a row; try again."));
    }

    /// <summary>The lease held now, if any (expired or not).</summary>
    public static Task<Held?> ReadAsync(StoreTarget target, DbConnection connection, CancellationToken cancellationToken) =>
        ReadAsync(target.Engine, connection, cancellationToken);

    /// <summary>The lease held now, if any (expired or not); none when no lease was ever taken here (no DS_STORE_LEASE).</summary>
    public static async Task<Held?> ReadAsync(IEngine engine, DbConnection connection, CancellationToken cancellationToken)
    {
        string? value;
        try
        {
            await using var command = connection.Command($"SELECT LEASE_VALUE FROM DS_STORE_LEASE WHERE LEASE_KEY = {engine.Parameter("k")}");
            command.Add(engine.Parameter("k"), Key);
            value = await command.ScalarAsync<string>(cancellationToken).ConfigureAwait(false);
        }
        catch (DbException)
        {
            if (await connection.TableExistsAsync(Table, cancellationToken).ConfigureAwait(false))
            {
                throw;
            }

            return null;
        }

        return value is null ? null : Held.Parse(value);
    }

    /// <summary>The one-line refusal for a store someone holds: a load is named as loading, with what to do once it stopped.</summary>
    public static UserError InUse(StoreTarget target, Held held) => new(held.IsLoad
        ? string.Create(CultureInfo.InvariantCulture,
            $"the store at {target.RedactedConnection} is being loaded by {held.Holder}; wait for it to finish, or once it has stopped, finish it with 'dvdstore load --resume' (a killed load frees the store by {held.ExpiresUtc:HH:mm:ss}Z).")
        : string.Create(CultureInfo.InvariantCulture,
            $"the store at {target.RedactedConnection} is in use by {held.Holder} (lease valid until {held.ExpiresUtc:HH:mm:ss}Z, renewed while it runs); wait until it ends — a holder that was killed frees it by {held.ExpiresUtc:HH:mm:ss}Z."));

    /// <summary>
    /// Runs <paramref name="write"/> in one transaction on <paramref name="connection"/> that first renews this lease:
    /// the write commits only while the store is this holder's (the renewed row stays locked until the commit, so no
    /// taker can take the store between the check and the write). Throws a one-line <see cref="UserError"/> naming why
    /// when the lease was lost; nothing is written then.
    /// </summary>
    public async Task WriteFencedAsync(DbConnection connection, Func<DbTransaction, Task> write, CancellationToken cancellationToken)
    {
        await _renewing.WaitAsync(cancellationToken).ConfigureAwait(false);
        var lost = false;
        try
        {
            if (LostReason is null)
            {
                var expires = DateTime.UtcNow + (2 * Heartbeat);
                var next = Encode(Holder, expires);
                await using var transaction = await connection.BeginTransactionAsync(cancellationToken).ConfigureAwait(false);
                await using (var renew = connection.Command(
                    $"UPDATE DS_STORE_LEASE SET LEASE_VALUE = {_target.Engine.Parameter("n")} WHERE LEASE_KEY = {_target.Engine.Parameter("k")} AND LEASE_VALUE = {_target.Engine.Parameter("v")}", transaction))
                {
                    renew.Add(_target.Engine.Parameter("n"), next);
                    renew.Add(_target.Engine.Parameter("k"), Key);
                    renew.Add(_target.Engine.Parameter("v"), _value);
                    lost = await renew.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false) != 1;
                }

                if (!lost)
                {
                    await write(transaction).ConfigureAwait(false);
                    await transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
                    _value = next;
                    ExpiresUtc = expires;
                    return;
                }
            }
        }
        finally
        {
            _renewing.Release();
        }

        if (lost)
        {
            await LoseAsync(DateTime.UtcNow >= ExpiresUtc ? RanOut() + ", and it was taken" : "its lease was taken").ConfigureAwait(false);
        }

        throw new UserError($"{Holder} stopped writing the store at {_target.RedactedConnection}: {LostReason}.");
    }

    /// <summary>
    /// The notes of holders that lost this store to this lease while it was held (one line each, naming them), removed
    /// as they are read. A fenced holder leaves one when it finds the store taken: it may have written before it knew.
    /// </summary>
    public async Task<IReadOnlyList<string>> ReadLostToUsAsync(CancellationToken cancellationToken)
    {
        var notes = new List<string>();
        await using var connection = await _target.OpenAsync(cancellationToken).ConfigureAwait(false);
        var p = _target.Engine.Parameter("prefix");
        var found = new List<(string Key, string Value)>();
        await using (var command = connection.Command($"SELECT LEASE_KEY, LEASE_VALUE FROM DS_STORE_LEASE WHERE LEASE_KEY LIKE {p}"))
        {
            command.Add(p, LostNotePrefix + "%");
            await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
            while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
            {
                found.Add((reader.GetString(0), reader.IsDBNull(1) ? "" : reader.GetString(1)));
            }
        }

        foreach (var (key, value) in found.Where(n => n.Value.Contains(NoteTag(Holder), StringComparison.Ordinal)))
        {
            notes.Add(value);
            await ExecuteAsync(_target, connection, $"DELETE FROM DS_STORE_LEASE WHERE LEASE_KEY = {_target.Engine.Parameter("k")}", cancellationToken, ("k", key)).ConfigureAwait(false);
        }

        return notes;
    }

    /// <summary>Releases the lease now; returns null, or one line saying why it could not (then it runs out by itself at <see cref="ExpiresUtc"/>).</summary>
    public async Task<string?> ReleaseAsync()
    {
        if (_released)
        {
            return null;
        }

        _released = true;
        await _stop.CancelAsync().ConfigureAwait(false);
        await _renewals.ConfigureAwait(false);
        if (!Lost && DateTime.UtcNow >= ExpiresUtc)
        {
            // Ran out before the renewals noticed (the run ended first): a renewal says whether it was taken (then the
            // new holder is told); when the database cannot be asked, the delete below fails too and says so.
            try
            {
                await RenewOnceAsync(CancellationToken.None).ConfigureAwait(false);
            }
            catch (Exception e) when (e is DbException or InvalidOperationException or TimeoutException)
            {
                // Said by the release below.
            }
        }
        // Only our own row goes (a lost lease's row is someone else's now, or gone).
        try
        {
            await using var connection = await _target.OpenAsync(CancellationToken.None).ConfigureAwait(false);
            await ExecuteAsync(_target, connection, $"DELETE FROM DS_STORE_LEASE WHERE LEASE_KEY = {_target.Engine.Parameter("k")} AND LEASE_VALUE = {_target.Engine.Parameter("v")}",
                CancellationToken.None, ("k", Key), ("v", _value)).ConfigureAwait(false);
            return null;
        }
        catch (Exception e) when (e is DbException or InvalidOperationException or TimeoutException)
        {
            // The database is down or the rights were revoked: the lease runs out by itself.
            return string.Create(CultureInfo.InvariantCulture,
                $"the store's lease could not be released ({e.Message.Split('\n')[0].Trim().TrimEnd('.')}); it stays held until {ExpiresUtc:HH:mm:ss}Z");
        }
    }

    public async ValueTask DisposeAsync()
    {
        await ReleaseAsync().ConfigureAwait(false);
        _stop.Dispose();
        _lost.Dispose();
        _renewing.Dispose();
    }

    private async Task RenewAsync()
    {
        using var timer = new PeriodicTimer(Heartbeat);
        try
        {
            while (!Lost && await timer.WaitForNextTickAsync(_stop.Token).ConfigureAwait(false))
            {
                try
                {
                    await RenewOnceAsync(_stop.Token).ConfigureAwait(false);
                }
                catch (Exception e) when (e is DbException or InvalidOperationException or TimeoutException)
                {
                    // A database that is down cannot be renewed on; the next beat tries again (calls wait for a renewal once the lease ran out).
                }
            }
        }
        catch (OperationCanceledException)
        {
            // Released.
        }
    }

    /// <summary>
    /// One renewal (one at a time: the heartbeat's, or a call's whose clock says the lease ran out): the row is moved to
    /// now + 2 heartbeats only if it is still this holder's. Late or not, a row still ours means no other process took
    /// the store (a taker deletes it first); a row gone means it was taken, and the holder is fenced.
    /// </summary>
    private async Task RenewOnceAsync(CancellationToken cancellationToken, bool onlyIfRanOut = false)
    {
        await _renewing.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            // Many users find the lease run out at once: the first renews it for all.
            if (Lost || (onlyIfRanOut && DateTime.UtcNow < ExpiresUtc))
            {
                return;
            }

            var expires = DateTime.UtcNow + (2 * Heartbeat);
            var next = Encode(Holder, expires);
            await using var connection = await _target.OpenAsync(cancellationToken).ConfigureAwait(false);
            var rows = await ExecuteAsync(_target, connection,
                $"UPDATE DS_STORE_LEASE SET LEASE_VALUE = {_target.Engine.Parameter("n")} WHERE LEASE_KEY = {_target.Engine.Parameter("k")} AND LEASE_VALUE = {_target.Engine.Parameter("v")}",
                cancellationToken, ("n", next), ("k", Key), ("v", _value)).ConfigureAwait(false);
            if (rows == 1)
            {
                _value = next;
                ExpiresUtc = expires;
                return;
            }

            await LoseAsync(DateTime.UtcNow >= ExpiresUtc ? RanOut() + ", and it was taken" : "its lease was taken").ConfigureAwait(false);
        }
        finally
        {
            _renewing.Release();
        }
    }

    private string RanOut() => string.Create(CultureInfo.InvariantCulture,
        $"its lease ran out at {ExpiresUtc:HH:mm:ss}Z before it could be renewed (the process was paused or could not reach the database)");

    /// <summary>Fences this holder and, when another process holds the store now, leaves it a note naming both.</summary>
    private async Task LoseAsync(string reason)
    {
        Held? now = null;
        try
        {
            await using var connection = await _target.OpenAsync(CancellationToken.None).ConfigureAwait(false);
            now = await ReadAsync(_target, connection, CancellationToken.None).ConfigureAwait(false);
            if (now is not null && now.Value != _value)
            {
                var note = $"{Holder} lost the store to {NoteTag(now.Holder)} at {DateTime.UtcNow.ToString("HH:mm:ss", CultureInfo.InvariantCulture)}Z";
                await ExecuteAsync(_target, connection, $"INSERT INTO DS_STORE_LEASE (LEASE_KEY, LEASE_VALUE) VALUES ({_target.Engine.Parameter("k")}, {_target.Engine.Parameter("v")})",
                    CancellationToken.None, ("k", LostNotePrefix + Guid.NewGuid().ToString("N")[..16]), ("v", note.Length > 1000 ? note[..1000] : note)).ConfigureAwait(false);
            }
        }
        catch (Exception e) when (e is DbException or InvalidOperationException or TimeoutException)
        {
            // Fenced all the same; the note is a courtesy to the new holder.
        }

        LostReason = now is not null && now.Value != _value ? $"{reason}; the store is held by {now.Holder} now" : reason;
        await _lost.CancelAsync().ConfigureAwait(false);
    }

    /// <summary>How a note names the holder it was left for (brackets, so one holder's text never matches inside another's).</summary>
    private static string NoteTag(string holder) => "[" + holder + "]";

    private static string Encode(string holder, DateTime expiresUtc) =>
        string.Create(CultureInfo.InvariantCulture, $"{expiresUtc:yyyy-MM-ddTHH:mm:ss.fffZ} {(ProcessSpace.Current is { } space ? $"[{space}] " : "")}{holder}");

    private static async Task<int> ExecuteAsync(StoreTarget target, DbConnection connection, string sql, CancellationToken cancellationToken, params (string Name, object Value)[] parameters)
    {
        await using var command = connection.Command(sql);
        foreach (var (name, value) in parameters)
        {
            command.Add(target.Engine.Parameter(name), value);
        }

        return await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// A lease as stored: expiry time, the holder's process space when known ("[boot/pid namespace] "), then the
    /// holder's description, which names its pid ("… (pid N, host H)").
    /// </summary>
    public sealed record Held(string Value, string Holder, DateTime ExpiresUtc, string? Space = null)
    {
        /// <summary>
        /// True when the lease ran out, or its holder is a process of this machine's process space that is gone (killed):
        /// a load killed and resumed at once takes the store over without waiting for the lease to run out.
        /// </summary>
        public bool Expired => DateTime.UtcNow >= ExpiresUtc || HolderGone;

        /// <summary>True when the holder ran in this process space (same boot, same pid namespace) and its pid runs no more.</summary>
        public bool HolderGone => Space is not null && Space == ProcessSpace.Current && ProcessSpace.PidOf(Holder) is { } pid && !ProcessSpace.Alive(pid);

        /// <summary>True when the holder is a load (fresh, resumed or replacing the store).</summary>
        public bool IsLoad => Holder.StartsWith(LoadHolderPrefix, StringComparison.Ordinal);

        public static Held Parse(string value)
        {
            var space = value.IndexOf(' ', StringComparison.Ordinal);
            var stamp = space < 0 ? value : value[..space];
            var expires = DateTime.TryParse(stamp, CultureInfo.InvariantCulture, DateTimeStyles.AdjustToUniversal | DateTimeStyles.AssumeUniversal, out var t) ? t : DateTime.MinValue;
            var rest = space < 0 ? "" : value[(space + 1)..];
            string? processSpace = null;
            if (rest.StartsWith('[') && rest.IndexOf("] ", StringComparison.Ordinal) is var close and > 0)
            {
                processSpace = rest[1..close];
                rest = rest[(close + 2)..];
            }

            return new Held(value, rest.Length == 0 ? "an unknown holder" : rest, expires, processSpace);
        }
    }
}
