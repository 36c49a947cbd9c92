using System.CommandLine;
using System.Globalization;
using DvdStore.Cli.Options;
using DvdStore.Loader.Store;

namespace DvdStore.Cli.Commands;

/// <summary>`dvdstore reset`: returns a store a run has changed to its as-loaded state, then checks the fingerprint; exits 1 if it does not match.</summary>
public static class ResetCommand
{
    public static Command Create()
    {
        var engine = CommonOptions.Engine();
        var connection = CommonOptions.Connection();
        var command = new Command("reset", "Return a store to its as-loaded state: remove rows added after the load, restore stock and identities, then compare the fingerprint.")
        {
            engine, connection,
        };
        command.SetAction(async (result, cancellationToken) =>
        {
            var target = CommonOptions.Target(result, engine, connection);
            var report = await StoreReset.ResetAsync(target, cancellationToken).ConfigureAwait(false);
            var output = result.InvocationConfiguration.Output;
            await output.WriteLineAsync($"reset {target.Engine.DisplayName} ({target.RedactedConnection}) in {report.Elapsed.TotalSeconds.ToString("F1", CultureInfo.InvariantCulture)}s").ConfigureAwait(false);
            foreach (var (table, rows) in report.Deleted)
            {
                await output.WriteLineAsync(string.Create(CultureInfo.InvariantCulture, $"  {table,-20} {rows,10:N0} added rows deleted")).ConfigureAwait(false);
            }

            await output.WriteLineAsync(string.Create(CultureInfo.InvariantCulture, $"  {"INVENTORY",-20} {report.InventoryRestored,10:N0} rows restored")).ConfigureAwait(false);
            return await FingerprintCommand.WriteComparisonAsync(output, report.Fingerprint).ConfigureAwait(false) ? 0 : 1;
        });
        return command;
    }
}
