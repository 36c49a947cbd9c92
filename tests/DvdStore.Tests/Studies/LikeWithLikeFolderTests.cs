using DvdStore.Analysis;
using DvdStore.Analysis.Reports;
using DvdStore.Cli;
using DvdStore.Tests.Loader;

namespace DvdStore.Tests.Studies;

/// <summary>
/// Issue 27's "Done when": one results folder holding README's study (runs with --label), a users sweep and a CPU-set
/// sweep, all real short runs on the PostgreSQL test server, then <c>analyze</c> of the whole folder. No headline may
/// set unlike runs side by side: each headline's runs (read back from their result files, independently of Analysis)
/// agree on users, size, think time, warm-up, duration, engine and mix unless the studied factor or the headline's own
/// words cover the difference; a pinned-vs-unpinned figure really has a pinned side; a generation figure is not one
/// machine under two names; and runs flagged as measuring the client stay out unless --include-client-bound.
/// </summary>
[Collection(SweepEndToEndCollection.Name)]
public sealed class LikeWithLikeFolderTests : IDisposable
{
    private static readonly string[] MixKeys = ["pct_newcustomers", "pct_newmember", "n_searches", "search_batch_size", "n_reviews", "pct_newreviews", "pct_newhelpfulness", "n_line_items"];

    private static readonly string[] ClientFindings = ["client-bound", "client-saturation", "host-contention", "driver-shares-server-cpus"];

    private readonly string _folder = Path.Combine(Path.GetTempPath(), "dvdstore-like-" + Guid.NewGuid().ToString("N")[..8]);

    [SkippableFact]
    public async Task A_folder_of_the_readme_study_a_users_sweep_and_a_cpu_set_sweep_gives_no_headline_from_unlike_runs()
    {
        var (postmaster, _, probe) = await LocalPostgres.PinnerAsync();
        await probe.DisposeAsync();
        await using var database = await LoaderDatabase.CreateAsync(EngineKind.PostgreSql);
        await database.LoadAsync(TestStore.Smallest.Load(1));
        string[] target = ["--engine", "postgres", "--connection", database.Target.ConnectionString];
        string[] shortRun = ["--duration", "3s", "--warmup", "1s"];
        var results = Path.Combine(_folder, "results");

        // README's study: runs labelled by hand, one with think time; the store reset after each.
        await CliAsync(["run", .. target, "--users", "2", .. shortRun, "--label", "generation=lab-box", "--label", "vcpus=2", "--out", Path.Combine(results, "study")]);
        await CliAsync(["reset", .. target]);
        await CliAsync(["run", .. target, "--users", "2", "--think_time", "0.05", .. shortRun, "--label", "generation=lab-box", "--label", "vcpus=2", "--out", Path.Combine(results, "study")]);
        await CliAsync(["reset", .. target]);

        // A users sweep (unpinned) and a CPU-set sweep of the local server.
        await CliAsync(["sweep", .. target, "--users", "1,2", .. shortRun, "--reset-between", "--seed", "7", "--out", Path.Combine(results, "users")]);
        await CliAsync(["reset", .. target]);
        await CliAsync(["sweep", .. target, "--server-pid", postmaster.ToString(CultureInfo.InvariantCulture), "--cpus", "1,2", "--users", "1,2", .. shortRun, "--reset-between", "--seed", "7", "--out", Path.Combine(results, "cpus")]);

        var files = Directory.GetFiles(results, "*.json", SearchOption.AllDirectories)
            .Where(f => !f.Contains(Path.DirectorySeparatorChar + "report" + Path.DirectorySeparatorChar, StringComparison.Ordinal) && Path.GetFileName(f) != "sweep.json")
            .ToDictionary(f => Path.GetFileName(f), RunResultReader.Read, StringComparer.Ordinal);
        Assert.True(files.Count == 8, $"expected 2 study runs, 2 users-sweep steps and 4 CPU-set steps, found {files.Count}: {string.Join(", ", files.Keys)}");

        foreach (var includeClientBound in new[] { false, true })
        {
            var options = new StudyReportOptions { Analysis = new() { IncludeClientBound = includeClientBound } };
            var report = await StudyReport.WriteAsync([results], Path.Combine(_folder, $"report-{includeClientBound}"), options, TextWriter.Null, TextWriter.Null, CancellationToken.None);
            var headlines = report.Studies.Where(s => s.Missing is null).SelectMany(s => s.Headlines.Select(h => (Study: s.Name, Headline: h))).ToList();
            var all = string.Join("\n", headlines.Select(h => $"[{h.Study}] {h.Headline.Statement} <- {string.Join(", ", h.Headline.Runs)}"));
            Assert.True(!includeClientBound || headlines.Count > 0, "no headline at all even with --include-client-bound: the folder tests nothing");
            foreach (var (study, headline) in headlines)
            {
                Assert.True(headline.Runs.Count > 0, $"[{study}] '{headline.Statement}' names no run\n{all}");
                var runs = headline.Runs.Select(name => files.TryGetValue(name, out var r) ? r : throw new Xunit.Sdk.XunitException($"'{headline.Statement}' names {name}, which is no result in the folder")).ToList();
                AssertLikeWithLike(study, headline, runs, all);
                if (!includeClientBound)
                {
                    var flagged = headline.Runs.Where(n => files[n].Findings.Any(f => ClientFindings.Contains(f.Code))).ToList();
                    Assert.True(flagged.Count == 0, $"[{study}] '{headline.Statement}' rests on runs that measured the client: {string.Join(", ", flagged)}\n{all}");
                }
            }
        }
    }

