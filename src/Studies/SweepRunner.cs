using System.Globalization;
using DvdStore.Driver.Environment;
using DvdStore.Monitoring.Proc;

namespace DvdStore.Studies;

/// <summary>
/// Runs a study: for each CPU set, pins the server, then runs a peak search over the plan's user steps.
/// The step itself (a driver run) and the store reset are injected, so the command wires the Driver and
/// Loader while tests use fakes. The caller owns the pinner and disposes it (restoring the server's CPUs).
/// </summary>
public sealed class SweepRunner(SweepPlan plan, TextWriter output)
{
    private static readonly CultureInfo Inv = CultureInfo.InvariantCulture;

    /// <summary>The label of a rate sweep's step: the rate asked for (OPM).</summary>
    public const string RateLabel = "rate";

    /// <summary>
    /// The CPU sets of the plan on this machine, and the pinner to apply them; says in one line each what
    /// cannot be run. Without a CPU study, or where pinning is impossible, the one "set" is null (unpinned).
    /// </summary>
    public async Task<(IReadOnlyList<CpuSet?> Sets, ICpuPinner? Pinner)> PrepareAsync(string systemRoot = LinuxCpuLayoutReader.LiveRoot)
    {
        if (!plan.HasCpuStudy)
        {
            return ([null], null);
        }

        var pinner = CpuPinning.TryCreate(plan.ServerPid!.Value, out var reason);
        if (pinner is null)
        {
            await output.WriteLineAsync($"cpu sets: {reason}").ConfigureAwait(false);
            return ([null], null);
        }

        await output.WriteLineAsync(plan.DriverCpus is { } driverCpus
            ? $"driver: pinned to CPUs {CpuList.Format(driverCpus)} (--driver-cpus); the server's sets are planned from the other CPUs"
            : $"driver: may run on CPUs {(DriverAffinity.Current() is { } own ? CpuList.Format(own) : "?")}; a step whose set shares them gets a {DriverAffinity.SharedCpusCode} warning (avoid with --driver-cpus)").ConfigureAwait(false);
        var cpus = plan.PlanCpus(LinuxCpuLayoutReader.Read(systemRoot));
        foreach (var skipped in cpus.Skipped)
        {
            await output.WriteLineAsync($"cpu sets: skipped {skipped}").ConfigureAwait(false);
        }

        if (cpus.Sets.Count == 0)
        {
            await pinner.DisposeAsync().ConfigureAwait(false);
            await output.WriteLineAsync("cpu sets: none of the requested sets fit this machine; running unpinned").ConfigureAwait(false);
            return ([null], null);
        }

        await output.WriteLineAsync($"cpu sets: {string.Join(", ", cpus.Sets.Select(static s => $"{s.Name} [{s.Shape.CpuList}]"))} via {pinner.Method}").ConfigureAwait(false);
        return (cpus.Sets, pinner);
    }

    public async Task<IReadOnlyList<SweepSetResult>> RunAsync(
        IReadOnlyList<CpuSet?> sets,
        ICpuPinner? pinner,
        Func<CpuSet?, int, CancellationToken, Task<StepMeasurement>> runStep,
        Func<CancellationToken, Task>? resetStore,
        CancellationToken cancellationToken,
        Func<CpuSet?, double, CancellationToken, Task<StepMeasurement>>? runRateStep = null)
    {
        var results = new List<SweepSetResult>();
        var finder = new PeakFinder(plan.Users, plan.ThresholdPercent);
        for (var i = 0; i < sets.Count; i++)
        {
            var set = sets[i];
            if (set is not null && pinner is not null)
            {
                await pinner.PinAsync(set.Cpus, cancellationToken).ConfigureAwait(false);
            }

            // Every set starts from the loaded store, the very first step included (the store may hold an earlier study's orders).
            if (resetStore is not null)
            {
                await resetStore(cancellationToken).ConfigureAwait(false);
            }

            var name = set?.Name ?? "unpinned";
            if (plan.Rates is { } rates && runRateStep is not null)
            {
                results.Add(await RunRatesAsync(set, name, rates, runRateStep, resetStore, cancellationToken).ConfigureAwait(false));
                continue;
            }

            await output.WriteLineAsync($"sweep {name}: users {string.Join(',', plan.Users)}").ConfigureAwait(false);
            var first = true;
            var search = await finder.FindAsync(
                (users, ct) => runStep(set, users, ct),
                resetStore,
                cancellationToken,
                step =>
                {
                    var growth = first ? "" : step.GrowthPercent is { } g ? string.Create(Inv, $" ({g:+0.0;-0.0}%)") : $" ({PeakStep.NotApplicable})";
                    output.WriteLine(string.Create(Inv, $"sweep {name}: {step.Users} users -> {step.Opm:0} opm{step.Measurement.ServerCpuText}{growth}"));
                    first = false;
                }).ConfigureAwait(false);
            results.Add(new SweepSetResult(set, search));
            await output.WriteLineAsync(string.Create(Inv, $"sweep {name}: peak {search.Peak.Opm:0} opm at {search.Peak.Users} users{search.Peak.Measurement.ServerCpuText} ({(search.StopReason == PeakStopReason.Plateau ? $"growth under {plan.ThresholdPercent}%" : "still growing at the last step")})")).ConfigureAwait(false);
        }

        return results;
    }

