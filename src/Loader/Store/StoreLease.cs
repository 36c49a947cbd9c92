using System.Data.Common;
using System.Globalization;
using DvdStore.Schema;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Engines.Common;

namespace DvdStore.Loader.Store;

/// <summary>
/// A store held by one process (a run, a reset): the row 'lease' of DS_STORE_INFO holds who and until when. Taking it
/// is an INSERT on the table's key, so of two takers exactly one wins; a holder renews it every
/// <see cref="Heartbeat"/> to now + 2 heartbeats, so a holder that was killed frees the store within two heartbeats.
/// Times are the clients' UTC clocks (the one portable clock): clients of one store should agree within seconds.
/// </summary>
public sealed class StoreLease : IAsyncDisposable
{
    public const string Key = "lease";

    public static readonly TimeSpan DefaultHeartbeat = TimeSpan.FromSeconds(15);

    private readonly StoreTarget _target;
    private readonly CancellationTokenSource _stop = new();
    private readonly Task _renewals;
    private string _value;

    private StoreLease(StoreTarget target, string holder, string value, TimeSpan heartbeat)
    {
        _target = target;
        Holder = holder;
        Heartbeat = heartbeat;
        _value = value;
        _renewals = RenewAsync();
    }

    public string Holder { get; }

    public TimeSpan Heartbeat { get; }

    /// <summary>True when a renewal found the row taken by someone else (the lease had expired and was broken).</summary>
    public bool Lost { get; private set; }

    /// <summary>Takes the store's lease, or refuses in one line naming the holder and when its lease runs out.</summary>
    public static async Task<StoreLease> AcquireAsync(StoreTarget target, string holder, TimeSpan? heartbeat, CancellationToken cancellationToken)
    {
        var beat = heartbeat ?? DefaultHeartbeat;
        await using var connection = await target.OpenAsync(cancellationToken).ConfigureAwait(false);
        var value = Encode(holder, DateTime.UtcNow + (2 * beat));
        for (var attempt = 0; attempt < 3; attempt++)
        {
            var current = await ReadAsync(target, connection, cancellationToken).ConfigureAwait(false);
            if (current is { } held)
            {
                if (!held.Expired)
                {
                    throw InUse(target, held);
                }

                // Expired: remove exactly that row, so a holder that renewed in the meantime keeps its lease.
                await ExecuteAsync(target, connection, $"DELETE FROM DS_STORE_INFO WHERE INFO_KEY = {target.Engine.Parameter("k")} AND INFO_VALUE = {target.Engine.Parameter("v")}",
                    cancellationToken, ("k", Key), ("v", held.Value)).ConfigureAwait(false);
            }

            try
            {
                await ExecuteAsync(target, connection, $"INSERT INTO DS_STORE_INFO (INFO_KEY, INFO_VALUE) VALUES ({target.Engine.Parameter("k")}, {target.Engine.Parameter("v")})",
                    cancellationToken, ("k", Key), ("v", value)).ConfigureAwait(false);
                return new StoreLease(target, holder, value, beat);
            }
            catch (DbException)
            {
                // Another process took it between our read and our insert (the key is unique): read again and report it.
                if (await ReadAsync(target, connection, cancellationToken).ConfigureAwait(false) is null)
                {
                    throw;
                }
            }
        }

        throw InUse(target, await ReadAsync(target, connection, cancellationToken).ConfigureAwait(false)
            ?? throw new UserError($"the lease of the store at {target.RedactedConnection} changed hands three times in a row; try again."));
    }

    /// <summary>The lease held now, if any (expired or not).</summary>
    public static async Task<Held?> ReadAsync(StoreTarget target, DbConnection connection, CancellationToken cancellationToken)
    {
        await using var command = connection.Command($"SELECT INFO_VALUE FROM DS_STORE_INFO WHERE INFO_KEY = {target.Engine.Parameter("k")}");
        command.Add(target.Engine.Parameter("k"), Key);
        var value = await command.ScalarAsync<string>(cancellationToken).ConfigureAwait(false);
        return value is null ? null : Held.Parse(value);
    }

