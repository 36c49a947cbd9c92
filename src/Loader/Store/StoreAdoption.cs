using System.Data.Common;
using System.Globalization;
using DvdStore.Schema;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Engines.Common;
using DvdStore.Schema.Model;
using DvdStore.Schema.Sizing;

namespace DvdStore.Loader.Store;

/// <summary>
/// Adopts a store built by DS3's own scripts (DS3's tables, none of our bookkeeping): adds DS_STORE_INFO and
/// DS_INVENTORY_BASELINE beside DS3's tables and records the store as it is now (the as-adopted maxima, counts and
/// fingerprint, its size read from the row counts, stock and sales), so verify, fingerprint, run and reset treat it
/// like a store of ours. Reads each DS3 table once (the fingerprint; counts come from it) plus four MAX(id) lookups on
/// primary keys; our routines are (re)created so our driver has what it calls (DS3's MySQL build has four of them), and
/// the two indexes reset needs are added when missing.
/// </summary>
public static class StoreAdoption
{
    /// <summary>The DS_STORE_INFO key that says the store was adopted, and when.</summary>
    public const string AdoptedKey = "adopted";

    public static async Task<string?> AdoptIfNeededAsync(StoreTarget target, CancellationToken cancellationToken)
    {
        await using var connection = await target.OpenExistingAsync(cancellationToken).ConfigureAwait(false);
        return await ReadsFor(target, connection, null, cancellationToken).ConfigureAwait(false) is { } reads
            ? await AdoptIfNeededAsync(reads, cancellationToken).ConfigureAwait(false)
            : null;
    }

    /// <summary>
    /// The reads an adoption would use (on <paramref name="parallel"/> connections, null: the default) when the store
    /// on <paramref name="connection"/> needs adopting; null when it does not, without asking the server anything more.
    /// </summary>
    public static async Task<StoreReads?> ReadsFor(StoreTarget target, DbConnection connection, int? parallel, CancellationToken cancellationToken) =>
        await NeedsAdoptionAsync(target.Engine, connection, cancellationToken).ConfigureAwait(false)
            ? (await ReadParallelism.ChooseAsync(target, connection, parallel, cancellationToken).ConfigureAwait(false)).For(target, connection)
            : null;

    /// <summary>True when the store has DS3's tables but none of our bookkeeping.</summary>
    public static async Task<bool> NeedsAdoptionAsync(IEngine engine, DbConnection connection, CancellationToken cancellationToken) =>
        await engine.StoreExistsAsync(connection, cancellationToken).ConfigureAwait(false)
        && !await connection.TableExistsAsync(StoreModel.StoreInfo.Name, cancellationToken).ConfigureAwait(false)
        && await connection.TableExistsAsync(StoreModel.Customers.Name, cancellationToken).ConfigureAwait(false);

