using DvdStore.Analysis;
using DvdStore.Analysis.Comparisons;
using DvdStore.Analysis.Reading;
using DvdStore.Studies;
using static DvdStore.Tests.Analysis.AnalysisFixtures;

namespace DvdStore.Tests.Analysis;

/// <summary>
/// Issue 27 item 2 piece by piece: the like-with-like factors derived from what a run recorded, the headline gate shared
/// by every study, a CPU set of every online CPU counting as unpinned, the derived generation giving way to a user's
/// name for the same CPU, and the sweep's labels never sharing a key with a user's.
/// </summary>
public sealed class LikeWithLikeTests
{
    [Fact]
    public void Think_time_warm_up_duration_class_mix_and_engine_version_become_labels()
    {
        var result = Recorded(("think_time", "1"), ("warmup_time", "0.5"), ("run_time", "10"), ("n_searches", "5"));

        var labels = ContextLabels.Derive(result);

        Assert.Equal("1 s", labels[LabelKeys.ThinkTime]);
        Assert.Equal("30 s", labels[LabelKeys.Warmup]);
        Assert.Equal("5-20 min", labels[LabelKeys.Duration]);
        Assert.Equal("n_searches=5", labels[LabelKeys.Mix]);
        Assert.Equal("15.18", labels[LabelKeys.EngineVersion]);
        Assert.Equal("default", ContextLabels.Derive(Recorded(("n_searches", "3"), ("pct_newcustomers", "20")))[LabelKeys.Mix]);
    }

    [Fact]
    public void Runs_that_differ_in_think_time_are_not_repeats_and_a_headline_across_users_says_so()
    {
        var runs = new[]
        {
            Labelled("a.json", 2_000, ("affinity", "unpinned"), ("threads", "2"), ("think_time", "0 s")),
            Labelled("b.json", 1_000, ("affinity", "pinned"), ("threads", "1"), ("think_time", "0 s")),
            Labelled("c.json", 9_000, ("affinity", "pinned"), ("threads", "1"), ("think_time", "1 s")),
        };
        var input = Input(runs);

        var result = HeadlineGate.Apply(new AffinityEffect().Analyze(input), input);

        Assert.Equal(3, input.Configurations.Count);
        var headline = Assert.Single(result.Headlines);
        Assert.Contains("[unlike: threads 1 vs 2]", headline.Statement, StringComparison.Ordinal);
        Assert.Equal(["a.json", "b.json"], headline.Runs);
    }

    [Fact]
    public void A_headline_resting_on_runs_that_measured_the_client_is_left_out_with_why_unless_asked()
    {
        var shared = new Finding("driver-shares-server-cpus", FindingSeverity.Warning, "shares");
        var runs = new[]
        {
            Labelled("one.json", 1_000, ("vcpus", "1")),
            Labelled("two.json", 1_500, [shared], ("vcpus", "2")),
        };

        var result = HeadlineGate.Apply(new VcpuScaling().Analyze(Input(runs)), Input(runs));
        var asked = HeadlineGate.Apply(new VcpuScaling().Analyze(Input(runs)), Input(runs, new AnalysisOptions { IncludeClientBound = true }));

        Assert.Empty(result.Headlines);
        var left = Assert.Single(result.LeftOut);
        Assert.Contains("two.json: driver-shares-server-cpus", left.Why, StringComparison.Ordinal);
        Assert.Single(asked.Headlines);
    }

    [Fact]
    public void A_sweep_set_of_every_online_cpu_is_unpinned_and_a_smaller_one_pinned()
    {
        static RunResult Step(string cpus) => new()
        {
            Context = new RunContext
            {
                Client = new ClientContext { OnlineCpuCount = 2 },
                Labels = new Dictionary<string, string> { ["cpu_set"] = $"vcpu-{cpus}", ["cpus"] = cpus, ["cpu_study"] = "vcpu" },
            },
        };

        Assert.Equal("unpinned", ContextLabels.Derive(Step("2"))[LabelKeys.Affinity]);
        Assert.Equal("pinned", ContextLabels.Derive(Step("1"))[LabelKeys.Affinity]);
    }

    [Fact]
    public void The_generation_derived_from_a_cpu_model_gives_way_to_the_users_name_for_that_cpu()
    {
        static AnalyzedRun Local(string file, string model, params (string Key, string Value)[] own)
        {
            var result = new RunResult
            {
                Context = new RunContext
                {
                    Client = new ClientContext { Hostname = "box", CpuModel = model },
                    Servers = [new ServerContext { Engine = "postgres", Connection = "Host=127.0.0.1" }],
                    Labels = own.ToDictionary(l => l.Key, l => l.Value),
                },
            };
            return new AnalyzedRun("/r/" + file, RunOrigin.DvdStoreResult, result, ContextLabels.Derive(result));
        }

        var runs = AutomaticLabels.Reconcile(
        [
            Local("study.json", "AMD EPYC 7B13", ("generation", "EPYC-shared")),
            Local("sweep.json", "AMD EPYC 7B13"),
            Local("other.json", "Intel Xeon Gold 6148"),
        ]);

        Assert.Equal(["EPYC-shared", "EPYC-shared", "Intel Xeon Gold 6148"], runs.Select(r => r.Label(LabelKeys.Generation)));
    }

    [Theory]
    [InlineData("cpus=big", false)]
    [InlineData("users=many", false)]
    [InlineData("vcpus=96", true)]
    public void A_sweep_label_of_a_key_the_sweep_sets_is_refused(string label, bool cpuStudy)
    {
        var plan = SweepPlanParser.Apply(cpuStudy ? SweepPlanParser.Apply(SweepPlanParser.Apply(new SweepPlan(), "server_pid", "42"), "cpus", "1,2") : new SweepPlan(), "label", label);

        AssertUserError.OneLine(() => plan.Validate(), "--label " + label, "the sweep sets on every step", "another name");
    }

    [Fact]
    public void A_sweep_label_is_recorded_on_every_step_beside_the_sweeps_own()
    {
        var plan = SweepPlanParser.Apply(SweepPlanParser.Apply(new SweepPlan(), "label", "generation=SapphireRapids"), "label", "vcpus=96").Validate();

        var labels = SweepRunner.Labels(null, 4, null, "s1", own: plan.Labels);

        Assert.Equal(("SapphireRapids", "96", "4"), (labels["generation"], labels["vcpus"], labels["users"]));
    }

    private static RunResult Recorded(params (string Key, string Value)[] parameters) => new()
    {
        Parameters = parameters.ToDictionary(p => p.Key, p => p.Value),
        Context = new RunContext { Servers = [new ServerContext { Engine = "postgres", Product = "PostgreSQL", Version = "15.18", Connection = "Host=db1" }] },
    };

    private static AnalyzedRun Labelled(string file, long opm, params (string Key, string Value)[] labels) => Labelled(file, opm, [], labels);

    private static AnalyzedRun Labelled(string file, long opm, IReadOnlyList<Finding> findings, params (string Key, string Value)[] labels) =>
        new("/results/" + file, RunOrigin.DvdStoreResult, Result(opm, findings, null, labels), labels.ToDictionary(l => l.Key, l => l.Value, StringComparer.OrdinalIgnoreCase));
}