    /// <summary>The one-line refusal for a store someone holds.</summary>
    public static UserError InUse(StoreTarget target, Held held) => new(string.Create(CultureInfo.InvariantCulture,
        $"the store at {target.RedactedConnection} is in use by {held.Holder} (lease valid until {held.ExpiresUtc:HH:mm:ss}Z, renewed while it runs); wait until it ends — a holder that was killed frees it by {held.ExpiresUtc:HH:mm:ss}Z."));

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync().ConfigureAwait(false);
        await _renewals.ConfigureAwait(false);
        _stop.Dispose();
        try
        {
            await using var connection = await _target.OpenAsync(CancellationToken.None).ConfigureAwait(false);
            await ExecuteAsync(_target, connection, $"DELETE FROM DS_STORE_INFO WHERE INFO_KEY = {_target.Engine.Parameter("k")} AND INFO_VALUE = {_target.Engine.Parameter("v")}",
                CancellationToken.None, ("k", Key), ("v", _value)).ConfigureAwait(false);
        }
        catch (DbException)
        {
            // The database is gone or down: the lease expires by itself.
        }
    }

    private async Task RenewAsync()
    {
        using var timer = new PeriodicTimer(Heartbeat);
        try
        {
            while (await timer.WaitForNextTickAsync(_stop.Token).ConfigureAwait(false))
            {
                try
                {
                    var next = Encode(Holder, DateTime.UtcNow + (2 * Heartbeat));
                    await using var connection = await _target.OpenAsync(_stop.Token).ConfigureAwait(false);
                    var rows = await ExecuteAsync(_target, connection,
                        $"UPDATE DS_STORE_INFO SET INFO_VALUE = {_target.Engine.Parameter("n")} WHERE INFO_KEY = {_target.Engine.Parameter("k")} AND INFO_VALUE = {_target.Engine.Parameter("v")}",
                        _stop.Token, ("n", next), ("k", Key), ("v", _value)).ConfigureAwait(false);
                    if (rows == 1)
                    {
                        _value = next;
                    }
                    else
                    {
                        Lost = true;
                    }
                }
                catch (Exception e) when (e is DbException or InvalidOperationException or TimeoutException)
                {
                    // A database that is down cannot be renewed on; the next beat tries again.
                }
            }
        }
        catch (OperationCanceledException)
        {
            // Released.
        }
    }

    private static string Encode(string holder, DateTime expiresUtc) =>
        string.Create(CultureInfo.InvariantCulture, $"{expiresUtc:yyyy-MM-ddTHH:mm:ss.fffZ} {holder}");

    private static async Task<int> ExecuteAsync(StoreTarget target, DbConnection connection, string sql, CancellationToken cancellationToken, params (string Name, object Value)[] parameters)
    {
        await using var command = connection.Command(sql);
        foreach (var (name, value) in parameters)
        {
            command.Add(target.Engine.Parameter(name), value);
        }

        return await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
    }

    /// <summary>A lease as stored: expiry time, then the holder's description.</summary>
    public sealed record Held(string Value, string Holder, DateTime ExpiresUtc)
    {
        public bool Expired => DateTime.UtcNow >= ExpiresUtc;

        public static Held Parse(string value)
        {
            var space = value.IndexOf(' ', StringComparison.Ordinal);
            var stamp = space < 0 ? value : value[..space];
            var expires = DateTime.TryParse(stamp, CultureInfo.InvariantCulture, DateTimeStyles.AdjustToUniversal | DateTimeStyles.AssumeUniversal, out var t) ? t : DateTime.MinValue;
            return new Held(value, space < 0 ? "an unknown holder" : value[(space + 1)..], expires);
        }
    }
}
