using System.Globalization;
using DvdStore.Driver.Results;
using DvdStore.Driver.Workload;
using DvdStore.Monitoring;
using DvdStore.Monitoring.Proc;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Sizing;

namespace DvdStore.Driver.Running;

/// <summary>
/// Everything a run needs, already validated. The CLI builds it from DS3 parameters and modern options;
/// other code (the quickstart) may build it directly. Defaults are DS3's (docs/ds3-compatibility.md, "Driver parameters").
/// </summary>
public sealed record RunSettings
{
    /// <summary>The databases to drive; users are spread round-robin over them (user i → target i mod n).</summary>
    public required IReadOnlyList<StoreTarget> Targets { get; init; }

    /// <summary>The DS3 names of the targets (host names), for output; defaults to the redacted connections.</summary>
    public IReadOnlyList<string>? TargetNames { get; init; }

    /// <summary>Virtual users per target (DS3 n_threads).</summary>
    public int UsersPerTarget { get; init; } = 1;

    /// <summary>Users connected per second during the ramp.</summary>
    public double RampRate { get; init; } = 10;

    /// <summary>Measured run length; null = until stopped (DS3 run_time 0).</summary>
    public TimeSpan? RunTime { get; init; }

    public TimeSpan Warmup { get; init; } = TimeSpan.FromMinutes(1);

    public StoreSize DbSize { get; init; } = new(10, SizeUnit.MB);

    /// <summary>The order mix; customer and product counts are taken from <see cref="DbSize"/>.</summary>
    public WorkloadSettings Workload { get; init; } = new();

    public int LogFrequencySeconds { get; init; } = 10;

    public LogTimestamp LogTimestamp { get; init; } = LogTimestamp.None;

    public OutputFormat OutputFormat { get; init; } = OutputFormat.Text;

    /// <summary>DS3 detailed_view: per-target lines each interval (with more than one target).</summary>
    public bool DetailedView { get; init; }

    /// <summary>DS3's CSV of periodic lines (out_filename), written at the end; null = none.</summary>
    public string? Ds3CsvFile { get; init; }

    /// <summary>Folder for result.json and the interval CSV.</summary>
    public string OutputDirectory { get; init; } = "results";

    public IReadOnlyDictionary<string, string> Labels { get; init; } = new Dictionary<string, string>();

    /// <summary>Seed of all users' random streams; the same seed replays the same orders per user.</summary>
    public long Seed { get; init; } = System.Environment.TickCount64;

    /// <summary>Common start time (UTC) for several drivers; null = as soon as all users are connected.</summary>
    public DateTimeOffset? StartAt { get; init; }

    public RetryPolicy Retry { get; init; } = new();

    /// <summary>Compare the ORDERS rows the database gained with the orders the driver committed.</summary>
    public bool CrossCheck { get; init; } = true;

    /// <summary>Reset each target's store to its as-loaded state before the run (--reset).</summary>
    public bool ResetStore { get; init; }

    /// <summary>
    /// Measure a store earlier runs have changed (a soak-style series) instead of refusing it (--allow-used-store);
    /// the result records what the store held at the start either way.
    /// </summary>
    public bool AllowUsedStore { get; init; }

    /// <summary>Collect fully at every log line and record the live managed heap (soak runs; off by default: it pauses).</summary>
    public bool MemoryCheck { get; init; }

