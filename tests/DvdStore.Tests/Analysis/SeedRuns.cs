namespace DvdStore.Tests.Analysis;

/// <summary>
/// The published DS3 studies (VMware's published DS3 results) as result files carrying their figures: Project Capstone
/// (4 × 120 and 16 × 30 vCPU VMs at 90.0 % of linear from one VM of each shape), the hyper-threading gain (two
/// 112-vCPU VMs at once against one: +27.0 %), generations (a 40-vCPU Westmere-EX VM to a 112-vCPU Skylake VM:
/// 3.90×) and 16 instances × 4 threads normalised to a 126 000-OPM native baseline (0.96×). Each run has a
/// one-minute warm-up and five measured one-minute intervals of exactly its OPM, at a time of its own unless it
/// ran together with its set. A failed and a cancelled run sit among them and must change nothing.
/// </summary>
internal static class SeedRuns
{
    private static readonly DateTimeOffset Day = new(2026, 11, 2, 8, 0, 0, TimeSpan.Zero);

    public static IReadOnlyList<(string File, RunResult Result)> Capstone()
    {
        var runs = new List<(string, RunResult)> { Run("capstone-1x120-vm1.json", 0, 100_000, Oracle, ("scaleout", "1x120vCPU"), ("vcpus", "120"), Smt.On, Capstone64) };
        runs.AddRange(Enumerable.Range(1, 4).Select(i => Run($"capstone-4x120-vm{i}.json", 1, 90_000, Oracle, ("scaleout", "4x120vCPU"), ("vcpus", "120"), Smt.On, Capstone64)));
        runs.Add(Run("capstone-1x30-vm1.json", 2, 30_000, Oracle, ("scaleout", "1x30vCPU"), ("vcpus", "30"), Smt.On, Capstone64));
        runs.AddRange(Enumerable.Range(1, 16).Select(i => Run($"capstone-16x30-vm{i:00}.json", 3, 27_000, Oracle, ("scaleout", "16x30vCPU"), ("vcpus", "30"), Smt.On, Capstone64)));
        runs.Add(Make("capstone-1x120-vm2-cancelled.json", 0, 4_000, RunOutcome.Cancelled, Oracle, ("scaleout", "1x120vCPU"), ("vcpus", "120"), Smt.On, Capstone64));
        return runs;
    }

    /// <summary>One Skylake VM on the 112 physical cores (three repeats), and two such VMs at once filling all 224 threads.</summary>
    public static IReadOnlyList<(string File, RunResult Result)> HyperThreading() =>
    [
        .. SkylakeOneVm(),
        Run("skylake-2x112-vm1.json", 7, 99_060, Oracle, ("scaleout", "ht-two-vms"), ("vcpus", "112"), ("smt", "on"), Skylake),
        Run("skylake-2x112-vm2.json", 7, 99_060, Oracle, ("scaleout", "ht-two-vms"), ("vcpus", "112"), ("smt", "on"), Skylake),
    ];

    /// <summary>Westmere-EX 40 vCPUs and Skylake 112 vCPUs, one VM each, three repeats; a failed Skylake run besides.</summary>
    public static IReadOnlyList<(string File, RunResult Result)> Generations() =>
    [
        Run("westmere-40-r1.json", 8, 39_600, Oracle, ("vcpus", "40"), ("smt", "off"), Westmere),
        Run("westmere-40-r2.json", 9, 40_000, Oracle, ("vcpus", "40"), ("smt", "off"), Westmere),
        Run("westmere-40-r3.json", 10, 40_400, Oracle, ("vcpus", "40"), ("smt", "off"), Westmere),
        .. SkylakeOneVm(),
        Make("skylake-112-r4-failed.json", 11, 20_000, RunOutcome.Failed, Oracle, ("vcpus", "112"), ("smt", "off"), Skylake),
    ];

    /// <summary>One native PostgreSQL at 126 000 OPM, and 16 containers × 4 threads that ran together (7 560 OPM each).</summary>
    public static IReadOnlyList<(string File, RunResult Result)> Containers()
    {
        var runs = new List<(string, RunResult)> { Run("native.json", 12, 126_000, Postgres, ("platform", "native"), ("threads", "64")) };
        runs.AddRange(Enumerable.Range(1, 16).Select(i => Run($"docker-16x4-c{i:00}.json", 13, 7_560, Postgres, ("platform", "docker"), ("threads", "4"), ("scaleout", "docker-16x4"))));
        return runs;
    }

