using System.Data.Common;
using System.Diagnostics;
using System.Globalization;
using DvdStore.Driver.Results;
using DvdStore.Loader.Store;
using DvdStore.Schema;
using DvdStore.Schema.Connections;

namespace DvdStore.Driver.Running;

/// <summary>
/// As loaded before every measured run: a target's store is reset first when the run asks (--reset), then read for
/// the rows earlier runs left above its load (<see cref="StoreUsage"/>, key probes only); a used store is refused in
/// one line naming 'dvdstore reset' unless the run measures it anyway (--allow-used-store). What it found goes into the
/// result (<see cref="StoreAtStart"/>).
/// </summary>
public static class StoreStateCheck
{
    /// <param name="pooled">The target through the run's sized pool (the reset's connections come from it).</param>
    /// <param name="given">The target as given, for messages.</param>
    /// <returns>The store's state at the start; null for a store that records no load baseline (not checkable).</returns>
    public static async Task<StoreAtStart?> CheckAsync(RunSettings settings, StoreTarget given, StoreTarget pooled, DbConnection connection, TextWriter output, CancellationToken cancellationToken)
    {
        if (settings.ResetStore)
        {
            var report = await StoreReset.ResetAsync(pooled, cancellationToken).ConfigureAwait(false);
            if (!report.Matches)
            {
                throw new UserError($"the reset of the store at {given.RedactedConnection} left it different from its load ({string.Join(", ", report.Check.Differing)}); rebuild it with 'dvdstore load --drop-existing'.");
            }

            await output.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
                $"store: reset to as loaded in {report.Elapsed.TotalSeconds:F1} s ({report.Deleted.Values.Sum():N0} rows removed, {report.InventoryRestored:N0} stock rows restored)")).ConfigureAwait(false);
        }

        var clock = Stopwatch.StartNew();
        var usage = await StoreUsage.ReadAsync(given.Engine, connection, cancellationToken).ConfigureAwait(false);
        var read = clock.Elapsed.TotalMilliseconds;
        if (usage is null)
        {
            await output.WriteLineAsync("store: records no load baseline, so whether earlier runs changed it is unknown").ConfigureAwait(false);
            return null;
        }

        if (!usage.AsLoaded && !settings.AllowUsedStore)
        {
            throw UsedStore(given, usage, "run with --reset");
        }

        await output.WriteLineAsync(usage.AsLoaded
            ? string.Create(CultureInfo.InvariantCulture, $"store: as loaded (read in {read:F1} ms)")
            : string.Create(CultureInfo.InvariantCulture, $"store: used, measured as it is (--allow-used-store): earlier runs left {usage.Describe()} above its load (read in {read:F1} ms)")).ConfigureAwait(false);
        return new StoreAtStart
        {
            AsLoaded = usage.AsLoaded,
            ResetByRun = settings.ResetStore,
            Orders = usage.Orders,
            Customers = usage.Customers,
            Reviews = usage.Reviews,
            Ratings = usage.Ratings,
            Memberships = usage.Memberships,
            Reorders = usage.Reorders,
        };
    }

    /// <summary>The one-line refusal of a store earlier runs changed; <paramref name="resetHint"/> names how this command resets first.</summary>
    public static UserError UsedStore(StoreTarget target, StoreUsage usage, string resetHint) => new(
        $"the store at {target.RedactedConnection} is not as loaded: earlier runs left {usage.Describe()} above its load; reset it with 'dvdstore reset' (or {resetHint}), or measure it as it is with --allow-used-store.");
}
