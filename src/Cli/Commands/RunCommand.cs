using System.CommandLine;
using System.CommandLine.Parsing;
using DvdStore.Cli.Options;
using DvdStore.Driver.Parameters;
using DvdStore.Driver.Running;
using DvdStore.Loader.Store;

namespace DvdStore.Cli.Commands;

/// <summary>
/// <c>dvdstore run</c>: drives a loaded store with DS3's workload. Takes every DS3 driver parameter by its DS3 name
/// (<c>--n_threads=16</c>, <c>--config_file=ds3.conf</c>) plus the modern options, applied left to right (last wins).
/// </summary>
public static class RunCommand
{
    public const string Description =
        "Drive a loaded store with DS3's order mix and measure it: OPM, rollbacks, per-transaction latency percentiles, " +
        "a live line every log_freq seconds, a result JSON + interval CSV, and a server-side check that the database " +
        "gained exactly the orders the driver committed. DS3 parameters keep their names and defaults (--name=value); " +
        "parameters apply left to right and the last one wins (config files are read where they appear). Ctrl-C stops " +
        "cleanly with a summary and a result file.";

    public static Command Create()
    {
        var command = new Command("run", Description);
        foreach (var parameter in RunParameters.All)
        {
            command.Add(OptionFor(parameter));
        }

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
                    // As typed (--start-at, --users), so errors name the option the user wrote.
                    pending = token.Value.Trim().TrimStart('-');
                    break;
                case TokenType.Argument when pending is not null:
                    yield return (pending, token.Value);
                    pending = null;
                    break;
            }
        }
    }

    private static Option OptionFor(RunParameter parameter)
    {
        var defaults = parameter.Default.Length == 0 ? "" : $" [default: {parameter.Default}]";
        var ds3 = parameter.FromDs3 ? " (DS3)" : "";
        Option option = parameter.Name switch
        {
            "engine" => (Option)CommonOptions.Engine(),
            "connection" => CommonOptions.Connection(),
            // string[]: an option may be given again later (DS3: the last value wins); each occurrence takes one value.
            _ => new Option<string[]>("--" + parameter.Name) { HelpName = "value", AllowMultipleArgumentsPerToken = false },
        };
        if (parameter.Name is not ("engine" or "connection"))
        {
            option.Description = parameter.Description + ds3 + defaults;
        }

        if (parameter.Name.Contains('_', StringComparison.Ordinal) && parameter.Name is "start_at" or "output_format" or "cross_check" or "db_down_limit" or "server_metrics" or "server_host" or "server_data_dir" or "server_pid" or "driver_cpus" or "memory_check" or "fleet_size" or "fleet_index" or "fleet_users" or "fleet_timeout" or "result_stdout" or "metrics_port" or "metrics_host")
        {
            option.Aliases.Add("--" + parameter.Name.Replace('_', '-'));
        }

        if (parameter.Name == RunParameters.Label)
        {
            option.HelpName = "key=value";
        }

        return option;
    }
}