    /// <summary>A rate sweep on one set: the rates in order with the largest user count, up to the first that breaks the SLA.</summary>
    private async Task<SweepSetResult> RunRatesAsync(CpuSet? set, string name, IReadOnlyList<int> rates, Func<CpuSet?, double, CancellationToken, Task<StepMeasurement>> runRateStep, Func<CancellationToken, Task>? resetStore, CancellationToken cancellationToken)
    {
        await output.WriteLineAsync($"sweep {name}: rates {string.Join(',', rates)} OPM with {plan.RateUsers} users{(plan.Sla is { } sla ? $", SLA {sla}" : "")}").ConfigureAwait(false);
        var search = await RateSearch.RunAsync(
            rates.Select(static r => (double)r).ToList(),
            plan.Sla,
            (rate, ct) => runRateStep(set, rate, ct),
            resetStore,
            cancellationToken,
            step => output.WriteLine(string.Create(Inv, $"sweep {name}: rate {step.TargetOpm:0} -> {step.Opm:0} opm{step.Measurement.ServerCpuText}{(step.WorstMs is { } worst ? $", worst interval p{plan.Sla!.Percentile:0.###} {worst:0.#} ms: {(step.Held ? "held" : "broken")}" : "")}"))).ConfigureAwait(false);
        if (plan.Sla is { } limit)
        {
            await output.WriteLineAsync(search.SlaStep is { } held
                ? string.Create(Inv, $"sweep {name}: SLA OPM {held.Opm:0} (rate {held.TargetOpm:0}: {limit} in every interval){(search.Steps[^1].Held ? "; every rate held: the knee lies beyond the sweep" : "")}")
                : $"sweep {name}: no rate held {limit}; start the sweep lower").ConfigureAwait(false);
        }

        return new SweepSetResult(set, search.AsPeakSearch(plan.RateUsers), search);
    }

    /// <summary>The labels the sweep sets on every step; a user's --label may not take one of these keys.</summary>
    public static readonly IReadOnlyList<string> LabelKeys = ["sweep", "users", "cpu_set", "cpu_study", "cpu_variant", "cpu_list", "cpus", "cores", "threads_per_core", "sockets", "nodes", "pin_method", "driver_cpus", "threads", RateLabel];

    /// <summary>What analyze derives from a step's CPU set (docs/sweep.md): a user's label of these keys would override every step's own.</summary>
    public static readonly IReadOnlyList<string> CpuSetLabelKeys = ["vcpus", "smt", "affinity", "numa"];

    /// <summary>
    /// The labels of one step's result: the user's own (<paramref name="own"/>, never of a sweep key: <see cref="SweepPlan.Validate"/>),
    /// the set's shape, the users, how it was pinned, the study id and the driver's CPUs.
    /// </summary>
    public static IReadOnlyDictionary<string, string> Labels(CpuSet? set, int users, string? pinMethod, string sweepId, IReadOnlyList<int>? driverCpus = null, IReadOnlyDictionary<string, string>? own = null)
    {
        var labels = new SortedDictionary<string, string>((own ?? new Dictionary<string, string>()).ToDictionary(), StringComparer.Ordinal)
        {
            ["sweep"] = sweepId,
            ["users"] = users.ToString(Inv),
            ["cpu_set"] = "unpinned",
        };
        if (driverCpus is not null)
        {
            labels["driver_cpus"] = CpuList.Format(driverCpus);
        }

        if (set is not null)
        {
            foreach (var (key, value) in set.ToLabels())
            {
                labels[key] = value;
            }

            labels["pin_method"] = pinMethod ?? "";
        }

        return labels;
    }
}
