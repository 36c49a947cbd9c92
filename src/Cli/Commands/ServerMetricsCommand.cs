using System.CommandLine;
using System.Globalization;
using DvdStore.Cli.Options;
using DvdStore.Monitoring;
using DvdStore.Schema;

namespace DvdStore.Cli.Commands;

/// <summary>
/// <c>dvdstore server-metrics</c>: samples the server the way a run does, without a run — to check the setup before a
/// long run (SSH key, data directory, counter permissions) and to measure what sampling costs the client.
/// </summary>
public static class ServerMetricsCommand
{
    public static Command Create()
    {
        var engine = CommonOptions.Engine();
        var connection = CommonOptions.Connection();
        var metrics = new ServerMetricsCliOptions();
        var interval = new Option<double>("--interval")
        {
            Description = "Seconds between samples (a run samples once per log interval).",
            DefaultValueFactory = _ => 1.0,
            HelpName = "seconds",
        };
        var count = new Option<int>("--count")
        {
            Description = "Samples to take.",
            DefaultValueFactory = _ => 10,
            HelpName = "n",
        };
        var quiet = new Option<bool>("--quiet")
        {
            Description = "Print only the summary and the sampling cost, not one line per sample.",
        };
        var command = new Command("server-metrics", "Sample the database server's CPU, disk and engine counters as a run would, and print what sampling costs the client.")
        {
            engine,
            connection,
            interval,
            count,
            quiet,
        };
        metrics.AddTo(command);
        command.SetAction(async (result, cancellationToken) =>
        {
            var seconds = result.GetValue(interval);
            var samples = result.GetValue(count);
            if (seconds is not (>= 0.01 and <= 3600))
            {
                throw new UserError($"--interval {seconds.ToString(CultureInfo.InvariantCulture)} is out of range; give 0.01 to 3600 seconds.");
            }

            if (samples is < 1 or > 1_000_000)
            {
                throw new UserError($"--count {samples} is out of range; give 1 to 1000000.");
            }

            var target = CommonOptions.Target(result, engine, connection);
            await ServerMetricsProbe.RunAsync(target, metrics.Read(result), TimeSpan.FromSeconds(seconds), samples, result.GetValue(quiet), result.InvocationConfiguration.Output, cancellationToken).ConfigureAwait(false);
            return 0;
        });
        return command;
    }
}
