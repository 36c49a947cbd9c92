using System.CommandLine;
using System.Globalization;
using DvdStore.Cli.Help;
using DvdStore.Cli.Options;
using DvdStore.Driver.Parameters;
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
        var metrics = new ServerMetricsCliOptions();
        var interval = new Option<string>("--interval")
        {
            Description = "Time between samples: 1s, 500ms, 2s (a bare number is seconds; a run samples once per log interval).",
            DefaultValueFactory = _ => "1s",
            HelpName = "duration",
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
        var command = new StoreVerb("server-metrics", "Sample the database server's CPU, disk and engine counters as a run would, and print what sampling costs the client.")
        {
            Options = [interval, count, quiet],
            Examples = [$"dvdstore server-metrics {ExampleTarget.First} --interval 2s --count 30"],
        }.Create(async (result, target, cancellationToken) =>
        {
            var every = DurationText.Parse("--interval", result.GetValue(interval)!, "interval");
            var samples = result.GetValue(count);
            if (samples is < 1 or > 1_000_000)
            {
                throw new UserError($"--count {samples} is out of range; give 1 to 1000000.");
            }

            await ServerMetricsProbe.RunAsync(target, metrics.Read(result), every, samples, result.GetValue(quiet), result.InvocationConfiguration.Output, cancellationToken).ConfigureAwait(false);
            return 0;
        });
        metrics.AddTo(command);
        return command;
    }
}