    public void Dispose()
    {
        if (Directory.Exists(_folder))
        {
            Directory.Delete(_folder, recursive: true);
        }
    }

    /// <summary>The runs of one headline agree on everything but what it studies, or the statement names the difference.</summary>
    private static void AssertLikeWithLike(string study, Headline headline, IReadOnlyList<RunResult> runs, string all)
    {
        var studied = headline.Studied.Select(FactorOfLabel).ToHashSet(StringComparer.Ordinal);
        var facts = new (string Factor, string[] Words, Func<RunResult, string> Value)[]
        {
            ("users", ["threads", "users"], r => Parameter(r, "n_threads")),
            ("size", ["size"], r => Parameter(r, "db_size")),
            ("think", ["think"], r => Parameter(r, "think_time")),
            ("warmup", ["warm"], r => Parameter(r, "warmup_time")),
            ("duration", ["duration"], r => Parameter(r, "run_time")),
            ("engine", ["engine", "version"], r => string.Join(";", r.Context.Servers.Select(s => $"{s.Product} {s.Version}"))),
            ("mix", ["mix"], r => string.Join(",", MixKeys.Select(k => Parameter(r, k)))),
            ("cpus", ["vcpu"], r => ServerCpus(r).ToString(CultureInfo.InvariantCulture)),
            ("pinning", ["pinned", "affinity"], r => Pinned(r) ? "pinned" : "unpinned"),
        };
        foreach (var (factor, words, value) in facts)
        {
            var values = runs.Select(value).Distinct(StringComparer.Ordinal).ToList();
            var stated = words.Any(w => headline.Statement.Contains(w, StringComparison.OrdinalIgnoreCase));
            Assert.True(values.Count == 1 || studied.Contains(factor) || stated,
                $"[{study}] '{headline.Statement}' compares runs of different {factor} ({string.Join(" vs ", values)}) without saying so\n{all}");
        }

        if (headline.Studied.Contains("affinity"))
        {
            Assert.True(runs.Select(Pinned).Distinct().Count() == 2, $"[{study}] '{headline.Statement}' has no truly pinned side (a set of every online CPU is no pinning)\n{all}");
        }

        if (headline.Studied.Contains("generation"))
        {
            var machines = runs.Select(r => r.Context.Client.CpuModel + "@" + r.Context.Client.Hostname).Distinct(StringComparer.Ordinal).Count();
            Assert.True(machines > 1, $"[{study}] '{headline.Statement}' compares one machine with itself under two generation names\n{all}");
        }
    }

    private static string FactorOfLabel(string label) => label switch
    {
        "threads" => "users",
        "vcpus" => "cpus",
        "affinity" => "pinning",
        _ => label,
    };

    /// <summary>The CPUs the server could use: the sweep's set, else every online CPU (server and driver share one machine here).</summary>
    private static int ServerCpus(RunResult r) =>
        r.Context.Labels.TryGetValue("cpus", out var cpus) && r.Context.Labels.GetValueOrDefault("cpu_set") != "unpinned" ? int.Parse(cpus, CultureInfo.InvariantCulture) : r.Context.Client.OnlineCpuCount;

    private static bool Pinned(RunResult r) => ServerCpus(r) < r.Context.Client.OnlineCpuCount;

    private static string Parameter(RunResult r, string key) => r.Parameters.TryGetValue(key, out var v) ? v : "";

    private static async Task CliAsync(string[] args)
    {
        var output = new StringWriter();
        var error = new StringWriter();
        var code = await CliApp.RunAsync(args, output, error, CancellationToken.None);
        Assert.True(code == 0, $"{string.Join(' ', args.Take(1))} exit {code}: {error}\n{output}");
    }
}
