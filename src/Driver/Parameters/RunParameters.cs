using DvdStore.Schema.Engines;

namespace DvdStore.Driver.Parameters;

/// <summary>
/// Every parameter <c>dvdstore run</c> accepts: DS3's driver parameters with DS3's names and defaults
/// (docs/ds3-compatibility.md, "Driver parameters"), then the modern ones. The command's options, --help and the config-file reader all come from here.
/// </summary>
public static class RunParameters
{
    public const string ConfigFile = "config_file";
    public const string JsonConfig = "config";
    public const string Label = "label";

    public static readonly IReadOnlyList<RunParameter> All =
    [
        new(ConfigFile, "File of name=value lines (DS3 format), applied where it appears: parameters are applied left to right, the last one wins. Blank lines and lines starting with # are skipped.", "", true),
        new("target", "Database host(s), ';'-separated for several targets; each replaces the host of --connection (host:port sets the port too). Default: the --connection as given.", "localhost", true),
        new("n_threads", "Virtual users per target (total = n_threads x number of targets).", "1", true),
        new("ramp_rate", "Users started per second.", "10", true),
        new("run_time", "Measured run length in whole minutes after the warm-up (DS3's unit); 0 = until Ctrl-C (DS3's default; ours is 10 minutes).", "10", true),
        new("db_size", "Size the store was loaded with: S, M, L, <n>MB or <n>GB; sets how many customers and products the users pick from. Default: the size recorded in the store.", "10MB", true),
        new("warmup_time", "Warm-up in whole minutes; statistics are reset when it ends (every counter, unlike DS3).", "1", true),
        new("think_time", "Mean think time between orders (uniform on 0..2x mean): a bare number of seconds as DS3, or 500ms, 2s.", "0", true),
        new("pct_newcustomers", "Percent of orders by a newly registered customer.", "20", true),
        new("pct_newmember", "Percent of orders that add a premium membership (same draw as new customers, as DS3).", "1", true),
        new("n_searches", "Mean product searches per order (> 0).", "3", true),
        new("search_batch_size", "Mean rows asked for per search (> 0).", "5", true),
        new("n_reviews", "Mean review searches per order, per review phase (> 0).", "3", true),
        new("pct_newreviews", "Percent of orders that write a review.", "5", true),
        new("pct_newhelpfulness", "Percent of orders that rate a review.", "10", true),
        new("n_line_items", "Mean items per purchase (> 0; at most 10 are sent, as DS3's procedure drivers do).", "5", true),
        new("virt_dir", "DS3 web driver's virtual directory; accepted and recorded, web targets are not driven.", "ds3", true),
        new("page_type", "DS3 web driver's page type; accepted and recorded, web targets are not driven.", "php", true),
        new("windows_perf_host", "DS3's remote Windows CPU hosts; accepted and recorded, not sampled (see the run context).", "", true),
        new("linux_perf_host", "DS3's user:password:host CPU hosts; accepted, recorded without passwords, not sampled.", "", true),
        new("detailed_view", "Y/N: per-target lines every interval when there are several targets.", "N", true),
        new("out_filename", "Also write DS3's CSV of the periodic lines to this file (written atomically at the end).", "", true),
        new("ds2_mode", "Y = DS2 workload: no memberships, review searches, new reviews or ratings.", "N", true),
        new("log_freq", "Seconds between periodic lines.", "10", true),
        new("log_timestamp", "Prefix of periodic lines: NONE, UTC or LOCAL.", "NONE", true),
        new("engine", $"Database engine: {string.Join(", ", EngineCatalog.Names)}.", EngineCatalog.Default.Profile.Name, false),
        new("connection", $"ADO.NET connection string of the store (password from DVDSTORE_PASSWORD / DVDSTORE_PASSWORD_FILE; never printed or saved). Default for {EngineCatalog.Default.Profile.Name}: {EngineCatalog.Default.Profile.DefaultConnection}.", "", false),
        new("users", "Virtual users per target (total = users x number of targets).", "1", false),
        new("size", "Size the store was loaded with (S, M, L, <n>MB, <n>GB); refused when it differs from the size recorded in the store.", "the store's", false),
        new("duration", $"Measured run length after the warm-up: {DurationText.Forms}; 0 = until Ctrl-C.", "10m", false),
        new("warmup", "Warm-up before the measured window (0, 30s, 1m; a bare number is seconds); every counter is reset when it ends.", "1m", false),
        new("out", "Folder for the result JSON and interval CSV.", "results", false),
        new(Label, "key=value label recorded in the result for grouping runs (repeatable), e.g. --label vcpus=96.", "", false),
        new("start_at", "Common UTC start time for several driver processes, e.g. 2026-11-23T10:00:00Z; users connect first, then wait.", "", false),
        new("seed", "Seed of the users' random streams; the same seed replays the same orders per user (DS3 seeded from the clock).", "random", false),
        new("output_format", "Live output: text (DS3 fields plus percentiles, and a table at the end) or ds3 (DS3's lines, its bugs fixed).", "text", false),
        new("cross_check", "Y/N: compare the ORDERS rows the database gained with the orders the driver committed; a difference fails the run.", "Y", false),
        new("reset", "Y/N: reset the store to its as-loaded state (as 'dvdstore reset') before the run; given bare, Y. Without it a store earlier runs changed is refused.", "N", false, Flag: true),
        new("allow_used_store", "Y/N: measure a store earlier runs changed instead of refusing it (soak-style series of runs); given bare, Y. The result records what the store held at the start.", "N", false, Flag: true),
        new("db_down_limit", "How long a database may stay unreachable (users reconnect with backoff) before the run ends with an error: 60, 90s, 2m (a bare number is seconds).", "60", false),
        new("server_metrics", "Host figures of the database server (CPU, run queue, memory, data disk) beside OPM: local (the server runs on this machine), ssh (read over ssh from --server-host) or off; engine counters are read through SQL in every mode. Default: local when the target is on this machine (loopback, socket, an in-process engine), ssh when --server-host is given, else off.", "", false),
        new("server_host", "The server's host for server metrics over ssh: [user@]host[:port], key authentication only (no password is ever asked for).", "", false),
        new("server_data_dir", "The server's data directory on its host: its disk's reads/s, writes/s, MB/s and latency are recorded (IOPS).", "", false),
        new("server_pid", "The server's process id on its host: the busy share of the CPUs it may use (its cpuset/affinity) is recorded.", "", false),
        new("wait_rate", "Samples a second of what the store's sessions wait on (pg_stat_activity, performance_schema or the processlist, dm_exec_requests, v$session), on a connection of its own, in every server-metrics mode; 0 = none.", "10", false),
        new("memory_check", "Y/N: at every log line, collect the driver's managed heap fully and record the live heap beside the resident memory (for soak runs: shows whether the driver's memory grows; each collection pauses the driver briefly).", "N", false),
        new("driver_cpus", "Pin every thread of this driver process to these CPUs (Linux list syntax: 1, 2,3 or 4-7) before the run, e.g. to keep it off the server's CPUs on a shared machine; the result's client context shows them.", "", false),
        new("fleet", "Fleet id: this driver is one of --fleet-size drivers that are ONE run; all start together when every driver has registered in the store's DS_FLEET_MEMBERS table, and the cross-check counts the whole fleet's orders. Use a new id for every fleet run (dvdstore fleet writes the Kubernetes manifest).", "", false),
        new("fleet_size", "Number of drivers in the fleet (with --fleet).", "", false),
        new("fleet_index", "This driver's index in the fleet, 0..fleet_size-1; default: JOB_COMPLETION_INDEX (set by a Kubernetes Indexed Job). It picks the driver's share of the targets (every fleet_size-th one) and users.", "", false),
        new("fleet_users", "Users per target for the whole fleet, split evenly between the drivers (instead of n_threads per driver).", "", false),
        new("fleet_timeout", "How long a fleet driver waits for the others at the start and at the end: 90s, 10m.", "10m", false),
        new("result_stdout", "Y/N: also print the result as one JSON line on stdout (for kubectl logs; analyze reads such lines from any log file).", "N", false),
        new("metrics_port", "Serve live figures (OPM, orders, rollbacks, errors, users, latency histograms) for Prometheus on this port at /metrics; off by default.", "", false),
        new("metrics_host", "Interface the metrics endpoint listens on: * for every interface (a pod), localhost for this machine only.", "*", false),
        new("rate", "Open loop: order starts scheduled as a Poisson process at this many orders per minute (all users together), each order's latency counted from its scheduled start, so a stalled server shows in the percentiles (docs/open-loop.md). Needs enough users to keep up; think_time does not apply. Default: DS3's closed loop.", "", false),
        new(JsonConfig, "Config file, applied where it appears: a JSON object of option names to values (label may be an object), or DS3's name=value lines.", "", false),
    ];

    private static readonly Dictionary<string, RunParameter> ByName = All.ToDictionary(static p => p.Name, StringComparer.OrdinalIgnoreCase);

    /// <summary>The parameter called <paramref name="name"/> (case-insensitive; '-' and '_' are the same), or null.</summary>
    public static RunParameter? Find(string name) =>
        ByName.TryGetValue(Normalize(name), out var parameter) ? parameter : null;

    /// <summary>"start-at" and "start_at" name the same parameter.</summary>
    public static string Normalize(string name) => name.Trim().TrimStart('-').Replace('-', '_');
}
