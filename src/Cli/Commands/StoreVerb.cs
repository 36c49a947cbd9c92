using System.CommandLine;
using DvdStore.Cli.Help;
using DvdStore.Cli.Options;
using DvdStore.Schema.Connections;

namespace DvdStore.Cli.Commands;

/// <summary>What a store verb does with the target its --engine and --connection name; returns the exit code.</summary>
internal delegate Task<int> StoreAction(ParseResult result, StoreTarget target, CancellationToken cancellationToken);

/// <summary>
/// A verb that works on one store: --engine and --connection first, as every store verb lists them, then the verb's
/// own options; its action receives the target they name (password resolved from the environment) and its help shows
/// the examples.
/// </summary>
internal sealed record StoreVerb(string Name, string Description)
{
    /// <summary>The verb's own options, listed after --engine and --connection.</summary>
    public IReadOnlyList<Option> Options { get; init; } = [];

    /// <summary>Full command lines shown under "Examples:" in the verb's help.</summary>
    public IReadOnlyList<string> Examples { get; init; } = [];

    /// <summary>Replaces --connection's description where the verb uses the connection differently (null = the common one).</summary>
    public string? ConnectionDescription { get; init; }

    public Command Create(StoreAction action)
    {
        var engine = CommonOptions.Engine();
        var connection = CommonOptions.Connection();
        connection.Description = ConnectionDescription ?? connection.Description;
        var command = new Command(Name, Description) { engine, connection };
        foreach (var option in Options)
        {
            command.Add(option);
        }

        command.SetAction((result, cancellationToken) => action(result, CommonOptions.Target(result, engine, connection), cancellationToken));
        return command.WithExamples([.. Examples]);
    }
}