    public static IReadOnlyList<(string File, RunResult Result)> All() =>
        [.. Capstone(), .. HyperThreading(), .. Generations().Where(g => !g.File.StartsWith("skylake-112-r", StringComparison.Ordinal) || g.File.Contains("failed", StringComparison.Ordinal)), .. Containers()];

    public static async Task<string> WriteAsync(string folder, IEnumerable<(string File, RunResult Result)> runs)
    {
        Directory.CreateDirectory(folder);
        foreach (var (file, result) in runs)
        {
            await JsonResultWriter.WriteAsync(result, Path.Combine(folder, file), CancellationToken.None);
        }

        return folder;
    }

    private static IEnumerable<(string, RunResult)> SkylakeOneVm() =>
    [
        Run("skylake-112-r1.json", 4, 154_440, Oracle, ("vcpus", "112"), ("smt", "off"), Skylake),
        Run("skylake-112-r2.json", 5, 156_000, Oracle, ("vcpus", "112"), ("smt", "off"), Skylake),
        Run("skylake-112-r3.json", 6, 157_560, Oracle, ("vcpus", "112"), ("smt", "off"), Skylake),
    ];

    private static readonly ServerContext Oracle = new() { Engine = "oracle", Product = "Oracle Database", Version = "12.2.0.1", Connection = "Data Source=db-vm:1521/ds3" };

    private static readonly ServerContext Postgres = new() { Engine = "postgres", Product = "PostgreSQL", Version = "9.6.5", Connection = "Host=db-host;Port=5432;Database=ds3" };

    private static readonly (string, string) Capstone64 = ("generation", "IvyBridge-EX");

    private static readonly (string, string) Westmere = ("generation", "Westmere-EX");

    private static readonly (string, string) Skylake = ("generation", "Skylake");

    private static class Smt
    {
        public static readonly (string, string) On = ("smt", "on");
    }

    /// <summary>A run at hour <paramref name="slot"/> of the test day: a 60 s warm-up, then five 60 s intervals of <paramref name="opm"/> orders each.</summary>
    private static (string, RunResult) Run(string file, int slot, long opm, ServerContext server, params (string Key, string Value)[] labels) =>
        Make(file, slot, opm, RunOutcome.Completed, server, labels);

    private static (string, RunResult) Make(string file, int slot, long opm, RunOutcome outcome, ServerContext server, params (string Key, string Value)[] labels)
    {
        var start = Day.AddHours(slot);
        var intervals = new List<IntervalSample> { new() { TimestampUtc = start.AddSeconds(60), ElapsedSeconds = 60, SinceStartSeconds = 60, Measured = false, Orders = opm * 9 / 10, TotalOrders = opm * 9 / 10, Opm = opm * 9 / 10, IntervalOpm = opm * 9 / 10 } };
        intervals.AddRange(Enumerable.Range(1, 5).Select(i => new IntervalSample
        {
            TimestampUtc = start.AddSeconds(60 + (60 * i)),
            ElapsedSeconds = 60 * i,
            SinceStartSeconds = 60 + (60 * i),
            Measured = true,
            Orders = opm,
            TotalOrders = opm * i,
            Opm = opm,
            IntervalOpm = opm,
        }));
        var threads = labels.FirstOrDefault(l => l.Key == "threads").Value ?? "64";
        var result = new RunResult
        {
            ToolVersion = "1.0.0-seed",
            RunId = Path.GetFileNameWithoutExtension(file),
            StartUtc = start,
            EndUtc = start.AddSeconds(360),
            Outcome = outcome,
            Error = outcome == RunOutcome.Failed ? "connection lost" : null,
            Parameters = new Dictionary<string, string> { ["db_size"] = "100GB", ["n_threads"] = threads, ["warmup_time"] = "1", ["run_time"] = "5", ["think_time"] = "0" },
            Context = new RunContext
            {
                Client = new ClientContext { Hostname = "driver-" + Path.GetFileNameWithoutExtension(file), CpuModel = "Intel(R) Xeon(R) Gold 6148", Sockets = 2, CoresPerSocket = 20, ThreadsPerCore = 2, NumaNodes = 2, OnlineCpuCount = 80, OnlineCpus = "0-79", AffinityCpus = "0-79", AffinityCpuCount = 80, MemoryBytes = 384L << 30 },
                Servers = [server],
                Labels = labels.Where(l => l.Key != "threads").ToDictionary(l => l.Key, l => l.Value),
            },
            Totals = new RunTotals { Orders = opm * 5, CommittedOrders = opm * 5, MeasuredSeconds = 300, Opm = opm, CommittedOpm = opm, Users = int.Parse(threads, CultureInfo.InvariantCulture) },
            Intervals = intervals,
        };
        return (file, result);
    }
}
