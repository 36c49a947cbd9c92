using System.CommandLine;
using DvdStore.Schema.Cli;

namespace DvdStore.Cli;

/// <summary>The verbs of `dvdstore`, each defined by the library that owns it.</summary>
internal static class CommandSet
{
    public static IEnumerable<Command> All()
    {
        yield return SchemaCommand.Create();
        yield return DvdStore.Driver.Cli.RunCommand.Create();
        yield return DvdStore.Driver.Cli.SweepCommand.Create();
    }
}