    /// <summary>How long users may take to finish their last order after the end before their calls are cancelled.</summary>
    public TimeSpan StopGrace { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>Accepted for DS3 compatibility; web targets and remote CPU sampling are not supported.</summary>
    public string VirtDir { get; init; } = "ds3";

    public string PageType { get; init; } = "php";

    public string WindowsPerfHost { get; init; } = "";

    public string LinuxPerfHost { get; init; } = "";

    /// <summary>
    /// What the server is watched with during the run (host figures and engine counters of the first target);
    /// null = the default for that target: local when it is on this machine, else engine counters only.
    /// </summary>
    public ServerMetricsOptions? ServerMetrics { get; init; }

    /// <summary>
    /// CPUs every thread of this process is pinned to before the run starts (--driver-cpus), so the run's client
    /// context shows them; null = the process keeps the CPUs it has. The pin is process-wide and stays after the run.
    /// </summary>
    public IReadOnlyList<int>? DriverCpus { get; init; }

    /// <summary>
    /// This driver's place in a fleet of drivers that are one run (null = a single driver): it starts when the whole
    /// fleet has arrived at the barrier in the database, and its cross-check counts the fleet's commits.
    /// </summary>
    public Fleet.FleetMember? Fleet { get; init; }

    /// <summary>The database whose DS_FLEET_MEMBERS table is the fleet's barrier: the fleet's first target (null = this driver's first).</summary>
    public StoreTarget? FleetBarrierTarget { get; init; }

    /// <summary>How long a fleet driver waits at the start (and at the end) for the other drivers.</summary>
    public TimeSpan FleetTimeout { get; init; } = TimeSpan.FromMinutes(10);

    /// <summary>Also print the result as one JSON line on stdout (collected with e.g. kubectl logs).</summary>
    public bool ResultToStdout { get; init; }

    /// <summary>Serve live figures for Prometheus on this port (null = off: no listener, no instruments).</summary>
    public int? MetricsPort { get; init; }

    /// <summary>Host the metrics endpoint listens on: * (every interface, for a pod) or e.g. localhost.</summary>
    public string MetricsHost { get; init; } = "*";

    /// <summary>
    /// A rate run (--rate): order starts scheduled as a Poisson process at this many orders per minute, spread over the
    /// users, latency counted from each scheduled start; null = DS3's closed loop (each user's next order when its last is done).
    /// </summary>
    public double? TargetOpm { get; init; }

    /// <summary>Told every order's scheduled start, actual start and end in a rate run (Stopwatch timestamps); tests only.</summary>
    internal Action<long, long, long>? OrderTimesObserver { get; init; }

    /// <summary>Added to every checkpoint's write, as a slow disk would; tests only (the window must not depend on it).</summary>
    internal TimeSpan CheckpointDelay { get; init; }

    /// <summary>Findings known before the run (e.g. a sweep step's CPU placement), recorded with the run's own.</summary>
    public IReadOnlyList<Finding> SetupFindings { get; init; } = [];

    /// <summary>Server-metrics options with the default applied.</summary>
    public ServerMetricsOptions EffectiveServerMetrics() =>
        ServerMetrics ?? ServerMetricsDefaults.Resolve(null, null, null, null, Targets[0]);

    public int TotalUsers => UsersPerTarget * Targets.Count;

    public IReadOnlyList<string> Names => TargetNames ?? Targets.Select(static t => t.RedactedConnection).ToList();

    /// <summary>The workload with the store's counts filled in from <see cref="DbSize"/>.</summary>
    public WorkloadSettings EffectiveWorkload()
    {
        var counts = RowCounts.For(DbSize);
        return Workload with { Customers = counts.Customers, Products = counts.Products };
    }

    /// <summary>Every effective parameter by its DS3 name (plus the modern ones); connections without passwords.</summary>
    public IReadOnlyDictionary<string, string> ToParameters()
    {
        static string F(double value) => value.ToString(CultureInfo.InvariantCulture);
        var w = Workload;
        var parameters = new SortedDictionary<string, string>(StringComparer.Ordinal)
        {
            ["target"] = string.Join(';', Names),
            ["n_threads"] = UsersPerTarget.ToString(CultureInfo.InvariantCulture),
            ["ramp_rate"] = F(RampRate),
            ["run_time"] = RunTime is { } run ? F(run.TotalMinutes) : "0",
            ["db_size"] = DbSize.ToString(),
            ["warmup_time"] = F(Warmup.TotalMinutes),
            ["think_time"] = F(w.ThinkTimeSeconds),
            ["virt_dir"] = VirtDir,
            ["page_type"] = PageType,
            ["windows_perf_host"] = WindowsPerfHost,
            ["linux_perf_host"] = RedactPerfHosts(LinuxPerfHost),
            ["detailed_view"] = DetailedView ? "Y" : "N",
            ["out_filename"] = Ds3CsvFile ?? "",
            ["log_freq"] = LogFrequencySeconds.ToString(CultureInfo.InvariantCulture),
            ["log_timestamp"] = LogTimestamp.ToString().ToUpperInvariant(),
            ["engine"] = string.Join(';', Targets.Select(static t => t.Engine.Profile.Name).Distinct()),
            ["connection"] = string.Join(';', Targets.Select(static t => t.RedactedConnection)),
            ["seed"] = Seed.ToString(CultureInfo.InvariantCulture),
            ["start_at"] = StartAt?.UtcDateTime.ToString("O", CultureInfo.InvariantCulture) ?? "",
            ["output_format"] = OutputFormat.ToString().ToLowerInvariant(),
            ["out"] = OutputDirectory,
            ["cross_check"] = CrossCheck ? "Y" : "N",
            ["memory_check"] = MemoryCheck ? "Y" : "N",
            ["reset"] = ResetStore ? "Y" : "N",
            ["allow_used_store"] = AllowUsedStore ? "Y" : "N",
            ["database_down_limit_s"] = F(Retry.DatabaseDownLimit.TotalSeconds),
            ["server_metrics"] = Targets.Count == 0 ? "" : EffectiveServerMetrics().Mode.ToString().ToLowerInvariant(),
            ["server_host"] = Targets.Count == 0 ? "" : EffectiveServerMetrics().Host?.ToString() ?? "",
            ["server_data_dir"] = ServerMetrics?.DataDirectory ?? "",
            ["server_pid"] = ServerMetrics?.ServerPid?.ToString(CultureInfo.InvariantCulture) ?? "",
            ["wait_rate"] = Targets.Count == 0 ? "" : EffectiveServerMetrics().WaitsPerSecond.ToString(CultureInfo.InvariantCulture),
            ["fleet"] = Fleet?.FleetId ?? "",
            ["fleet_size"] = Fleet?.Size.ToString(CultureInfo.InvariantCulture) ?? "",
            ["fleet_index"] = Fleet?.Index.ToString(CultureInfo.InvariantCulture) ?? "",
            ["fleet_timeout_s"] = Fleet is null ? "" : F(FleetTimeout.TotalSeconds),
            ["result_stdout"] = ResultToStdout ? "Y" : "N",
            ["metrics_port"] = MetricsPort?.ToString(CultureInfo.InvariantCulture) ?? "",
            ["driver_cpus"] = DriverCpus is { } cpus ? CpuList.Format(cpus) : "",
            ["rate"] = TargetOpm is { } rate ? F(rate) : "",
        };
        foreach (var (name, value) in w.MixParameters())
        {
            parameters[name] = value;
        }

        return parameters;
    }

    /// <summary>DS3's linux_perf_host entries are user:password:host; the password never leaves the process.</summary>
    public static string RedactPerfHosts(string hosts) =>
        string.Join(';', hosts.Split(';').Select(static h => h.Split(':') is [var user, _, var host] ? $"{user}:***:{host}" : h));
}
