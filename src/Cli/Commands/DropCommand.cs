using System.CommandLine;
using DvdStore.Cli.Help;
using DvdStore.Cli.Options;

namespace DvdStore.Cli.Commands;

/// <summary>`dvdstore drop`: removes every store object (tables, procedures, trigger) from the target.</summary>
public static class DropCommand
{
    public static Command Create() =>
        new StoreVerb("drop", "Drop every store object (tables, procedures, trigger) from the target database; a no-op where there is none.")
        {
            Examples = [$"dvdstore drop {ExampleTarget.First}"],
        }.Create(async (result, target, cancellationToken) =>
        {
            if (target.MissingFile() is { } file)
            {
                // Not opened: opening a missing SQLite file would create it.
                await result.InvocationConfiguration.Output.WriteLineAsync($"no store on {file}; nothing to drop").ConfigureAwait(false);
                return 0;
            }

            var existed = await Loader.Store.StoreDrop.DropAsync(target, cancellationToken).ConfigureAwait(false);
            await result.InvocationConfiguration.Output.WriteLineAsync(existed
                ? $"dropped the store on {target.Engine.DisplayName} ({target.RedactedConnection})"
                : $"no store on {target.Engine.DisplayName} ({target.RedactedConnection}); nothing to drop").ConfigureAwait(false);
            return 0;
        });
}
