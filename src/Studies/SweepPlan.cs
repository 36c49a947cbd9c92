using DvdStore.Driver.Results;
using DvdStore.Monitoring.Proc;
using DvdStore.Schema;
using DvdStore.Schema.Engines;

namespace DvdStore.Studies;

/// <summary>
/// A whole scale-up study: which CPU sets to run the server on (none, vCPU scaling, hyper-threading, affinity)
/// and, on each, the user steps of a peak search. Built by <see cref="SweepPlanParser"/> from options or a study file.
/// </summary>
public sealed record SweepPlan
{
    /// <summary>The local server's main process (PostgreSQL postmaster, mariadbd); needed for CPU sets.</summary>
    public int? ServerPid { get; init; }

    /// <summary>vCPU-scaling CPU counts; null = no vCPU study.</summary>
    public IReadOnlyList<int>? Cpus { get; init; }

    public ThreadFill Fill { get; init; } = ThreadFill.CoresFirst;

    public bool HtOn { get; init; }

    public bool HtOff { get; init; }

    /// <summary>Also compare one socket/NUMA node against spread.</summary>
    public bool Affinity { get; init; }

    /// <summary>Users of each step, in order (a peak search stops early once OPM tops out).</summary>
    public IReadOnlyList<int> Users { get; init; } = [1, 2, 4, 8];

    public TimeSpan StepDuration { get; init; } = TimeSpan.FromMinutes(1);

    public TimeSpan Warmup { get; init; } = TimeSpan.FromSeconds(10);

    /// <summary>Each user's mean think time between orders (as run's --think-time); zero = DS3's closed loop at full speed.</summary>
    public TimeSpan ThinkTime { get; init; }

    /// <summary>Reset the store to its as-loaded state before every step, the first included.</summary>
    public bool ResetBetween { get; init; }

    /// <summary>Measure steps on a store earlier runs changed (a soak-style series) instead of refusing them.</summary>
    public bool AllowUsedStore { get; init; }

    /// <summary>True when the study may run more than one step (every step but the first starts from what the one before left).</summary>
    /// <remarks>A rate sweep steps its rates (each with the largest user count), a closed-loop sweep its user counts.</remarks>
    public bool ManySteps => (Rates?.Count ?? Users.Count) > 1 || Cpus is { Count: > 1 } || (HtOn && HtOff) || Affinity;

    /// <summary>A step that grows OPM by less than this (percent) ends the search.</summary>
    public double ThresholdPercent { get; init; } = 5;

    /// <summary>CPUs the driver process is pinned to (--driver-cpus); server sets are planned from the others. Null = the driver is left as it is.</summary>
    public IReadOnlyList<int>? DriverCpus { get; init; }

    /// <summary>The user's own labels (--label key=value), recorded on every step beside the sweep's.</summary>
    public IReadOnlyDictionary<string, string> Labels { get; init; } = new SortedDictionary<string, string>(StringComparer.Ordinal);

    /// <summary>A rate sweep's order rates (OPM), run with the largest of <see cref="Users"/>; null = step the users (closed loop).</summary>
    public IReadOnlyList<int>? Rates { get; init; }

    /// <summary>The latency limit a rate sweep looks for the highest rate within (--sla p99=200ms); null = none.</summary>
    public LatencySla? Sla { get; init; }

    /// <summary>Users of every rate step: the largest --users count.</summary>
    public int RateUsers => Users.Max();

    public bool HasCpuStudy => Cpus is not null || HtOn || HtOff || Affinity;

    /// <summary>Checks the combination; one-line <see cref="UserError"/> for what cannot work.</summary>
    public SweepPlan Validate()
    {
        if (HasCpuStudy && ServerPid is null)
        {
            throw new UserError($"--cpus/--ht/--affinity pin a local server's CPUs; give its main pid with --server-pid ({EngineCatalog.ServerPidHints})");
        }

        if (ServerPid is < 1)
        {
            throw new UserError($"--server-pid {ServerPid} is not a process id; give the server's main pid");
        }

        if (Users.Count == 0 || Users.Any(static u => u < 1))
        {
            throw new UserError("--users needs counts of at least 1, e.g. --users 1,2,4,8 or --users 1..64 (doubling)");
        }

        if (Cpus is { } cpus && (cpus.Count == 0 || cpus.Any(static c => c < 1)))
        {
            throw new UserError("--cpus needs counts of at least 1, e.g. --cpus 1,2,4,8 or --cpus all");
        }

        if (Sla is not null && Rates is null)
        {
            throw new UserError("--sla is the highest rate within a latency limit; give the rates to try with --rates, e.g. --rates 10000..80000 --sla p99=200ms");
        }

        if (StepDuration <= TimeSpan.Zero)
        {
            throw new UserError("--duration (of each step) must be positive, e.g. 2m or 30s");
        }

        if (ThinkTime > TimeSpan.Zero && Rates is not null)
        {
            throw new UserError("--think-time paces the users of a users sweep; a rate sweep (--rates) schedules the orders itself: drop one of them.");
        }

        if (ThresholdPercent is < 0 or > 1000 || double.IsNaN(ThresholdPercent))
        {
            throw new UserError($"--peak-threshold {ThresholdPercent} is out of range; give a percentage such as 5");
        }

        // A user's label never shares a key with one the sweep sets itself (or analyze derives from the CPU sets): the
        // same key would then mean two things in one results folder.
        IReadOnlyList<string> reserved = HasCpuStudy ? [.. SweepRunner.LabelKeys, .. SweepRunner.CpuSetLabelKeys] : SweepRunner.LabelKeys;
        if (Labels.Keys.FirstOrDefault(k => reserved.Contains(k, StringComparer.OrdinalIgnoreCase)) is { } taken)
        {
            throw new UserError($"--label {taken}={Labels[taken]}: '{taken}' is a label the sweep sets on every step itself ({string.Join(", ", reserved)}); give yours another name, e.g. --label my_{taken}={Labels[taken]}");
        }

        return this;
    }

    /// <summary>The CPU sets of the study on this machine, with a line for each part it cannot offer.</summary>
    public CpuPlan PlanCpus(CpuLayout layout)
    {
        if (DriverCpus is { } driver)
        {
            if (layout.Without(driver.ToHashSet()) is not { } left)
            {
                return new CpuPlan([], [$"every online CPU is the driver's (--driver-cpus {CpuList.Format(driver)}); no CPU set is left for the server"]);
            }

            layout = left;
        }

        var planner = new CpuSetPlanner(layout);
        var plan = CpuPlan.Empty;
        if (Cpus is { } cpus)
        {
            plan = plan.Add(planner.VcpuScaling(cpus.Contains(AllCpus) ? CpuSetPlanner.Doubling(layout.OnlineCpus.Count) : cpus, Fill));
        }

        if (HtOn || HtOff)
        {
            plan = plan.Add(planner.HyperThreading(null, HtOn, HtOff));
        }

        if (Affinity)
        {
            plan = plan.Add(planner.Affinity());
        }

        return plan;
    }

    /// <summary>Stands for "all": 1, 2, 4 … every online CPU.</summary>
    public const int AllCpus = int.MaxValue;
}
