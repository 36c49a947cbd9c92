using System.Globalization;
using DvdStore.Driver.Environment;
using DvdStore.Driver.Fleet;
using DvdStore.Driver.Metrics;
using DvdStore.Driver.Results;
using DvdStore.Driver.Workload;
using DvdStore.Monitoring;
using DvdStore.Schema.Engines;

namespace DvdStore.Driver.Running;

/// <summary>
/// Runs the DS3 workload (docs/ds3-compatibility.md, "A driver run"), one step after the other: check the settings and the targets,
/// connect the users at ramp_rate per second, start them together (optionally at a given UTC time), measure
/// (<see cref="MeasurementLoop"/>), cross-check the orders the database gained, assess the findings, build the
/// result and write it.
/// </summary>
public static class DriverRunner
{
    /// <summary>Most users one driver process runs; more belong in several processes started together.</summary>
    public const int MaxUsers = RunSettingsCheck.MaxUsers;

    private static readonly CultureInfo Inv = CultureInfo.InvariantCulture;

    public static async Task<DriverRunOutcome> RunAsync(RunSettings settings, TextWriter output, CancellationToken cancellationToken)
    {
        RunSettingsCheck.Validate(settings);
        if (settings.DriverCpus is { } driverCpus)
        {
            // Before anything is printed or detected: the client context must show the pinned CPUs.
            DriverAffinity.Pin(driverCpus);
        }

        var live = new LiveOutput(settings.OutputFormat, settings.LogTimestamp);
        var ds3 = settings.OutputFormat == OutputFormat.Ds3;
        var runId = NewRunId(settings);
        var client = ClientEnvironment.Detect();
        var workload = settings.EffectiveWorkload();
        await PrintBannerAsync(settings, runId, ds3, output).ConfigureAwait(false);

        // Every connection below goes through a provider pool sized for the run (results show the connection as given).
        var targets = ConnectionBudget.SizePools(settings);
        var crossCheck = new OrdersCrossCheck();
        var servers = await RunPreflight.CheckAsync(settings, targets, crossCheck, ds3 ? TextWriter.Null : output, cancellationToken).ConfigureAwait(false);
        // Held (renewed every heartbeat) until the result is written: a second run, a reset or a drop is refused meanwhile.
        // Drivers started together (--start-at, or the members of a fleet) drive one store from several processes on
        // purpose: they take none, so they do not refuse each other.
        // Searches use the store's own words (a store DS3 generated holds DS3's): a bounded sample by key lookups.
        workload = workload with { Terms = await SearchTerms.SampleAsync(targets[0], workload.Products, settings.Seed, cancellationToken).ConfigureAwait(false) };
        if (!ds3)
        {
            await output.WriteLineAsync($"search terms: from {workload.Terms.Origin}").ConfigureAwait(false);
        }

        // What this run measures, recorded in the result: analyze compares runs of one workload only.
        var identity = DvdStoreWorkload.Identify(settings.Targets.Select(static t => t.Engine), workload);
        if (!ds3)
        {
            await output.WriteLineAsync($"workload: {identity.Key()}").ConfigureAwait(false);
            if (DriverGcBudget.Note(System.Environment.Version, System.Environment.GetEnvironmentVariable) is { } gcNote)
            {
                await output.WriteLineAsync(gcNote).ConfigureAwait(false);
            }
        }

        await using var leases = settings.StartAt is null && settings.Fleet is null
            ? await Loader.Store.StoreLeases.AcquireAsync(settings.Targets, Loader.Store.StoreLeases.Holder($"dvdstore run {runId}"), cancellationToken).ConfigureAwait(false)
            : null;

        // The server is watched on a connection of its own (the first target's), sampled once per log interval.
        var first = targets[0];
        await using var recorder = ServerMetricsRecorder.Create(settings.EffectiveServerMetrics(), first.Engine.Kind, first.OpenAsync, TimeSpan.FromSeconds(settings.LogFrequencySeconds));
        if (!ds3)
        {
            var scope = settings.Targets.Select(static t => t.ConnectionString).Distinct().Count() > 1 ? $" (first target {settings.Names[0]} only)" : "";
            await output.WriteLineAsync(recorder.Describe() + scope).ConfigureAwait(false);
        }

        var metrics = new RunMetrics(settings.Targets.Count, Math.Max(1, 2 * client.AffinityCpuCount));

        // Live metrics only when asked for (before the users' shards exist, so their calls are observed).
        UserSupervisor? running = null;
        using var publisher = settings.MetricsPort is { } port ? LivePublisher.Start(settings.MetricsHost, port, metrics, () => running?.Running ?? 0) : null;
        if (publisher is not null)
        {
            await output.WriteLineAsync($"metrics: live figures for Prometheus at {LivePublisher.Endpoint(settings.MetricsHost, settings.MetricsPort!.Value)}").ConfigureAwait(false);
        }

        var pacing = RatePacing.For(settings);
        await using var supervisor = new UserSupervisor(settings, targets, metrics, workload, new WeightedProducts(workload.Products), pacing);
        running = supervisor;
        // Fencing: a driver that lost its lease (paused past it, cut off, or found it taken) sends nothing more and stops at once.
        if (leases is not null)
        {
            supervisor.FenceWith(leases.CheckAsync);
        }

        using var leaseWatch = leases is { } held ? held.LostToken.Register(() => _ = supervisor.AbortAsync(LeaseFindings.Fenced(held.LostReason ?? "its lease was lost"))) : default;
        await supervisor.ConnectAllAsync(settings.Names, output, ds3, cancellationToken).ConfigureAwait(false);
        // A fleet starts at its barrier in the database; a single driver at --start-at or now.
        var fleet = await FleetRun.StartAsync(settings, output, cancellationToken).ConfigureAwait(false);
        if (fleet is null && settings.StartAt is { } startAt && startAt > DateTimeOffset.UtcNow)
        {
            await output.WriteLineAsync(string.Create(Inv, $"Controller: all users connected, waiting for the common start at {startAt.UtcDateTime:yyyy-MM-ddTHH:mm:ss.fff}Z")).ConfigureAwait(false);
            await Task.Delay(startAt - DateTimeOffset.UtcNow, cancellationToken).ConfigureAwait(false);
        }

        await output.WriteLineAsync($"Controller ({RunResultOutput.ControllerNow()}): all threads connected - issuing Start").ConfigureAwait(false);
        var labels = new Dictionary<string, string>(settings.Labels);
        foreach (var (key, value) in settings.Fleet?.Labels ?? new Dictionary<string, string>())
        {
            labels[key] = value;
        }

        var context = new RunContext { Client = client, Servers = servers, Labels = labels };
        var resultOutput = new RunResultOutput(settings, runId, output);
        var checkpoint = new RunCheckpoint(settings, runId, context, identity, supervisor, resultOutput);
        // The window's edges are counted in the database too, unless other drivers write to the same store on purpose.
        var window = settings.CrossCheck && leases is not null
            ? await WindowProbe.OpenAsync(crossCheck, () => DriverOrderCounts.Read(supervisor, metrics), cancellationToken).ConfigureAwait(false)
            : null;
        var loop = new MeasurementLoop(settings, metrics, supervisor, recorder, client, live, output) { AfterInterval = checkpoint.SaveAsync, IntervalObserver = publisher is null ? null : publisher.Publish, Pacing = pacing, Window = window };
        Measurement measured;
        await using (window)
        {
            measured = await loop.RunAsync(cancellationToken).ConfigureAwait(false);
        }

        var leaseLost = leases is null ? null : await LeaseFindings.CheckAtEndAsync(leases).ConfigureAwait(false);
        var fatal = supervisor.Fatal ?? (leaseLost is null ? null : LeaseFindings.Fenced(leaseLost));
        var cancelled = cancellationToken.IsCancellationRequested && fatal is null;
        var findings = new RunFindings(settings.SetupFindings);

        // Server cross-check: every committed purchase is one ORDERS row (all phases, stragglers included), on every
        // ending, a fatal one included, whenever the database can still be reached.
        // A fleet driver first waits for the others: the databases' gain is then compared with every driver's commits.
        CrossCheck? check = null;
        FleetMembership? membership = null;
        if (fleet is not null)
        {
            (check, membership) = await FleetRun.FinishAsync(fleet, settings, measured.StartUtc, crossCheck, settings.CrossCheck && fatal is null, supervisor.CommittedOrders, supervisor.InDoubtOrders, output).ConfigureAwait(false);
        }
        else if (leaseLost is not null)
        {
            // The store may be another client's by now: its orders must not be reported as this run's lost ones.
            findings.Add(LeaseFindings.Lost(leaseLost));
        }
        else if (settings.CrossCheck)
        {
            check = await TryCrossCheckAsync(crossCheck, supervisor, fatal is not null, findings).ConfigureAwait(false);
        }

        // Other clients that wrote during the run are named (else the cross-check speaks for itself); the leases go at once.
        await LeaseFindings.AddAtEndAsync(leases, check, findings, output).ConfigureAwait(false);
        if (membership is { RosterComplete: false })
        {
            findings.Add(new Finding("fleet-incomplete", FindingSeverity.Warning, $"not every driver of fleet {membership.FleetId} recorded its end within {settings.FleetTimeout.TotalSeconds:0} s, so no cross-check was made; analyze sums the fleet's results."));
        }

        var windowCheck = leaseLost is null ? WindowCheck(measured, findings) : null;
        var totals = RunResultBuilder.Totals(measured, supervisor);
        var errorCauses = metrics.ErrorCauses.Snapshot();
        findings.AddMeasured(measured, totals, errorCauses, client.AffinityCpuCount);
        // A rate run's users wait for their starts: a quiet span is a stall only when it outlasts many gaps between starts.
        findings.AddRange(StallFindings.Assess(measured.Intervals, settings.TargetOpm is { } rate ? 2.5 * 60 / rate : workload.ThinkTimeSeconds));
        var openLoop = measured.OpenLoop;
        if (openLoop is not null)
        {
            (openLoop, var rateFinding) = RateFindings.Assess(openLoop, totals.Orders, settings.TotalUsers, findings.All.Any(static f => f.Code == "client-saturation"), measured.ServerMetrics);
            if (rateFinding is not null)
            {
                findings.Add(rateFinding);
            }
        }

        findings.AddEnding(supervisor.Failures, fatal, cancelled);

        var result = RunResultBuilder.Build(settings, runId, context, identity, measured, totals, check, errorCauses, findings, fatal, cancelled, membership, openLoop, windowCheck);
        await resultOutput.PrintSummaryAsync(result, measured).ConfigureAwait(false);
        var outcome = await resultOutput.WriteAsync(result, measured.Ds3CsvRows).ConfigureAwait(false);
        await resultOutput.PrintEndAsync().ConfigureAwait(false);
        if (settings.ResultToStdout)
        {
            await output.WriteLineAsync(JsonResultWriter.ToJsonLine(result)).ConfigureAwait(false);
        }

        return outcome;
    }

