using System.Diagnostics;
using System.Globalization;
using System.Reflection;
using DvdStore.Driver.Environment;
using DvdStore.Driver.Metrics;
using DvdStore.Driver.Results;
using DvdStore.Driver.ServerMetrics;
using DvdStore.Driver.Sweep;
using DvdStore.Driver.Workload;
using DvdStore.Schema;
using DvdStore.Schema.Engines;

namespace DvdStore.Driver.Running;

/// <summary>
/// Runs the DS3 workload (ds3-facts §4.3–4.6): connects the users at ramp_rate per second, starts them
/// together (optionally at a given UTC time), reports every log_freq seconds, resets statistics after the
/// warm-up, stops after the run time or on cancellation (Ctrl-C/SIGTERM), cross-checks the orders the
/// database gained, and writes the result files.
/// </summary>
public static class DriverRunner
{
    /// <summary>Most users one driver process runs; more belong in several processes started together.</summary>
    public const int MaxUsers = 10_000;

    private static readonly CultureInfo Inv = CultureInfo.InvariantCulture;

    public static async Task<DriverRunOutcome> RunAsync(RunSettings settings, TextWriter output, CancellationToken cancellationToken)
    {
        Validate(settings);
        if (settings.DriverCpus is { } driverCpus)
        {
            // Before anything is printed or detected: the client context must show the pinned CPUs.
            DriverAffinity.Pin(driverCpus);
        }

        var live = new LiveOutput(settings.OutputFormat, settings.LogTimestamp);
        var ds3 = settings.OutputFormat == OutputFormat.Ds3;
        var engineName = string.Join('+', settings.Targets.Select(static t => EngineCatalog.NameOf(t.Engine.Kind)).Distinct());
        var runId = string.Create(Inv, $"{DateTime.UtcNow:yyyyMMdd-HHmmss}-{engineName}-{Guid.NewGuid():N}")[..^26];
        var client = ClientEnvironment.Detect();
        var workload = settings.EffectiveWorkload();
        var products = new WeightedProducts(workload.Products);
        var names = settings.Names;

        if (ds3)
        {
            await output.WriteLineAsync($"Total number of Threads to be Spawned across multiple servers are n_threads: {settings.TotalUsers}").ConfigureAwait(false);
            await output.WriteLineAsync(LiveOutput.Ds3Banner(settings)).ConfigureAwait(false);
            await output.WriteLineAsync("Using Stopwatch (high-resolution monotonic) timer").ConfigureAwait(false);
        }
        else
        {
            await output.WriteLineAsync(string.Create(Inv, $"dvdstore run {runId}: {settings.TotalUsers} users on {settings.Targets.Count} target(s) ({string.Join("; ", names)}), db_size={settings.DbSize}, warm-up {settings.Warmup.TotalSeconds:0} s, run {(settings.RunTime is { } r ? $"{r.TotalSeconds:0} s" : "until stopped")}, seed {settings.Seed}")).ConfigureAwait(false);
        }

        // Every connection below goes through a provider pool sized for the run (results show the connection as given).
        var targets = ConnectionBudget.SizePools(settings);

        // Server facts, the cross-check baseline and the server's connection headroom, once per distinct database.
        var servers = new List<ServerContext>();
        var ordersBefore = new Dictionary<string, long>(StringComparer.Ordinal);
        var headroomChecked = new HashSet<string>(StringComparer.Ordinal);
        for (var i = 0; i < targets.Count; i++)
        {
            // Opened through the sized pool; messages and the result name the connection as given.
            var (target, given) = (targets[i], settings.Targets[i]);
            await using var connection = await target.OpenAsync(cancellationToken).ConfigureAwait(false);
            servers.Add(await DescribeAsync(given, connection, cancellationToken).ConfigureAwait(false));
            await StoreSizeCheck.CheckAsync(given, connection, settings.DbSize, cancellationToken).ConfigureAwait(false);
            if (settings.CrossCheck && !ordersBefore.ContainsKey(target.ConnectionString))
            {
                ordersBefore[target.ConnectionString] = await CountOrdersOrExplainAsync(given, connection, cancellationToken).ConfigureAwait(false);
            }

            if (headroomChecked.Add(target.ConnectionString))
            {
                await ConnectionBudget.CheckServerAsync(settings, given, connection, cancellationToken).ConfigureAwait(false);
            }
        }

        // The server is watched on a connection of its own (the first target's), sampled once per log interval.
        var first = targets[0];
        await using var recorder = ServerMetricsRecorder.Create(settings.EffectiveServerMetrics(), first.Engine.Kind, first.OpenAsync, TimeSpan.FromSeconds(settings.LogFrequencySeconds));
        if (!ds3)
        {
            var scope = settings.Targets.Select(static t => t.ConnectionString).Distinct().Count() > 1 ? $" (first target {names[0]} only)" : "";
            await output.WriteLineAsync(recorder.Describe() + scope).ConfigureAwait(false);
        }

        // Users: user i drives target i mod n (DS3); users of a target share at most 2×CPUs metric shards.
        var metrics = new RunMetrics(settings.Targets.Count, Math.Max(1, 2 * client.AffinityCpuCount));
        var users = new VirtualUser[settings.TotalUsers];
        for (var i = 0; i < users.Length; i++)
        {
            var t = i % settings.Targets.Count;
            users[i] = new VirtualUser(i + 1, t, targets[t], metrics.ShardFor(i / settings.Targets.Count, t), settings.Retry, workload, products, settings.Seed);
        }

        try
        {
            await ConnectAllAsync(settings, users, names, output, ds3, cancellationToken).ConfigureAwait(false);
            if (settings.StartAt is { } startAt && startAt > DateTimeOffset.UtcNow)
            {
                await output.WriteLineAsync(string.Create(Inv, $"Controller: all users connected, waiting for the common start at {startAt.UtcDateTime:yyyy-MM-ddTHH:mm:ss.fff}Z")).ConfigureAwait(false);
                await Task.Delay(startAt - DateTimeOffset.UtcNow, cancellationToken).ConfigureAwait(false);
            }

            await output.WriteLineAsync($"Controller ({Now()}): all threads connected - issuing Start").ConfigureAwait(false);
            return await MeasureAsync(settings, targets, runId, client, servers, ordersBefore, metrics, users, recorder, live, output, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            foreach (var user in users)
            {
                await user.DisposeAsync().ConfigureAwait(false);
            }
        }
    }

    private static async Task<DriverRunOutcome> MeasureAsync(
        RunSettings settings, IReadOnlyList<Schema.Connections.StoreTarget> targets, string runId, ClientContext client, List<ServerContext> servers, Dictionary<string, long> ordersBefore,
        RunMetrics metrics, VirtualUser[] users, ServerMetricsRecorder recorder, LiveOutput live, TextWriter output, CancellationToken cancellationToken)
    {
        var ds3 = live.Format == OutputFormat.Ds3;
        await recorder.StartAsync(cancellationToken).ConfigureAwait(false);
        var frequency = Stopwatch.Frequency;
        var startUtc = DateTimeOffset.UtcNow;
        var start = Stopwatch.GetTimestamp();
        var warmupTicks = (long)(settings.Warmup.TotalSeconds * frequency);
        metrics.Start(start, warmup: warmupTicks > 0);
        var logTicks = settings.LogFrequencySeconds * frequency;
        long? runTicks = settings.RunTime is { } run ? (long)(run.TotalSeconds * frequency) : null;
        long? runEnd = start + warmupTicks + runTicks;
        long? warmupEnd = warmupTicks > 0 ? start + warmupTicks : null;

        using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        using var abort = new CancellationTokenSource();
        string? fatal = null;
        var running = users.Length;
        var userFailures = new List<string>();
        async Task RunUserAsync(VirtualUser user)
        {
            try
            {
                await user.RunAsync(stop.Token, abort.Token).ConfigureAwait(false);
                if (user.FailureMessage is { } message)
                {
                    lock (userFailures)
                    {
                        userFailures.Add(message);
                    }
                }
            }
            catch (OperationCanceledException) when (abort.IsCancellationRequested)
            {
                // Stopped at the end of the grace period.
            }
            catch (Exception e) when (e is DriverFatalException or StoreMismatchException)
            {
                Interlocked.CompareExchange(ref fatal, e.Message, null);
                await stop.CancelAsync().ConfigureAwait(false);
            }
            catch (Exception e)
            {
                Interlocked.CompareExchange(ref fatal, $"user {user.Id} failed unexpectedly: {e.GetType().Name}: {e.Message.Split('\n')[0]}", null);
                await stop.CancelAsync().ConfigureAwait(false);
            }
            finally
            {
                if (Interlocked.Decrement(ref running) == 0 && !stop.IsCancellationRequested)
                {
                    Interlocked.CompareExchange(ref fatal, "every user stopped: " + (userFailures.FirstOrDefault() ?? "no user is left running"), null);
                    await stop.CancelAsync().ConfigureAwait(false);
                }
            }
        }

        // Users block in synchronous providers (SQLite); without enough pool threads the controller's timer
        // continuations starve and the warm-up and run windows drift.
        ThreadPool.GetMinThreads(out var minWorkers, out var minIo);
        ThreadPool.SetMinThreads(Math.Max(minWorkers, users.Length + 8), minIo);
        var memoryAtStart = ProcessMemory.Measure();
        var userTasks = users.Select(u => Task.Run(() => RunUserAsync(u))).ToArray();
        var intervals = new List<IntervalSample>();
        var ds3Csv = new List<string>();
        var monitor = new ClientLoadMonitor(client.AffinityCpuCount);
        var measuredCpu = new List<double>();
        var lastIntervalAt = start;
        var lastLineUtc = startUtc;
        var measuredFromUtc = startUtc;

        async Task IntervalAsync(long now)
        {
            var report = metrics.TakeInterval(now);
            var load = monitor.Sample(report.Measured);
            if (report.Measured)
            {
                measuredCpu.Add(load.CpuPercent);
            }

            var utc = startUtc + TimeSpan.FromSeconds(RunMetrics.Seconds(now - start));
            var server = recorder.ForInterval(lastLineUtc, utc);
            var memory = settings.MemoryCheck ? ProcessMemory.Measure() : new ProcessMemory(ProcessMemory.ResidentBytes(), 0);
            lastLineUtc = utc;
            foreach (var line in live.Interval(utc, report, load.CpuPercent, Volatile.Read(ref running), settings.DetailedView, settings.Names, ServerLiveText.For(server)))
            {
                await output.WriteLineAsync(line).ConfigureAwait(false);
            }

            if (!ds3)
            {
                foreach (var warning in recorder.TakeWarnings())
                {
                    await output.WriteLineAsync("warning: " + warning).ConfigureAwait(false);
                }
            }

            ds3Csv.Add(live.Ds3CsvRow(utc, report));
            intervals.Add(new IntervalSample
            {
                TimestampUtc = utc,
                ElapsedSeconds = report.ElapsedSeconds,
                SinceStartSeconds = report.SinceStartSeconds,
                Measured = report.Measured,
                Orders = report.IntervalOrders,
                TotalOrders = report.Run.Orders,
                Opm = report.Run.Opm,
                IntervalOpm = report.IntervalOpm,
                Rollbacks = report.IntervalRollbacks,
                P50Ms = report.PercentileMs(50),
                P95Ms = report.PercentileMs(95),
                P99Ms = report.PercentileMs(99),
                MaxMs = report.PercentileMs(100),
                ClientCpuPercent = load.CpuPercent,
                SchedulingLagMs = load.MaxLagMs,
                ClientResidentMb = memory.WorkingSetBytes / 1048576.0,
                ClientLiveHeapMb = settings.MemoryCheck ? memory.GcHeapBytes / 1048576.0 : null,
                Users = Volatile.Read(ref running),
                Server = server,
            });
            lastIntervalAt = now;
        }

        var nextLog = start + logTicks;
        long now;
        while (true)
        {
            var next = Math.Min(nextLog, Math.Min(warmupEnd ?? long.MaxValue, runEnd ?? long.MaxValue));
            var wait = Stopwatch.GetElapsedTime(Stopwatch.GetTimestamp(), next);
            try
            {
                if (wait > TimeSpan.Zero)
                {
                    await Task.Delay(wait, stop.Token).ConfigureAwait(false);
                }
            }
            catch (OperationCanceledException)
            {
                now = Stopwatch.GetTimestamp();
                break;
            }

            now = Stopwatch.GetTimestamp();
            if (now >= nextLog)
            {
                await IntervalAsync(now).ConfigureAwait(false);
                nextLog += logTicks;
            }

            if (warmupEnd is { } w && now >= w)
            {
                if (lastIntervalAt != now)
                {
                    await IntervalAsync(now).ConfigureAwait(false);
                }

                metrics.ResetPhase(now);

                // The measured window is the full run time from the actual reset, even when this loop woke late.
                runEnd = now + runTicks;
                measuredFromUtc = startUtc + TimeSpan.FromSeconds(RunMetrics.Seconds(now - start));
                warmupEnd = null;
                nextLog = now + logTicks;
                await output.WriteLineAsync("Stats reset").ConfigureAwait(false);
            }

            if (runEnd is { } e && now >= e)
            {
                break;
            }
        }

        // The closing partial interval, then the summary (users may still finish their current order).
        if (RunMetrics.Seconds(now - lastIntervalAt) >= 0.05)
        {
            await IntervalAsync(now).ConfigureAwait(false);
        }

        var summary = metrics.Summarize(now);
        var endUtc = startUtc + TimeSpan.FromSeconds(RunMetrics.Seconds(now - start));
        await stop.CancelAsync().ConfigureAwait(false);
        var all = Task.WhenAll(userTasks);
        if (await Task.WhenAny(all, Task.Delay(settings.StopGrace, CancellationToken.None)).ConfigureAwait(false) != all)
        {
            await abort.CancelAsync().ConfigureAwait(false);
        }

        await all.ConfigureAwait(false);
        var memoryAtEnd = ProcessMemory.Measure();
        var userOrders = users.Select(static u => u.CompletedOrders).Order().ToArray();
        await monitor.DisposeAsync().ConfigureAwait(false);
        await recorder.StopAsync(cancellationToken).ConfigureAwait(false);
        var serverMetrics = recorder.Summarize(measuredFromUtc, endUtc, startUtc);

        var cancelled = cancellationToken.IsCancellationRequested && fatal is null;
        var findings = new List<Finding>(settings.SetupFindings);
        var sinceStart = metrics.ReadCounters()[0];

        // Server cross-check: every committed purchase is one ORDERS row (all phases, stragglers included).
        CrossCheck? crossCheck = null;
        if (settings.CrossCheck && fatal is null)
        {
            using var checkTimeout = new CancellationTokenSource(TimeSpan.FromMinutes(5));
            long before = 0, after = 0;
            foreach (var (connection, count) in ordersBefore)
            {
                var target = targets.First(t => t.ConnectionString == connection);
                before += count;
                after += await CrossChecker.CountOrdersAsync(target, checkTimeout.Token).ConfigureAwait(false);
            }

            crossCheck = CrossChecker.Compare(before, after, users.Sum(static u => u.CommittedOrders), users.Sum(static u => u.InDoubtOrders));
            if (!crossCheck.Matches)
            {
                var inDoubt = crossCheck.InDoubt > 0 ? string.Create(Inv, $" (and {crossCheck.InDoubt} in doubt)") : "";
                findings.Add(new Finding("cross-check", FindingSeverity.Error, string.Create(Inv, $"the database gained {crossCheck.DatabaseGained} orders but the driver committed {crossCheck.DriverCommitted}{inDoubt}: orders were lost, duplicated, or another client wrote to the store during the run.")));
            }
        }

        var totals = new RunTotals
        {
            Orders = summary.Run.Orders,
            CommittedOrders = summary.Run.CommittedOrders,
            Rollbacks = summary.Run.Rollbacks,
            RollbackPercent = Ds3Formulas.RollbackPercent(summary.Run.Rollbacks, summary.Run.Orders),
            MeasuredSeconds = summary.ElapsedSeconds,
            Opm = Ds3Formulas.Opm(summary.Run.Orders, summary.ElapsedSeconds),
            CommittedOpm = Ds3Formulas.Opm(summary.Run.CommittedOrders, summary.ElapsedSeconds),
            Errors = summary.Run.TotalErrors,
            DeadlockRetries = summary.Run.DeadlockRetries,
            Reconnects = sinceStart.Reconnects,
            Users = Volatile.Read(ref running) + users.Length - users.Count(static u => u.FailureMessage is not null) - Volatile.Read(ref running),
            MinUserOrders = userOrders.Length == 0 ? 0 : userOrders[0],
            MedianUserOrders = userOrders.Length == 0 ? 0 : userOrders[userOrders.Length / 2],
            MaxUserOrders = userOrders.Length == 0 ? 0 : userOrders[^1],
            WorkingSetStartBytes = memoryAtStart.WorkingSetBytes,
            WorkingSetEndBytes = memoryAtEnd.WorkingSetBytes,
            GcHeapStartBytes = memoryAtStart.GcHeapBytes,
            GcHeapEndBytes = memoryAtEnd.GcHeapBytes,
        };

        var meanCpu = measuredCpu.Count == 0 ? 0 : measuredCpu.Average();
        var clientSaturated = meanCpu >= 80 || monitor.PeakLagMs >= 100;
        if (clientSaturated)
        {
            findings.Add(new Finding("client-saturation", FindingSeverity.Warning, string.Create(Inv,
                $"the driver may be limiting the result: its CPU use averaged {meanCpu:F0} % (peak {monitor.PeakCpuPercent:F0} %) of the {client.AffinityCpuCount} CPUs it may use, worst scheduling lag {monitor.PeakLagMs:F0} ms; use fewer users per client or more client CPUs.")));
        }

        findings.AddRange(ServerMetricsFindings.Assess(serverMetrics, summary.Run.CommittedOrders, clientSaturated));
        if (sinceStart.Reconnects > 0)
        {
            findings.Add(new Finding("reconnects", FindingSeverity.Warning, string.Create(Inv, $"{sinceStart.Reconnects} connection(s) were lost and re-opened during the run.")));
        }

        var errorCauses = metrics.ErrorCauses.Snapshot();
        if (totals.Errors > 0)
        {
            var most = errorCauses.Count == 0 ? "" : string.Create(Inv, $"; most often ({errorCauses[0].Count} in the whole run): {errorCauses[0].Cause}");
            findings.Add(new Finding("errors", FindingSeverity.Warning, string.Create(Inv, $"{totals.Errors} order(s) were abandoned after failed calls{most} (see errorCauses and transactions[].errors).")));
        }

        if (userFailures.Count > 0)
        {
            findings.Add(new Finding("users-stopped", FindingSeverity.Warning, $"{userFailures.Count} user(s) stopped early; first: {userFailures[0]}"));
        }

        if (fatal is not null)
        {
            findings.Add(new Finding("fatal", FindingSeverity.Error, fatal));
        }

        if (cancelled)
        {
            findings.Add(new Finding("cancelled", FindingSeverity.Warning, "the run was stopped before its end (Ctrl-C/SIGTERM); figures cover the time actually run."));
        }

        var outcome = fatal is not null || findings.Any(static f => f.Severity == FindingSeverity.Error)
            ? RunOutcome.Failed
            : cancelled ? RunOutcome.Cancelled : RunOutcome.Completed;
        var result = new RunResult
        {
            ToolVersion = ToolVersion(),
            RunId = runId,
            StartUtc = startUtc,
            EndUtc = endUtc,
            Outcome = outcome,
            Error = fatal ?? findings.FirstOrDefault(static f => f.Severity == FindingSeverity.Error)?.Message,
            Parameters = settings.ToParameters(),
            Context = new RunContext { Client = client, Servers = servers, Labels = settings.Labels },
            Totals = totals,
            OrderResponse = summary.OrderResponse,
            Transactions = summary.Transactions,
            Intervals = intervals,
            CrossCheck = crossCheck,
            ServerMetrics = serverMetrics,
            ErrorCauses = errorCauses,
            Findings = findings,
        };

        // Output: DS3's final line(s) or the text table, then the cross-check and findings.
        if (ds3)
        {
            foreach (var line in LiveOutput.Ds3Final(DateTimeOffset.Now, summary))
            {
                await output.WriteLineAsync(line).ConfigureAwait(false);
            }

            await output.WriteLineAsync($"Controller ({Now()}): all threads stopped, exiting").ConfigureAwait(false);
            await output.WriteLineAsync(string.Create(Inv, $"n_purchase_from_start= {sinceStart.CallCounts[(int)TransactionKind.Purchase]} n_rollbacks_from_start= {sinceStart.Rollbacks}")).ConfigureAwait(false);
        }
        else
        {
            foreach (var line in LiveOutput.TextSummary(summary, totals))
            {
                await output.WriteLineAsync(line).ConfigureAwait(false);
            }

            await output.WriteLineAsync("server: " + (serverMetrics.SummaryLine ?? "no server figures in the measured window")).ConfigureAwait(false);
        }

        if (crossCheck is not null)
        {
            await output.WriteLineAsync(CrossChecker.Describe(crossCheck) + (serverMetrics.RunEngineCommits is { } engineCommits ? string.Create(Inv, $"; engine counted {engineCommits} commits") : "")).ConfigureAwait(false);
        }

        foreach (var finding in findings)
        {
            await output.WriteLineAsync($"{finding.Severity.ToString().ToLowerInvariant()}: {finding.Code}: {finding.Message}").ConfigureAwait(false);
        }

        var resultPath = Path.Combine(settings.OutputDirectory, runId + ".result.json");
        var intervalsPath = Path.Combine(settings.OutputDirectory, runId + ".intervals.csv");
        await JsonResultWriter.WriteAsync(result, resultPath, CancellationToken.None).ConfigureAwait(false);
        await CsvTimeSeriesWriter.WriteAsync(intervals, intervalsPath, CancellationToken.None).ConfigureAwait(false);
        string? ds3CsvPath = null;
        if (!string.IsNullOrEmpty(settings.Ds3CsvFile))
        {
            ds3CsvPath = settings.Ds3CsvFile;
            await AtomicFile.WriteAsync(
                ds3CsvPath,
                async stream =>
                {
                    await using var writer = new StreamWriter(stream, leaveOpen: true);
                    await writer.WriteLineAsync(LiveOutput.Ds3CsvHeader).ConfigureAwait(false);
                    foreach (var row in ds3Csv)
                    {
                        await writer.WriteLineAsync(row).ConfigureAwait(false);
                    }
                },
                CancellationToken.None).ConfigureAwait(false);
        }

        await output.WriteLineAsync($"result: {resultPath}").ConfigureAwait(false);
        if (ds3)
        {
            await output.WriteLineAsync("Run over").ConfigureAwait(false);
        }

        return new DriverRunOutcome(result, resultPath, intervalsPath, ds3CsvPath);
    }

    private static async Task ConnectAllAsync(RunSettings settings, VirtualUser[] users, IReadOnlyList<string> names, TextWriter output, bool ds3, CancellationToken cancellationToken)
    {
        var gate = new SemaphoreSlim(1, 1);
        async Task ConnectAsync(VirtualUser user, int index)
        {
            var delay = TimeSpan.FromSeconds(index / settings.RampRate);
            if (delay > TimeSpan.Zero)
            {
                await Task.Delay(delay, cancellationToken).ConfigureAwait(false);
            }

            await user.ConnectAsync(cancellationToken).ConfigureAwait(false);
            if (ds3)
            {
                await gate.WaitAsync(cancellationToken).ConfigureAwait(false);
                try
                {
                    await output.WriteLineAsync($"Thread {user.Id}: connected to {names[user.TargetIndex]}").ConfigureAwait(false);
                }
                finally
                {
                    gate.Release();
                }
            }
        }

        var tasks = users.Select((u, i) => ConnectAsync(u, i)).ToArray();
        try
        {
            await Task.WhenAll(tasks).ConfigureAwait(false);
        }
        catch (UserError) when (tasks.FirstOrDefault(static t => t.IsFaulted)?.Exception?.InnerException is UserError first)
        {
            throw first;
        }
    }

    private static async Task<ServerContext> DescribeAsync(Schema.Connections.StoreTarget target, System.Data.Common.DbConnection connection, CancellationToken cancellationToken)
    {
        ServerFacts? facts = null;
        try
        {
            facts = await target.Engine.DescribeServerAsync(connection, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (e is not OperationCanceledException)
        {
            // Facts are context, not a reason to refuse the run; the result shows them empty.
        }

        return new ServerContext
        {
            Engine = EngineCatalog.NameOf(target.Engine.Kind),
            Connection = target.RedactedConnection,
            Product = facts?.Product ?? target.Engine.DisplayName,
            Version = facts?.Version ?? "",
            Settings = facts?.Settings is { } s ? new Dictionary<string, string>(s) : new Dictionary<string, string>(),
        };
    }

    private static async Task<long> CountOrdersOrExplainAsync(Schema.Connections.StoreTarget target, System.Data.Common.DbConnection connection, CancellationToken cancellationToken)
    {
        try
        {
            return await CrossChecker.CountOrdersAsync(connection, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (e is not OperationCanceledException)
        {
            throw new UserError($"{target.Engine.DisplayName} at {target.RedactedConnection} holds no DVD Store ({e.Message.Split('\n')[0].TrimEnd('.')}); load one first with 'dvdstore load'.");
        }
    }

    private static void Validate(RunSettings s)
    {
        if (s.Targets.Count == 0)
        {
            throw new UserError("no target to run against; give --engine and --connection.");
        }

        if (s.UsersPerTarget < 1)
        {
            throw new UserError($"n_threads must be at least 1 (got {s.UsersPerTarget}).");
        }

        if (s.TotalUsers > MaxUsers)
        {
            throw new UserError(string.Create(Inv, $"{s.TotalUsers:N0} users is more than one driver process runs (at most {MaxUsers:N0}); run several driver processes with --start_at."));
        }

        if (s.RampRate <= 0)
        {
            throw new UserError($"ramp_rate must be greater than 0 (got {s.RampRate.ToString(Inv)}).");
        }

        if (s.LogFrequencySeconds < 1)
        {
            throw new UserError($"log_freq must be at least 1 second (got {s.LogFrequencySeconds}).");
        }

        if (s.Warmup < TimeSpan.Zero || s.RunTime < TimeSpan.Zero)
        {
            throw new UserError("warm-up and run time must not be negative.");
        }

        var w = s.Workload;
        if (w.Searches < 1 || w.SearchBatchSize < 1 || w.Reviews < 1 || w.LineItems < 1)
        {
            throw new UserError("n_searches, search_batch_size, n_reviews and n_line_items must be greater than 0.");
        }

        if (w.ThinkTimeSeconds < 0)
        {
            throw new UserError("think_time must not be negative.");
        }

        // Found out before the run, not after it: a run whose result cannot be written is a run wasted.
        AtomicFile.EnsureWritableFolder(s.OutputDirectory, "--out");
        if (!string.IsNullOrEmpty(s.Ds3CsvFile))
        {
            AtomicFile.EnsureWritableFolder(Path.GetDirectoryName(Path.GetFullPath(s.Ds3CsvFile))!, "--out_filename");
        }
    }

    private static string Now() => DateTime.Now.ToString("MM/dd/yyyy h:mm:ss tt", Inv);

    private static string ToolVersion() =>
        typeof(DriverRunner).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion ?? "0.0.0";
}
