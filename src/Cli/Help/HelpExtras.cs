using System.CommandLine;
using System.CommandLine.Help;
using System.CommandLine.Invocation;
using System.Runtime.CompilerServices;

namespace DvdStore.Cli.Help;

/// <summary>
/// What System.CommandLine's help lacks and every verb's --help shows after its options: extra sections (run's DS3
/// parameters, grouped after the common options) and examples. System.CommandLine 2.0 keeps its HelpBuilder internal,
/// so the help action is wrapped: the default text first, then these.
/// </summary>
internal static class HelpExtras
{
    private static readonly ConditionalWeakTable<Command, Extras> ByCommand = [];

    /// <summary>Examples shown under "Examples:" in the command's help (each a full command line).</summary>
    public static T WithExamples<T>(this T command, params string[] examples)
        where T : Command
    {
        ByCommand.GetOrCreateValue(command).Examples.AddRange(examples);
        return command;
    }

    /// <summary>A section of (name, description) rows printed after the options, before the examples.</summary>
    public static T WithSection<T>(this T command, string title, IEnumerable<(string Name, string Text)> rows)
        where T : Command
    {
        ByCommand.GetOrCreateValue(command).Sections.Add((title, rows.ToList()));
        return command;
    }

    /// <summary>The examples a command's help shows (empty when it has none).</summary>
    public static IReadOnlyList<string> ExamplesOf(Command command) =>
        ByCommand.TryGetValue(command, out var extras) ? extras.Examples : [];

    /// <summary>Wraps the root's help action so every command's --help ends with its sections and examples.</summary>
    public static void Install(RootCommand root)
    {
        var help = root.Options.OfType<HelpOption>().Single();
        help.Action = new Action((HelpAction)help.Action!);
    }

    /// <summary>True when <paramref name="action"/> shows help (the wrapped action).</summary>
    public static bool IsHelp(CommandLineAction? action) => action is Action or HelpAction;

    private sealed class Extras
    {
        public List<string> Examples { get; } = [];

        public List<(string Title, List<(string Name, string Text)> Rows)> Sections { get; } = [];
    }

    private sealed class Action(HelpAction inner) : SynchronousCommandLineAction
    {
        public override bool ClearsParseErrors => true;

        public override int Invoke(ParseResult parseResult)
        {
            var code = inner.Invoke(parseResult);
            if (!ByCommand.TryGetValue(parseResult.CommandResult.Command, out var extras))
            {
                return code;
            }

            var output = parseResult.InvocationConfiguration.Output;
            foreach (var (title, rows) in extras.Sections)
            {
                output.WriteLine(title);
                var width = rows.Max(static r => r.Name.Length) + 2;
                foreach (var (name, text) in rows)
                {
                    output.WriteLine($"  {name.PadRight(width)}{text}");
                }

                output.WriteLine();
            }

            if (extras.Examples.Count > 0)
            {
                output.WriteLine("Examples:");
                foreach (var example in extras.Examples)
                {
                    output.WriteLine($"  {example}");
                }

                output.WriteLine();
            }

            return code;
        }
    }
}