    /// <summary>
    /// The cross-check, or null with a finding saying why when the database cannot be counted (down, store dropped,
    /// rights revoked). After a fatal error the count gets less time: the database may be the reason.
    /// </summary>
    private static async Task<CrossCheck?> TryCrossCheckAsync(OrdersCrossCheck crossCheck, UserSupervisor supervisor, bool fatal, RunFindings findings)
    {
        try
        {
            return await crossCheck.CompareAsync(supervisor.CommittedOrders, supervisor.InDoubtOrders, fatal ? TimeSpan.FromSeconds(30) : TimeSpan.FromMinutes(5)).ConfigureAwait(false);
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            findings.Add(new Finding("cross-check-unavailable", FindingSeverity.Warning, string.Create(Inv,
                $"the orders could not be counted after the run ({e.Message.Split('\n')[0].Trim().TrimEnd('.')}); the driver committed {supervisor.CommittedOrders} order(s), {supervisor.InDoubtOrders} more in doubt: check the store before trusting it.")));
            return null;
        }
    }

    /// <summary>The measured window against the database's counts at its edges, with a finding when they disagree or could not be read.</summary>
    private static WindowCrossCheck? WindowCheck(Measurement measured, RunFindings findings)
    {
        if (measured.Window is not { } reading)
        {
            return null;
        }

        if (reading is not { Start: { } start, End: { } end })
        {
            if (reading.Unavailable is { } why && measured.Summary.ElapsedSeconds > 0)
            {
                findings.Add(new Finding("window-cross-check-unavailable", FindingSeverity.Warning, why + "; the whole-run cross-check still covers every order."));
            }

            return null;
        }

        var windowCheck = WindowCrossChecker.Compare(start, end, measured.Summary.Run.CommittedOrders);
        if (WindowCrossChecker.Assess(windowCheck) is { } mismatch)
        {
            findings.Add(mismatch);
        }

        return windowCheck;
    }

