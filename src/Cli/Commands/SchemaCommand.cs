using System.CommandLine;
using DvdStore.Cli.Help;
using DvdStore.Cli.Options;
using DvdStore.Schema.Engines;

namespace DvdStore.Cli.Commands;

/// <summary>`dvdstore schema --engine X`: prints an engine's full DDL (tables, keys and indexes, procedures and trigger) for a DBA to review.</summary>
public static class SchemaCommand
{
    public static Command Create()
    {
        var engine = CommonOptions.Engine();
        var command = new Command("schema", "Print an engine's full DDL (tables, keys, indexes, procedures, re-order trigger) for review; touches no database.")
        {
            engine,
        };
        command.SetAction(async (result, cancellationToken) =>
        {
            var selected = EngineCatalog.Parse(result.GetValue(engine));
            var output = result.InvocationConfiguration.Output;
            foreach (var phase in Enum.GetValues<SchemaPhase>())
            {
                await output.WriteLineAsync($"-- {selected.DisplayName}: {phase}").ConfigureAwait(false);
                await output.WriteLineAsync(selected.RenderDdl(phase)).ConfigureAwait(false);
            }

            return 0;
        });
        command.WithExamples(
            $"dvdstore schema --engine {ExampleTarget.SecondName} > ds3.sql");
        return command;
    }
}
