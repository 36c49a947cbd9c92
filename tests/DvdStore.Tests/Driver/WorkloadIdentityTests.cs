using DvdStore.Analysis.Reading;
using DvdStore.Driver.Workload;

namespace DvdStore.Tests.Driver;

/// <summary>
/// Every run records the workload it measured: the same settings give the same hash run after run, and the hash moves
/// with anything that changes the work of an order (a mix parameter, an engine's statement, the engine, the vocabulary
/// rule), but not with what studies vary (think time, the store's counts).
/// </summary>
public sealed class WorkloadIdentityTests
{
    private static readonly IEngine Sqlite = EngineCatalog.Get(EngineKind.Sqlite);

    private static readonly WorkloadSettings Mix = new() { Terms = SearchTerms.BuiltIn };

    [Fact]
    public async Task Two_runs_with_the_same_settings_record_the_same_workload_and_analyze_reads_it()
    {
        await using var store = await DriverTestStore.CreateAsync(EngineKind.Sqlite);
        var settings = DriverTestStore.ShortRun(store.Target, TimeSpan.FromSeconds(1), TimeSpan.Zero);

        var first = await CompletedRun.RunAsync(settings);
        var second = await CompletedRun.RunAsync(settings with { Seed = 7, ResetStore = true });

        var recorded = RunResultReader.Read(first.Outcome.ResultPath).Workload;
        Assert.NotNull(recorded);
        Assert.Equal(DvdStoreWorkload.Name, recorded.Name);
        Assert.Equal(DvdStoreWorkload.Version, recorded.Version);
        Assert.Matches("^[0-9a-f]{16}$", recorded.Hash);
        Assert.Equal(SearchTerms.SampledRule, recorded.Vocabulary);
        Assert.Equal("20", recorded.Mix["pct_newcustomers"]);
        Assert.Equal(recorded.Key(), RunResultReader.Read(second.Outcome.ResultPath).Workload?.Key());
        Assert.Contains("workload: " + recorded.Key(), first.Output, StringComparison.Ordinal);

        var analyzed = new AnalyzedRun(first.Outcome.ResultPath, RunOrigin.DvdStoreResult, RunResultReader.Read(first.Outcome.ResultPath), new Dictionary<string, string>());
        Assert.Equal(recorded.Key(), analyzed.Workload.Key());
    }

    [Fact]
    public void Every_mix_parameter_moves_the_hash_and_run_settings_do_not()
    {
        var baseline = Identify(Mix).Hash;
        var changed = new Dictionary<string, WorkloadSettings>
        {
            ["pct_newcustomers"] = Mix with { PctNewCustomers = 21 },
            ["pct_newmember"] = Mix with { PctNewMember = 2 },
            ["n_searches"] = Mix with { Searches = 4 },
            ["search_batch_size"] = Mix with { SearchBatchSize = 6 },
            ["n_reviews"] = Mix with { Reviews = 2 },
            ["pct_newreviews"] = Mix with { PctNewReviews = 6 },
            ["pct_newhelpfulness"] = Mix with { PctNewHelpfulness = 11 },
            ["n_line_items"] = Mix with { LineItems = 4 },
            ["ds2_mode"] = Mix with { Ds2Mode = true },
        };
        Assert.Equal(changed.Keys.Order(StringComparer.Ordinal), Mix.MixParameters().Keys);
        foreach (var (name, workload) in changed)
        {
            Assert.True(Identify(workload).Hash != baseline, $"changing {name} left the workload hash at {baseline}");
        }

        Assert.Equal(baseline, Identify(Mix with { ThinkTimeSeconds = 1 }).Hash);
        Assert.Equal(baseline, Identify(Mix with { Customers = 2_000_000, Products = 1_000_000 }).Hash);
    }

    [Fact]
    public void One_changed_statement_moves_the_hash()
    {
        var edited = StatementEditEngine.Of(Sqlite, static ddl => ddl.Replace("LIMIT 10", "LIMIT 11", StringComparison.Ordinal));
        Assert.NotEqual(Sqlite.RenderDdl(SchemaPhase.Programmability), edited.RenderDdl(SchemaPhase.Programmability));

        var original = Identify(Mix);
        var changed = DvdStoreWorkload.Identify([edited], Mix);

        Assert.NotEqual(original.StatementsHash, changed.StatementsHash);
        Assert.NotEqual(original.Hash, changed.Hash);
    }

    [Fact]
    public void Each_engine_is_its_own_workload_and_so_is_each_vocabulary_rule()
    {
        var hashes = EngineCatalog.All.Select(e => DvdStoreWorkload.Identify([e], Mix).Hash).ToList();
        Assert.Equal(EngineCatalog.All.Count, hashes.Distinct().Count());

        Assert.NotEqual(SearchTerms.SampledRule, SearchTerms.BuiltIn.Rule);
        Assert.Equal(SearchTerms.BuiltIn.Rule, Identify(Mix).Vocabulary);
    }

    [Fact]
    public void A_result_written_before_workloads_were_recorded_reads_as_an_unrecorded_dvdstore_workload()
    {
        var old = RunResultReader.Parse(JsonResultWriter.ToJson(new RunResult { RunId = "old" }), "old.json");
        var run = new AnalyzedRun("old.json", RunOrigin.DvdStoreResult, old, new Dictionary<string, string>());

        Assert.Null(old.Workload);
        Assert.Equal(AnalyzedRun.UnrecordedWorkload, run.Workload);
        Assert.NotEqual(Identify(Mix).Key(), run.Workload.Key());
    }

    private static WorkloadIdentity Identify(WorkloadSettings workload) => DvdStoreWorkload.Identify([Sqlite], workload);
}
