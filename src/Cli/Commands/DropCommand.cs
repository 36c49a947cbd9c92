using System.CommandLine;
using DvdStore.Cli.Help;
using DvdStore.Cli.Options;

namespace DvdStore.Cli.Commands;

/// <summary>`dvdstore drop`: removes every store object (tables, procedures, trigger) from the target.</summary>
public static class DropCommand
{
    public static Command Create()
    {
        var engine = CommonOptions.Engine();
        var connection = CommonOptions.Connection();
        var command = new Command("drop", "Drop every store object (tables, procedures, trigger) from the target database; a no-op where there is none.")
        {
            engine, connection,
        };
        command.SetAction(async (result, cancellationToken) =>
        {
            var target = CommonOptions.Target(result, engine, connection);
            if (target.MissingFile() is { } file)
            {
                // Not opened: opening a missing SQLite file would create it.
                await result.InvocationConfiguration.Output.WriteLineAsync($"no store on {file}; nothing to drop").ConfigureAwait(false);
                return 0;
            }

            await using var db = await target.OpenAsync(cancellationToken).ConfigureAwait(false);
            var existed = await target.Engine.StoreExistsAsync(db, cancellationToken).ConfigureAwait(false);
            await Loader.Store.StoreGate.RequireNotInUseAsync(target, db, cancellationToken).ConfigureAwait(false);
            await target.Engine.DropAsync(db, cancellationToken).ConfigureAwait(false);
            await result.InvocationConfiguration.Output.WriteLineAsync(existed
                ? $"dropped the store on {target.Engine.DisplayName} ({target.RedactedConnection})"
                : $"no store on {target.Engine.DisplayName} ({target.RedactedConnection}); nothing to drop").ConfigureAwait(false);
            return 0;
        });
        command.WithExamples(
            $"dvdstore drop {ExampleTarget.First}");
        return command;
    }
}
