using System.CommandLine;
using System.Globalization;
using DvdStore.Cli.Help;
using DvdStore.Cli.Options;
using DvdStore.Driver.Running;
using DvdStore.Monitoring;
using DvdStore.Schema;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Engines;
using DvdStore.Studies;

namespace DvdStore.Cli.Commands;

/// <summary>
/// <c>dvdstore sweep</c>: a whole scale-up study on one command (issue 6). For each CPU set of the study the
/// local server is pinned, then users are stepped until OPM tops out; every step is a normal driver run whose
/// result carries the set's shape and the users as labels. The server's CPUs are restored at the end, on
/// Ctrl-C and on failure.
/// </summary>
public static class SweepCommand
{
    public const string Description =
        "Run a scale-up study: step the users (1,2,4,8 … or a list) until OPM grows by less than a threshold, " +
        "optionally on each of several CPU sets of a local Linux server (vCPU scaling, hyper-threading on/off, " +
        "one socket against spread), chosen from the machine's real topology. Each step writes a normal result " +
        "labelled with cpus, cores, threads_per_core, sockets, nodes, users and the driver's CPUs, and the study ends with " +
        "sweep.json and the Analysis report. The server's original CPUs are restored.";

    /// <param name="resetStore">Brings a store back to its loaded state (the Loader's reset); null = --reset-between is refused.</param>
    /// <param name="writeReport">Writes the Analysis report of the study's results and prints its findings (stdout, stderr); null = no report.</param>
    public static Command Create(
        Func<StoreTarget, CancellationToken, Task>? resetStore = null,
        Func<SweepReportRequest, TextWriter, TextWriter, CancellationToken, Task>? writeReport = null)
    {
        var engine = CommonOptions.Engine();
        var connection = CommonOptions.Connection();
        var size = CommonOptions.SizeOfStore();
        var study = new Option<string?>("--config") { Description = "JSON study file with the settings below in snake_case (options given here override it).", HelpName = "file" };
        var output = new Option<string?>("--out") { Description = "Folder for the study's results [default: results/sweep-<utc time>].", HelpName = "folder" };
        var seed = new Option<long?>("--seed") { Description = "Seed of the users' random streams (the same for every step)." };
        var label = new Option<string[]>("--label") { Description = "A label key=value recorded on every step, as run's --label (repeatable); the sweep's own keys (users, cpus, cpu_set …) are refused.", HelpName = "key=value", AllowMultipleArgumentsPerToken = false };
        var settings = new (string Key, Option<string?> Option)[]
        {
            ("server_pid", new("--server-pid") { Description = $"Main pid of the local server to pin ({EngineCatalog.ServerPidHints}).", HelpName = "pid" }),
            ("cpus", new("--cpus") { Description = "vCPU scaling: CPU counts (1,2,4,8), a doubling range (1..16) or all.", HelpName = "counts" }),
            ("users", new("--users") { Description = "Users per step: a list (1,2,4,8) or a doubling range (1..64) [default: 1,2,4,8].", HelpName = "counts" }),
            ("ht", new("--ht") { Description = "Hyper-threading: on (N/2 cores × 2 threads), off (N cores × 1 thread) or on,off.", HelpName = "on,off" }),
            ("affinity", new("--affinity") { Description = "Also compare one socket/NUMA node against the same CPUs spread over all (true/false).", HelpName = "bool", Arity = ArgumentArity.ZeroOrOne }),
            ("fill", new("--fill") { Description = "How vCPU sets grow: cores (one thread per core first) or threads (a core's threads first) [default: cores].", HelpName = "cores|threads" }),
            ("duration", new("--duration") { Description = $"Measured time of each step: {Driver.Parameters.DurationText.Forms} [default: 1m].", HelpName = "duration" }),
            ("warmup", new("--warmup") { Description = "Warm-up of each step (30s, 1m; a bare number is seconds) [default: 10s].", HelpName = "duration" }),
            ("think_time", new("--think-time") { Description = "Each user's mean think time between orders, as run's (500ms, 2s; a bare number is seconds) [default: 0, full speed]. Users sweeps only.", HelpName = "duration" }),
            ("reset_between", new("--reset-between") { Description = "Reset the store to its loaded state before every step, the first included (true/false). Without it a study of more than one step is refused: each step must start from the store as loaded.", HelpName = "bool", Arity = ArgumentArity.ZeroOrOne }),
            ("allow_used_store", new("--allow-used-store") { Description = "Measure steps on a store earlier runs changed (a soak-style series) instead of refusing them (true/false); each result records what the store held at its start.", HelpName = "bool", Arity = ArgumentArity.ZeroOrOne }),
            ("peak_threshold", new("--peak-threshold") { Description = "Stop a search when a step grows OPM by less than this percentage [default: 5].", HelpName = "percent" }),
            ("rates", new("--rates") { Description = "Open loop: order rates (OPM) to step through instead of users, a list (10000,20000) or a doubling range (10000..80000), each a rate run with the largest --users count (docs/open-loop.md).", HelpName = "opm" }),
            ("sla", new("--sla") { Description = "With --rates: the latency limit, any percentile and duration (p99=200ms, p99.9=1s); the sweep stops after the first rate whose percentile broke the limit in a measured interval, and reports the highest rate that held (the SLA OPM).", HelpName = "pNN=limit" }),
            ("driver_cpus", new("--driver-cpus") { Description = "Pin this driver process to these CPUs (1, 2,3 or 4-7) and plan the server's sets from the other CPUs; without it each step warns when the driver may share the server's CPUs.", HelpName = "cpu list" }),
        };

        // --server-pid is the study's own option (the pinned server): the recorder watches that process's CPU set.
        var serverMetrics = new ServerMetricsCliOptions();
        // The common options first (engine, connection, size, users, duration, out), then the study's own.
        var first = new[] { "users", "duration" };
        var command = new Command("sweep", Description) { engine, connection, size };
        foreach (var (_, option) in settings.Where(s => first.Contains(s.Key)).OrderBy(s => Array.IndexOf(first, s.Key)))
        {
            command.Add(option);
        }

        command.Add(output);
        command.Add(study);
        command.Add(seed);
        command.Add(label);
        foreach (var (_, option) in settings.Where(s => !first.Contains(s.Key)))
        {
            command.Add(option);
        }

        command.Add(serverMetrics.Mode);
        command.Add(serverMetrics.Host);
        command.Add(serverMetrics.DataDirectory);
        command.WithExamples(
            "dvdstore sweep --users 1..64 --duration 1m --reset-between --out results/sweep   (users doubled until OPM grows by less than 5 %)",
            $"dvdstore sweep {ExampleTarget.First} --cpus 1..16 --ht on,off --server-pid 4242 --reset-between",
            "dvdstore sweep --config study.json --peak-threshold 3",
            "dvdstore sweep --rates 10000..80000 --sla p99=200ms --users 64 --reset-between   (the highest OPM whose p99 stays within 200 ms)");

        command.SetAction(async (result, cancellationToken) =>
        {
            var plan = result.GetValue(study) is { } file
                ? await SweepPlanParser.ReadFileAsync(file, cancellationToken).ConfigureAwait(false)
                : new SweepPlan();
            foreach (var (key, option) in settings)
            {
                if (result.GetResult(option) is not null)
                {
                    plan = SweepPlanParser.Apply(plan, key, result.GetValue(option) ?? "");
                }
            }

            foreach (var text in result.GetValue(label) ?? [])
            {
                plan = SweepPlanParser.Apply(plan, "label", text);
            }

            plan.Validate();
            if (plan.ResetBetween && resetStore is null)
            {
                throw new UserError("--reset-between needs the loader's reset, which this build does not provide; run without it");
            }

            var target = CommonOptions.Target(result, engine, connection);
            var storeSize = await CommonOptions.StoreSizeAsync(result, size, target, cancellationToken).ConfigureAwait(false);
            var metricsOptions = ServerMetricsDefaults.Resolve(
                result.GetResult(serverMetrics.Mode) is { Implicit: false } ? result.GetValue(serverMetrics.Mode) : null,
                result.GetValue(serverMetrics.Host),
                result.GetValue(serverMetrics.DataDirectory),
                plan.ServerPid,
                target);
            var request = new SweepRequest(plan, target, storeSize, metricsOptions, result.GetValue(output), result.GetValue(seed));
            await SweepStudy.RunAsync(request, resetStore, writeReport, result.InvocationConfiguration.Output, result.InvocationConfiguration.Error, cancellationToken).ConfigureAwait(false);
            return 0;
        });
        return command;
    }
}
