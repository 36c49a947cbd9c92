using System.CommandLine;
using System.Globalization;
using DvdStore.Cli.Help;
using DvdStore.Cli.Options;
using DvdStore.Loader.Store;
using DvdStore.Schema;

namespace DvdStore.Cli.Commands;

/// <summary>`dvdstore fingerprint`: per-table row count and order-independent hash of the data now, compared with the one recorded at load; exits 1 on a difference.</summary>
public static class FingerprintCommand
{
    public static Command Create()
    {
        var parallel = LoaderOptions.ReadConnections();
        return new StoreVerb("fingerprint", "Print the store's fingerprint (per-table rows and order-independent hash) and compare it with the one recorded at load.")
        {
            Options = [parallel],
            Examples = ["dvdstore fingerprint --connection \"Data Source=dvdstore.db\"", $"dvdstore fingerprint {ExampleTarget.First} --parallel 16"],
        }.Create(async (result, target, cancellationToken) =>
        {
            var connections = LoaderOptions.CheckReadConnections(result.GetValue(parallel));
            await using var db = await target.OpenExistingAsync(cancellationToken).ConfigureAwait(false);
            // A store being loaded has no fingerprint yet: say who loads it (its tables may not exist yet).
            if (await StoreLease.ReadAsync(target, db, cancellationToken).ConfigureAwait(false) is { Expired: false, IsLoad: true } loading)
            {
                throw StoreLease.InUse(target, loading);
            }

            if (!await target.Engine.StoreExistsAsync(db, cancellationToken).ConfigureAwait(false))
            {
                throw new UserError($"there is no store on {target.RedactedConnection}; build one with 'dvdstore load'.");
            }

            var output = result.InvocationConfiguration.Output;
            var parallelism = await ReadParallelism.ChooseAsync(target, db, connections, cancellationToken).ConfigureAwait(false);
            await output.WriteLineAsync(string.Create(CultureInfo.InvariantCulture, $"reading on {parallelism.Connections} connections ({parallelism.Basis})")).ConfigureAwait(false);
            var reads = parallelism.For(target, db);
            if (await StoreAdoption.AdoptIfNeededAsync(reads, cancellationToken).ConfigureAwait(false) is { } adopted)
            {
                await output.WriteLineAsync(adopted).ConfigureAwait(false);
            }

            var info = await StoreInfo.ReadAsync(db, cancellationToken).ConfigureAwait(false);
            var comparison = await LoadProgressBars.ShowOrPrintAsync(output, progress => FingerprintComparison.ReadAsync(reads, info, progress, cancellationToken)).ConfigureAwait(false);
            await WriteAsync(output, comparison.Current).ConfigureAwait(false);
            return await WriteComparisonAsync(output, comparison).ConfigureAwait(false) ? 0 : 1;
        });
    }

    internal static async Task WriteAsync(TextWriter output, StoreFingerprint fingerprint)
    {
        await output.WriteLineAsync("fingerprint:").ConfigureAwait(false);
        foreach (var table in fingerprint.Tables)
        {
            await output.WriteLineAsync(string.Create(CultureInfo.InvariantCulture, $"  {table.Table,-20} {table.Rows,14:N0} rows  {table.Hash:x16}")).ConfigureAwait(false);
        }

        await output.WriteLineAsync($"  {"store",-20} {fingerprint.Value}").ConfigureAwait(false);
    }

    /// <summary>Writes whether the data still matches the load; true when it does.</summary>
    internal static async Task<bool> WriteComparisonAsync(TextWriter output, FingerprintComparison comparison)
    {
        if (comparison.Recorded is null)
        {
            await output.WriteLineAsync("no fingerprint was recorded (the load did not finish); rebuild with 'dvdstore load --drop-existing'").ConfigureAwait(false);
            return false;
        }

        if (comparison.Matches)
        {
            await output.WriteLineAsync($"matches the fingerprint recorded at load ({comparison.Recorded.Value})").ConfigureAwait(false);
            return true;
        }

        await output.WriteLineAsync($"DIFFERS from the fingerprint recorded at load ({comparison.Recorded.Value}) in: {string.Join(", ", comparison.DifferingTables)}").ConfigureAwait(false);
        return false;
    }
}