    private static string NewRunId(RunSettings settings)
    {
        var engineName = string.Join('+', settings.Targets.Select(static t => t.Engine.Profile.Name).Distinct());
        return string.Create(Inv, $"{DateTime.UtcNow:yyyyMMdd-HHmmss}-{engineName}-{Guid.NewGuid():N}")[..^26];
    }

    private static async Task PrintBannerAsync(RunSettings settings, string runId, bool ds3, TextWriter output)
    {
        if (ds3)
        {
            await output.WriteLineAsync($"Total number of Threads to be Spawned across multiple servers are n_threads: {settings.TotalUsers}").ConfigureAwait(false);
            await output.WriteLineAsync(LiveOutput.Ds3Banner(settings)).ConfigureAwait(false);
            await output.WriteLineAsync(LiveOutput.Ds3TimerLine).ConfigureAwait(false);
        }
        else
        {
            await output.WriteLineAsync(string.Create(Inv, $"dvdstore run {runId}: {settings.TotalUsers} users on {settings.Targets.Count} target(s) ({string.Join("; ", settings.Names)}), db_size={settings.DbSize}, warm-up {settings.Warmup.TotalSeconds:0} s, run {(settings.RunTime is { } r ? $"{r.TotalSeconds:0} s" : "until stopped")}, seed {settings.Seed}{(settings.TargetOpm is { } target ? $", rate {target:0.##} OPM (open loop)" : "")}")).ConfigureAwait(false);
        }
    }
}
