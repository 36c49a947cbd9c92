using System.CommandLine;
using System.CommandLine.Parsing;
using DvdStore.Cli.Help;
using DvdStore.Cli.Options;
using DvdStore.Driver.Parameters;
using DvdStore.Driver.Running;
using DvdStore.Loader.Store;

namespace DvdStore.Cli.Commands;

/// <summary>
/// <c>dvdstore run</c>: drives a loaded store with DS3's workload. The options have kebab-case names, the common ones
/// first; every DS3 driver parameter is also taken by its DS3 name with DS3's units (<c>--n_threads=16</c>,
/// <c>--run_time=5</c> minutes, <c>--config_file=ds3.conf</c>), listed in help after the options. Applied left to
/// right, the last one wins, as DS3.
/// </summary>
public static class RunCommand
{
    public const string Description =
        "Drive a loaded store with DS3's order mix and measure it: OPM, rollbacks, per-transaction latency percentiles, " +
        "a live line every log_freq seconds, a result JSON + interval CSV, and a server-side check that the database " +
        "gained exactly the orders the driver committed. The size is read from the store. Options apply left to right " +
        "and the last one wins (config files are read where they appear). Ctrl-C stops cleanly with a summary and a result file.";

    /// <summary>The options shown first, in this order: what every run sets.</summary>
    private static readonly string[] Common = ["engine", "connection", "size", "users", "duration", "out", "warmup", "think_time", "config"];

    /// <summary>DS3's name → our option for the same value (DS3's unit where it differs is stated in help).</summary>
    private static readonly Dictionary<string, string> Ds3Counterpart = new(StringComparer.Ordinal)
    {
        ["n_threads"] = "--users",
        ["run_time"] = "--duration (run_time is whole minutes)",
        ["db_size"] = "--size",
        ["warmup_time"] = "--warmup (warmup_time is whole minutes)",
        ["think_time"] = "--think-time",
        ["ramp_rate"] = "--ramp-rate",
        ["config_file"] = "--config (config_file reads DS3's name=value lines only)",
    };

    public static Command Create()
    {
        var command = new Command("run", Description);
        var ordered = RunParameters.All.Where(static p => !p.FromDs3 || p.Name is "target" or "ramp_rate" or "think_time")
            .OrderBy(static p => Array.IndexOf(Common, p.Name) is var i and >= 0 ? i : Common.Length);
        foreach (var parameter in ordered)
        {
            command.Add(OptionFor(parameter, Kebab(parameter.Name), hidden: false));
        }

        // DS3's names (and the snake_case spellings of our own options) are accepted but grouped after the options.
        foreach (var parameter in RunParameters.All.Where(static p => p.Name.Contains('_', StringComparison.Ordinal) || p.Name == RunParameters.ConfigFile))
        {
            command.Add(OptionFor(parameter, "--" + parameter.Name, hidden: true));
        }

        command.WithSection(
            "DS3 parameters (DS3's names, units and defaults; DS3 scripts and config files run unchanged; snake_case spellings of the options above work too):",
            RunParameters.All.Where(static p => p.FromDs3).Select(static p =>
                ($"--{p.Name}=<value>", p.Description + (Ds3Counterpart.TryGetValue(p.Name, out var ours) ? $" Ours: {ours}." : "") + (p.Default.Length > 0 ? $" [DS3 default: {Ds3Default(p)}]" : ""))));
        command.WithExamples(
            $"dvdstore run --users 8 --duration 5m                      ({ExampleTarget.File} store dvdstore.db; its size is read from the store)",
            $"dvdstore run {ExampleTarget.First} --users 16 --duration 10m --warmup 1m --out results/pg",
            $"dvdstore run {ExampleTarget.Second} --config_file=ds3.conf --n_threads=32   (a DS3 script, unchanged)");

        command.SetAction(async (result, cancellationToken) =>
        {
            var parameters = new RunParameterSet();
            foreach (var (name, value) in OrderedValues(result))
            {
                parameters.Apply(name, value, "command line");
            }

            var settings = parameters.Build();
            foreach (var target in settings.Targets)
            {
                if (await StoreAdoption.AdoptIfNeededAsync(target, cancellationToken).ConfigureAwait(false) is { } adopted)
                {
                    await result.InvocationConfiguration.Output.WriteLineAsync(adopted).ConfigureAwait(false);
                }
            }

            if (!parameters.IsGiven("db_size") && await RecordedSize.ReadAsync(settings.Targets[0], cancellationToken).ConfigureAwait(false) is { } recorded)
            {
                settings = settings with { DbSize = recorded };
            }

            var outcome = await DriverRunner.RunAsync(settings, result.InvocationConfiguration.Output, cancellationToken).ConfigureAwait(false);
            if (outcome.Result.Outcome == DvdStore.Driver.Results.RunOutcome.Failed && outcome.Result.Error is { } error)
            {
                await result.InvocationConfiguration.Error.WriteLineAsync($"error: {error}").ConfigureAwait(false);
            }

            return outcome.ExitCode;
        });
        return command;
    }

    /// <summary>(parameter as typed, without dashes; value) pairs in the order the user wrote them, so later ones win as in DS3.</summary>
    internal static IEnumerable<(string Name, string Value)> OrderedValues(ParseResult result)
    {
        string? pending = null;
        foreach (var token in result.Tokens)
        {
            switch (token.Type)
            {
                case TokenType.Option:
                    if (BareFlag(pending))
                    {
                        yield return (pending!, "Y");
                    }

                    // As typed (--start-at, --users), so errors name the option the user wrote.
                    pending = token.Value.Trim().TrimStart('-');
                    break;
                case TokenType.Argument when pending is not null:
                    yield return (pending, token.Value);
                    pending = null;
                    break;
            }
        }

        if (BareFlag(pending))
        {
            yield return (pending!, "Y");
        }

        // A Y/N parameter given without a value (--reset) means Y.
        static bool BareFlag(string? name) => name is not null && RunParameters.Find(name) is { Flag: true };
    }

    private static string Kebab(string name) => "--" + name.Replace('_', '-');

    // DS3's own default where ours differs (run_time: DS3 runs until stopped; we measure 10 minutes unless told).
    private static string Ds3Default(RunParameter parameter) => parameter.Name == "run_time" ? "0, ours 10" : parameter.Default;

    private static Option OptionFor(RunParameter parameter, string name, bool hidden)
    {
        Option option = parameter.Name switch
        {
            "engine" => CommonOptions.Engine(),
            "connection" => CommonOptions.Connection(),
            // string[]: an option may be given again later (DS3: the last value wins); each occurrence takes one value.
            _ => new Option<string[]>(name) { HelpName = "value", AllowMultipleArgumentsPerToken = false },
        };
        option.Hidden = hidden;
        if (parameter.Flag)
        {
            option.Arity = ArgumentArity.ZeroOrMore;
        }
        if (parameter.Name is not ("engine" or "connection"))
        {
            option.Description = parameter.Description + (parameter.Default.Length == 0 ? "" : $" [default: {parameter.Default}]");
        }

        option.HelpName = parameter.Name switch
        {
            RunParameters.Label => "key=value",
            "size" => "size",
            "users" or "ramp_rate" or "server_pid" or "fleet_size" or "fleet_index" or "fleet_users" or "metrics_port" => "n",
            "duration" or "warmup" or "think_time" or "db_down_limit" or "fleet_timeout" => "duration",
            "out" => "dir",
            RunParameters.JsonConfig => "file",
            _ => option.HelpName,
        };
        return option;
    }
}
