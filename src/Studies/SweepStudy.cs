using System.Globalization;
using DvdStore.Driver.Environment;
using DvdStore.Driver.Running;
using DvdStore.Monitoring;
using DvdStore.Schema;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Sizing;

namespace DvdStore.Studies;

/// <summary>What a scale-up study is asked to do: the plan, the store, how to watch the server, where results go.</summary>
/// <param name="OutputFolder">Folder for the study's results; null = results/sweep-&lt;utc time&gt;.</param>
/// <param name="Seed">Seed of the users' random streams (the same for every step); null = a new one.</param>
public sealed record SweepRequest(SweepPlan Plan, StoreTarget Target, StoreSize Size, ServerMetricsOptions ServerMetrics, string? OutputFolder, long? Seed);

/// <summary>
/// A whole scale-up study (issue 6). For each CPU set of the study the local server is pinned, then users are stepped
/// until OPM tops out; every step is a normal driver run whose result carries the set's shape and the users as
/// labels. The server's CPUs are restored at the end, on Ctrl-C and on failure.
/// </summary>
public static class SweepStudy
{
    /// <param name="resetStore">Brings a store back to its loaded state before every step, when the plan asks for it.</param>
    /// <param name="writeReport">Writes the Analysis report of the study's results and prints its findings (stdout, stderr); null = no report.</param>
    public static async Task RunAsync(
        SweepRequest request,
        Func<StoreTarget, CancellationToken, Task>? resetStore,
        Func<SweepReportRequest, TextWriter, TextWriter, CancellationToken, Task>? writeReport,
        TextWriter writer,
        TextWriter error,
        CancellationToken cancellationToken)
    {
        var (plan, target, storeSize, metricsOptions) = (request.Plan, request.Target, request.Size, request.ServerMetrics);
        var sweepId = DateTime.UtcNow.ToString("yyyyMMdd-HHmmss", CultureInfo.InvariantCulture);
        var folder = request.OutputFolder ?? Path.Combine("results", "sweep-" + sweepId);
        var runSeed = request.Seed ?? System.Environment.TickCount64;
        await using (var connection = await target.OpenExistingAsync(cancellationToken).ConfigureAwait(false))
        {
            // Before any CPU is pinned or folder made: a store that cannot be run on refuses the whole study in one line.
            await Loader.Store.StoreGate.RequireReadyForRunAsync(target, connection, cancellationToken).ConfigureAwait(false);
            await RequireAsLoadedStepsAsync(plan, target, connection, cancellationToken).ConfigureAwait(false);
        }

        if (plan.DriverCpus is { } driverCpus)
        {
            // After every check of the input, before any output: a mistake leaves this process as it was.
            DriverAffinity.Pin(driverCpus);
        }

        var runner = new SweepRunner(plan, writer);

        var (sets, pinner) = await runner.PrepareAsync().ConfigureAwait(false);
        IReadOnlyList<SweepSetResult> results;
        await using (pinner)
        {
            // A rate step (rate given) runs the open loop at that rate with the plan's largest user count.
            async Task<StepMeasurement> RunStep(CpuSet? set, int users, double? rate, CancellationToken ct)
            {
                var driver = DriverAffinity.Current();
                var labels = new Dictionary<string, string>(SweepRunner.Labels(set, users, pinner?.Method, sweepId, driver, plan.Labels));
                if (rate is { } opm)
                {
                    labels[SweepRunner.RateLabel] = opm.ToString(CultureInfo.InvariantCulture);
                }

                var settings = new RunSettings
                {
                    Targets = [target],
                    UsersPerTarget = users,
                    TargetOpm = rate,
                    RunTime = plan.StepDuration,
                    Warmup = plan.Warmup,
                    Workload = new Driver.Workload.WorkloadSettings { ThinkTimeSeconds = plan.ThinkTime.TotalSeconds },
                    DbSize = storeSize,
                    OutputDirectory = Path.Combine(folder, set?.Name ?? "unpinned", rate is { } r ? string.Create(CultureInfo.InvariantCulture, $"rate-{r}") : string.Create(CultureInfo.InvariantCulture, $"users-{users}")),
                    Labels = labels,
                    DriverCpus = plan.DriverCpus,
                    SetupFindings = set is not null && DriverAffinity.SharesServerCpus(set.Cpus, driver) is { } shared ? [shared] : [],
                    Seed = runSeed,
                    ServerMetrics = metricsOptions,
                    AllowUsedStore = plan.AllowUsedStore,
                };
                var outcome = await DriverRunner.RunAsync(settings, writer, ct).ConfigureAwait(false);
                return outcome.ExitCode switch
                {
                    0 => StepMeasurement.FromResult(outcome.Result),
                    130 => throw new OperationCanceledException("the sweep was stopped", ct),
                    _ => throw new UserError($"sweep step {set?.Name ?? "unpinned"} with {users} users{(rate is { } failed ? string.Create(CultureInfo.InvariantCulture, $" at {failed} OPM") : "")} failed: {outcome.Result.Error ?? "see its result file"}", 1),
                };
            }

            Func<CancellationToken, Task>? reset = plan.ResetBetween ? ct => resetStore!(target, ct) : null;
            results = await runner.RunAsync(sets, pinner, (set, users, ct) => RunStep(set, users, null, ct), reset, cancellationToken, (set, rate, ct) => RunStep(set, plan.RateUsers, rate, ct)).ConfigureAwait(false);
            await SweepSummary.WriteAsync(folder, sweepId, plan, pinner?.Method, results, cancellationToken).ConfigureAwait(false);
        }

        await writer.WriteLineAsync($"sweep results: {folder} ({SweepSummary.FileName})").ConfigureAwait(false);
        if (writeReport is not null)
        {
            var reportFolder = Path.Combine(folder, "report");
            await writeReport(new SweepReportRequest(results.Select(r => Path.Combine(folder, r.Set?.Name ?? "unpinned")).ToList(), reportFolder, plan.ThresholdPercent, plan.Sla), writer, error, cancellationToken).ConfigureAwait(false);
        }
    }
    /// <summary>
    /// Every step starts from the store as loaded unless the study says otherwise: without --reset-between a used store,
    /// or a study whose later steps would run on what the earlier ones left, is refused before any CPU is pinned.
    /// </summary>
    private static async Task RequireAsLoadedStepsAsync(SweepPlan plan, StoreTarget target, System.Data.Common.DbConnection connection, CancellationToken cancellationToken)
    {
        if (plan.ResetBetween || plan.AllowUsedStore)
        {
            return;
        }

        if (await Loader.Store.StoreUsage.ReadAsync(target.Engine, connection, cancellationToken).ConfigureAwait(false) is { AsLoaded: false } usage)
        {
            throw StoreStateCheck.UsedStore(target, usage, "sweep with --reset-between");
        }

        if (plan.ManySteps)
        {
            throw new UserError("every step after the first would run on the orders the steps before it added; add --reset-between (each step starts from the store as loaded), or --allow-used-store to measure the store as the steps leave it.");
        }
    }
}
