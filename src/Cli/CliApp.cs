using System.CommandLine;
using System.Data.Common;
using DvdStore.Cli.Help;
using DvdStore.Schema;
using DvdStore.Schema.Engines;

namespace DvdStore.Cli;

/// <summary>
/// The `dvdstore` command: composes the commands each library defines and turns user mistakes into one
/// line on stderr and a non-zero exit. Holds no logic of its own.
/// </summary>
public static class CliApp
{
    public static RootCommand BuildRoot()
    {
        var root = new RootCommand($"dvdstore: the DVD Store OLTP scale-up test kit (DS3-compatible) for {string.Join(", ", EngineCatalog.All.Select(static e => e.DisplayName))}.");
        foreach (var command in CommandSet.All())
        {
            root.Add(command);
        }

        root.WithExamples(
            "dvdstore quickstart",
            $"dvdstore load {ExampleTarget.First} --size 1GB",
            $"dvdstore run {ExampleTarget.First} --users 16 --duration 10m");
        HelpExtras.Install(root);
        return root;
    }

    /// <summary>Parses and runs <paramref name="args"/>, writing only to the given writers; returns the exit code.</summary>
    public static async Task<int> RunAsync(string[] args, TextWriter output, TextWriter error, CancellationToken cancellationToken)
    {
        var parse = BuildRoot().Parse(LegacySpellings.Rewrite(args));
        // An unknown verb is an error even beside --help: `dvdstore adopt --help` must not print the root help and exit 0.
        if ((parse.Errors.Count > 0 && !HelpExtras.IsHelp(parse.Action)) || Suggestion.UnknownCommand(parse) is not null)
        {
            var command = string.Join(' ', CommandPath(parse.CommandResult.Command));
            var text = Suggestion.For(parse) switch
            {
                ({ } token, { } closest) => $"unknown {(token.StartsWith('-') ? "option" : "command")} '{token}'; did you mean {closest}? (see '{command} --help')",
                _ when Suggestion.UnknownCommand(parse) is { } verb =>
                    $"unknown command '{verb}'; the commands are {string.Join(", ", Suggestion.Commands(parse))} (see '{command} --help')",
                _ => $"{parse.Errors[0].Message.TrimEnd('.')}; see '{command} --help'.",
            };
            await error.WriteLineAsync(ErrorLine.Of(text)).ConfigureAwait(false);
            return 2;
        }

        // Program.cs turns Ctrl-C/SIGTERM into the cancellation token; System.CommandLine's own handler (on by default)
        // would kill the process 2 s after the signal, before a run has written its summary and result file.
        var configuration = new InvocationConfiguration { Output = output, Error = error, EnableDefaultExceptionHandler = false, ProcessTerminationTimeout = null };
        try
        {
            return await parse.InvokeAsync(configuration, cancellationToken).ConfigureAwait(false);
        }
        catch (UserError e)
        {
            await error.WriteLineAsync(ErrorLine.Of(LegacySpellings.AsTyped(args, e.Message))).ConfigureAwait(false);
            return e.ExitCode;
        }
        catch (DbException e)
        {
            // The server failed a statement mid-command (a table gone, a lost connection, a full disk): not a bug of
            // the kit, so the user gets the server's words in one line, as a mistake of their own does, not a stack trace.
            var command = string.Join(' ', CommandPath(parse.CommandResult.Command));
            await error.WriteLineAsync(ErrorLine.Of($"the database failed '{command}': {e.Message.Trim().TrimEnd('.')}. Fix the server or the store, then run the command again.")).ConfigureAwait(false);
            return 1;
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            await error.WriteLineAsync("error: cancelled.").ConfigureAwait(false);
            return 130;
        }
    }

    private static IEnumerable<string> CommandPath(Command command)
    {
        yield return "dvdstore";
        if (command is not RootCommand)
        {
            yield return command.Name;
        }
    }
}