    /// <summary>Adopts the store when it has DS3's tables but no DS_STORE_INFO; returns a one-line note when it did, null otherwise.</summary>
    public static async Task<string?> AdoptIfNeededAsync(StoreReads reads, CancellationToken cancellationToken)
    {
        var (engine, connection) = (reads.Engine, reads.Connection);
        if (!await NeedsAdoptionAsync(engine, connection, cancellationToken).ConfigureAwait(false))
        {
            return null;
        }

        // Under the store's lease, asked again once held: a load making its tables looks like a DS3 store (CUSTOMERS and
        // no DS_STORE_INFO yet), and holds the lease, so it refuses the adoption by name instead of being adopted.
        await using var lease = reads.Target is { } target
            ? await StoreLease.AcquireAsync(target, StoreLeases.Holder("dvdstore adopt"), null, cancellationToken).ConfigureAwait(false)
            : null;
        if (lease is not null && !await NeedsAdoptionAsync(engine, connection, cancellationToken).ConfigureAwait(false))
        {
            return null;
        }

        // DS3's engine-specific spellings first (MySQL's REVIEWS_HELPFULNESS_ID), so everything below reads our column names.
        var aligned = await engine.AlignDs3StoreAsync(connection, cancellationToken).ConfigureAwait(false);
        var fingerprint = await StoreFingerprint.ReadAsync(reads, cancellationToken).ConfigureAwait(false);
        var rows = fingerprint.Tables.ToDictionary(t => t.Table, t => t.Rows, StringComparer.Ordinal);
        var size = SizeOf(rows["CUSTOMERS"], rows["PRODUCTS"]);

        if (!await connection.TableExistsAsync(StoreModel.InventoryBaseline.Name, cancellationToken).ConfigureAwait(false))
        {
            await StoreQueries.ExecuteAsync(engine, connection, engine.CreateTableSql(StoreModel.InventoryBaseline), cancellationToken).ConfigureAwait(false);
        }

        await StoreQueries.ExecuteAsync(engine, connection, "DELETE FROM DS_INVENTORY_BASELINE", cancellationToken).ConfigureAwait(false);
        await StoreQueries.ExecuteAsync(engine, connection,
            "INSERT INTO DS_INVENTORY_BASELINE (PROD_ID, QUAN_IN_STOCK, SALES) SELECT PROD_ID, QUAN_IN_STOCK, SALES FROM INVENTORY", cancellationToken).ConfigureAwait(false);

        var values = new Dictionary<string, string>(StringComparer.Ordinal)
        {
            [StoreInfo.SizeKey] = size.ToString(),
            [StoreInfo.SeedKey] = "ds3",
            [StoreInfo.VersionKey] = "ds3 (adopted)",
            [StoreInfo.FingerprintKey] = fingerprint.Value,
            [StoreInfo.FingerprintDetailKey] = fingerprint.Detail,
            [AdoptedKey] = DateTime.UtcNow.ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture),
            ["load.finished"] = DateTime.UtcNow.ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture),
        };
        foreach (var (table, count) in rows)
        {
            values[StoreInfo.CountKey(table)] = count.ToString(CultureInfo.InvariantCulture);
        }

        foreach (var table in StoreModel.Ds3Tables.Where(t => t.IdentityColumn is not null))
        {
            var max = await StoreQueries.CountAsync(engine, connection, $"SELECT COALESCE(MAX({table.IdentityColumn}), 0) FROM {table.Name}", cancellationToken).ConfigureAwait(false);
            values[StoreInfo.MaxKey(table.Name)] = max.ToString(CultureInfo.InvariantCulture);
        }

        // Memberships NEW_MEMBER adds are dated today; the adopted ones are those dated up to now.
        var lastExpiry = await StoreQueries.CountAsync(engine, connection, "SELECT COUNT(*) FROM MEMBERSHIP WHERE EXPIREDATE >= " + engine.Parameter("after"),
            cancellationToken, ("after", AddedRows.FirstRunTimeExpiry)).ConfigureAwait(false);
        if (lastExpiry > 0)
        {
            throw new UserError($"the store's MEMBERSHIP has {lastExpiry} rows dated {AddedRows.FirstRunTimeExpiry:yyyy-MM-dd} or later, which reset would take for rows a run added; adopt a store as DS3's loader left it.");
        }

        await StoreQueries.ExecuteAsync(engine, connection, engine.CreateTableSql(StoreModel.StoreInfo), cancellationToken).ConfigureAwait(false);
        await AddResetIndexesAsync(engine, connection, cancellationToken).ConfigureAwait(false);
        // Our routines, so our driver finds what it calls (they keep DS3's names and interface).
        await engine.CreateAsync(connection, SchemaPhase.Programmability, cancellationToken).ConfigureAwait(false);
        await StoreInfo.WriteAsync(engine, connection, values, cancellationToken).ConfigureAwait(false);
        // Written last: a store whose adoption stopped half-way is adopted again from the start.
        await StoreInfo.WriteAsync(engine, connection, StoreInfo.StateKey, StoreInfo.Complete, cancellationToken).ConfigureAwait(false);
        return string.Create(CultureInfo.InvariantCulture,
            $"adopted a store without our bookkeeping (DS3-built) as size {size}: {rows["CUSTOMERS"]:N0} customers, {rows["ORDERS"]:N0} orders, {rows["PRODUCTS"]:N0} products; fingerprint {fingerprint.Value}")
            + (aligned is null ? "" : "; " + aligned);
    }

    /// <summary>The DS3 size whose row counts these are (customers and products as DS3's generators make them).</summary>
    public static StoreSize SizeOf(long customers, long products)
    {
        StoreSize[] candidates = [new(customers / 2_000, SizeUnit.MB), new(1, SizeUnit.GB), new(Math.Max(1, customers / 2_000_000), SizeUnit.GB)];
        foreach (var candidate in candidates.Where(c => c.Amount > 0))
        {
            var model = RowCounts.For(candidate);
            if (model.Customers == customers && model.Products == products)
            {
                return candidate;
            }
        }

        throw new UserError(string.Create(CultureInfo.InvariantCulture,
            $"the store's {customers:N0} customers and {products:N0} products match no DS3 size; adopt a store as DS3's loader left it (before any run), or load one with 'dvdstore load'."));
    }

    /// <summary>
    /// DS3's schemas lack the two indexes reset relies on (ours, <see cref="StoreModel.Indexes"/>): without them reset's
    /// FK check scans REVIEWS once per added customer and run-time memberships are found by a scan, so reset would cost
    /// what the store holds instead of what runs added. Plain CREATE INDEX is the same on every engine; one that
    /// exists already (a store of ours whose bookkeeping was removed) is left as it is.
    /// </summary>
    private static async Task AddResetIndexesAsync(IEngine engine, DbConnection connection, CancellationToken cancellationToken)
    {
        foreach (var index in StoreModel.Indexes.Where(i => i.Name is "IX_REVIEWS_CUSTID" or "IX_MEMBERSHIP_EXPIREDATE"))
        {
            try
            {
                await StoreQueries.ExecuteAsync(engine, connection, $"CREATE INDEX {index.Name} ON {index.Table} ({string.Join(", ", index.Columns)})", cancellationToken).ConfigureAwait(false);
            }
            catch (DbException)
            {
                // Already there.
            }
        }
    }
}
