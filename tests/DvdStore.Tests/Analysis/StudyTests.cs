using DvdStore.Analysis.Comparisons;
using DvdStore.Analysis.Reading;
using static DvdStore.Tests.Analysis.AnalysisFixtures;

namespace DvdStore.Tests.Analysis;

/// <summary>Each study on synthetic run sets shaped like published ones, checked against hand-computed figures.</summary>
public sealed class StudyTests
{
    private static readonly (string, string) Pg = (LabelKeys.Engine, "postgres");

    [Fact]
    public void Scaling_curve_figures_follow_from_the_smallest_point()
    {
        // 8 → 16 → 32 → 64 vCPUs: 30 000, 57 000, 108 000, 135 000 OPM.
        var curve = ScalingCurve.Of([(8, 30_000), (16, 57_000), (32, 108_000), (64, 135_000)], 0.5);

        Assert.Equal(3.6, curve.Points[2].Speedup!.Value, 9); // 108 000 / 30 000
        Assert.Equal(90.0, curve.Points[2].EfficiencyPercent!.Value, 9); // 3.6 / (32 / 8)
        Assert.Equal(120_000, curve.Points[2].LinearOpm, 9);
        Assert.Equal(3_375, curve.Points[2].OpmPerVcpu, 9);
        Assert.Equal(90.0, curve.Points[1].MarginalPercent!.Value, 9); // (27 000 / 8) / 3 750
        Assert.Equal(22.5, curve.Points[3].MarginalPercent!.Value, 9); // (27 000 / 32) / 3 750 < 50 % → knee before it
        Assert.Equal(32, curve.Knee.Vcpus);
        Assert.Equal(64, curve.Peak.Vcpus);
    }

    [Fact]
    public void Vcpu_scaling_takes_the_best_thread_count_and_reports_about_90_percent_of_linear()
    {
        // Capstone-like: 4× the vCPUs at about 90 % of linear; at 32 vCPUs the 16-thread run is below the 32-thread one.
        var runs = new[]
        {
            Run(30_000, ("vcpus", "8"), ("threads", "16"), Pg),
            Run(30_400, ("vcpus", "8"), ("threads", "16"), Pg),
            Run(29_600, ("vcpus", "8"), ("threads", "16"), Pg),
            Run(57_000, ("vcpus", "16"), ("threads", "32"), Pg),
            Run(90_000, ("vcpus", "32"), ("threads", "16"), Pg),
            Run(108_000, ("vcpus", "32"), ("threads", "32"), Pg),
        };

        var result = new VcpuScaling().Analyze(Input(runs));

        Assert.Null(result.Missing);
        var table = Assert.Single(result.Tables);
        Assert.Equal(["8", "16", "32"], Column(table, "vcpus"));
        var at32 = Row(table, "vcpus", "32");
        Assert.Equal("32", at32["threads"]);
        Assert.Equal("108000", at32["opm"]);
        Assert.Equal("3.60", at32["speedup"]);
        Assert.Equal("90.0", at32["efficiency_pct_of_linear"]);
        Assert.Equal("3375", at32["opm_per_vcpu"]);
        var at8 = Row(table, "vcpus", "8");
        Assert.Equal("3", at8["runs"]);
        Assert.Equal("± 994", at8["ci95"]); // SD 400, t(2) 4.303: 4.303 × 400 / √3 = 993.7
        Assert.Contains(result.Findings, f => f.Contains("3.60× the OPM (90.0 % of linear)", StringComparison.Ordinal));
        var chart = Assert.Single(result.Charts);
        Assert.Contains(chart.Series, s => s.Reference && s.Y.SequenceEqual([30_000.0, 60_000, 120_000]));
    }

    [Fact]
    public void Vcpu_scaling_says_what_is_missing_with_one_vcpu_count()
    {
        var result = new VcpuScaling().Analyze(Input([Run(1_000, ("vcpus", "8")), Run(1_100, ("threads", "4"))]));

        Assert.NotNull(result.Missing);
        Assert.Contains("two or more vCPU counts", result.Missing, StringComparison.Ordinal);
    }

    [Fact]
    public void Hyper_threading_gain_is_the_percentage_of_smt_on_over_off()
    {
        // Two 112-vCPU VMs filling 224 logical threads vs one VM on the physical cores: about 27 %.
        var runs = new[]
        {
            Run(100_000, ("smt", "off"), ("vcpus", "112"), Pg),
            Run(102_000, ("smt", "off"), ("vcpus", "112"), Pg),
            Run(98_000, ("smt", "off"), ("vcpus", "112"), Pg),
            Run(127_000, ("smt", "on"), ("vcpus", "224"), Pg),
            Run(129_000, ("smt", "on"), ("vcpus", "224"), Pg),
            Run(125_000, ("smt", "on"), ("vcpus", "224"), Pg),
        };

        var result = new HyperThreadingGain().Analyze(Input(runs));

        var row = Assert.Single(Assert.Single(result.Tables).Rows);
        var table = result.Tables[0];
        Assert.Equal("+27.0", Column(table, "gain_pct")[0]);
        Assert.Equal("real (outside the 95 % noise interval)", Column(table, "verdict")[0]);
        Assert.Contains(result.Findings, f => f.Contains("+27.0 %", StringComparison.Ordinal));
        var bars = Assert.Single(result.Charts).Bars;
        Assert.Equal(1.0, bars[0].Value, 9);
        Assert.Equal(1.27, bars[1].Value, 9);
        Assert.NotEmpty(row);
    }

    [Fact]
    public void Hyper_threading_counts_two_vms_that_ran_together_as_one_system()
    {
        // Two 112-vCPU VMs at once (SMT on, every logical thread busy): 63 000 + 64 002 OPM over the common
        // window, against one 112-vCPU VM on the physical cores at 100 000 OPM → +27.0 %.
        var vm1 = TimedRun("vm1.json", Noon, 6, 10_500, ("smt", "on"), ("vcpus", "112"), ("scaleout", "pair"), ("host", "vm1"), Pg);
        var vm2 = TimedRun("vm2.json", Noon, 6, 10_667, ("smt", "on"), ("vcpus", "112"), ("scaleout", "pair"), ("host", "vm2"), Pg);
        var one = Run(100_000, ("smt", "off"), ("vcpus", "112"), Pg);

        var input = Input([vm1, vm2, one]);
        var result = new HyperThreadingGain().Analyze(input);

        var unit = input.Units.Single(u => u.Name == "scaleout:pair");
        Assert.Equal("224", unit.Label(LabelKeys.Vcpus));
        Assert.Equal(127_002, unit.Opm);
        Assert.False(unit.Labels.ContainsKey(LabelKeys.Host));
        Assert.Equal("+27.0", Column(Assert.Single(result.Tables), "gain_pct").Single());
    }

    [Fact]
    public void Hyper_threading_without_an_smt_off_run_says_what_is_missing()
    {
        var result = new HyperThreadingGain().Analyze(Input([Run(1_000, ("smt", "on"))]));

        Assert.Contains("smt=off and smt=on", result.Missing, StringComparison.Ordinal);
    }

    [Fact]
    public void Affinity_compares_pinned_with_unpinned_and_one_node_with_spread_at_equal_vcpus()
    {
        var runs = new[]
        {
            Run(50_000, ("vcpus", "8"), ("affinity", "unpinned")),
            Run(51_000, ("vcpus", "8"), ("affinity", "unpinned")),
            Run(50_500, ("vcpus", "8"), ("affinity", "pinned")),
            Run(51_500, ("vcpus", "8"), ("affinity", "pinned")),
            Run(60_000, ("vcpus", "16"), ("numa", "spread")),
            Run(66_000, ("vcpus", "16"), ("numa", "one-node")),
        };

        var result = new AffinityEffect().Analyze(Input(runs));

        Assert.Equal(2, result.Tables.Count);
        var pinning = result.Tables.Single(t => t.FileName == "affinity-pinning");
        Assert.Equal("+1.0", Column(pinning, "gain_pct").Single()); // 51 000 vs 50 500
        Assert.Equal("smaller than the noise", Column(pinning, "verdict").Single());
        var numa = result.Tables.Single(t => t.FileName == "affinity-numa");
        Assert.Equal("+10.0", Column(numa, "gain_pct").Single());
        Assert.Equal("noise unknown: single run", Column(numa, "verdict").Single());
        Assert.Contains(result.Findings, f => f.Contains("smaller than the noise", StringComparison.Ordinal));
    }

    [Fact]
    public void Affinity_pairs_only_runs_at_equal_vcpus()
    {
        var result = new AffinityEffect().Analyze(Input([Run(50_000, ("vcpus", "8"), ("affinity", "unpinned")), Run(90_000, ("vcpus", "16"), ("affinity", "pinned"))]));

        Assert.NotNull(result.Missing);
    }

    [Fact]
    public void Generations_are_normalised_to_the_oldest_at_peak_and_at_equal_load()
    {
        // Five generations, about 4× from the first to the last at peak; all ran 64 threads too.
        (string Generation, long At64, long Peak, string PeakThreads)[] series =
        [
            ("westmere", 24_000, 25_000, "128"),
            ("sandybridge", 36_000, 40_000, "128"),
            ("haswell", 48_000, 60_000, "192"),
            ("broadwell", 56_000, 75_000, "192"),
            ("skylake", 60_000, 98_000, "256"),
        ];
        var runs = series.SelectMany(g => new[]
        {
            Run(g.At64, ("generation", g.Generation), ("threads", "64"), Pg),
            Run(g.Peak, ("generation", g.Generation), ("threads", g.PeakThreads), Pg),
        }).ToList();

        var result = new Generations().Analyze(Input(runs));

        var table = Assert.Single(result.Tables);
        var skylake = Row(table, "generation", "skylake");
        Assert.Equal("3.92", skylake["normalised_at_peak"]); // 98 000 / 25 000
        Assert.Equal("256", skylake["threads_at_peak"]);
        Assert.Equal("64", skylake["equal_load_threads"]);
        Assert.Equal("2.50", skylake["normalised_at_equal_load"]); // 60 000 / 24 000
        Assert.Equal("baseline", Row(table, "generation", "westmere")["verdict_vs_baseline"]);
        Assert.Contains(result.Findings, f => f.Contains("skylake reaches 3.92×", StringComparison.Ordinal) && f.Contains("At equal load (64 threads): 2.50×", StringComparison.Ordinal));

        var rebased = new Generations().Analyze(Input(runs, new AnalysisOptions { Baseline = "haswell" }));
        Assert.Equal("1.63", Row(rebased.Tables[0], "generation", "skylake")["normalised_at_peak"]); // 98 000 / 60 000
        Assert.Equal("0.42", Row(rebased.Tables[0], "generation", "westmere")["normalised_at_peak"]); // 25 000 / 60 000
    }

    [Fact]
    public void Peak_is_where_a_thread_step_stops_adding_five_percent()
    {
        var runs = new[] { (8, 20_000L), (16, 38_000L), (32, 52_000L), (64, 53_000L), (128, 51_000L) }
            .Select(p => Run(p.Item2, ("threads", p.Item1.ToString(CultureInfo.InvariantCulture)), Pg)).ToList();

        var result = new PeakFinding().Analyze(Input(runs));

        // 32 → 64 adds 1.9 % (< 5 %): the peak is 32 threads.
        var table = Assert.Single(result.Tables);
        Assert.Equal("PEAK", Row(table, "threads", "32")["peak"]);
        Assert.Equal("+1.9", Row(table, "threads", "64")["growth_pct"]);
        Assert.Contains(result.Findings, f => f.Contains("peak at 32 threads", StringComparison.Ordinal));
        Assert.Equal(2, PeakFinding.Find([100, 110, 120, 121], 0.05));
        Assert.Equal(3, PeakFinding.Find([100, 110, 120, 130], 0.05));
    }

    [Fact]
    public void Only_the_peak_row_is_marked_and_the_highest_measured_point_is_named_beside_it()
    {
        // 32 threads is the peak (64 adds 1.9 %), but 64 threads measured the most: 53 000 OPM.
        var runs = new[] { (8, 20_000L), (16, 38_000L), (32, 52_000L), (64, 53_000L), (128, 51_000L) }
            .Select(p => Run(p.Item2, ("threads", p.Item1.ToString(CultureInfo.InvariantCulture)), Pg)).ToList();

        var result = new PeakFinding().Analyze(Input(runs));

        Assert.Equal(["", "", "PEAK", "", ""], Column(Assert.Single(result.Tables), "peak"));
        Assert.Contains("OPM: peak at 32 threads, 52000 OPM (the next step adds less than 5.0 %); highest measured 53000 OPM at 64 threads.", result.Findings);
        var headline = Assert.Single(result.Headlines);
        Assert.Equal("OPM: peak at 32 threads, 52000 OPM", headline.Statement);
        Assert.Equal("next step: noise unknown: single run", headline.Noise);
    }

    [Fact]
    public void The_peak_headline_judges_the_step_after_the_peak_against_its_noise()
    {
        // Three runs each, SD 400: 16 → 32 threads adds 500 OPM (+1.3 %, the peak is 16), inside Welch's half-width
        // t(4) 2.7764 × √(2 × 400² / 3) = 907 OPM; the step before it (+18 000) would be "real".
        var runs = new[] { (8, 20_000L), (8, 20_400L), (8, 19_600L), (16, 38_000L), (16, 38_400L), (16, 37_600L), (32, 38_500L), (32, 38_900L), (32, 38_100L) }
            .Select(p => Run(p.Item2, ("threads", p.Item1.ToString(CultureInfo.InvariantCulture)), Pg)).ToList();

        var headline = Assert.Single(new PeakFinding().Analyze(Input(runs)).Headlines);

        Assert.Equal("OPM: peak at 16 threads, 38000 OPM", headline.Statement);
        Assert.Equal("next step: smaller than the noise", headline.Noise);
    }

    [Fact]
    public void A_sweep_still_growing_at_its_last_step_has_no_peak_within_it()
    {
        // 20 000 → 38 000 → 52 000: every step adds more than 5 %.
        var runs = new[] { (8, 20_000L), (16, 38_000L), (32, 52_000L) }
            .Select(p => Run(p.Item2, ("threads", p.Item1.ToString(CultureInfo.InvariantCulture)), Pg)).ToList();

        var result = new PeakFinding().Analyze(Input(runs));

        Assert.Contains("OPM: OPM still grows by 5.0 % or more at 32 threads (52000 OPM): the peak lies beyond the sweep; run more threads.", result.Findings);
        var headline = Assert.Single(result.Headlines);
        Assert.Equal("OPM: no peak within the sweep (still growing at 32 threads, 52000 OPM)", headline.Statement);
        Assert.Equal("", headline.Noise);
    }

    [Fact]
    public void The_gain_interval_and_the_bars_error_are_relative_to_the_baseline()
    {
        // SMT off 100 000 ± 2 000 (sd, 3 runs), on 127 000 ± 2 000. Each side's 95 % half-width is
        // t(2) 4.3027 × 2 000 / √3 = 4 968.3 OPM; both bars' errors are that over the baseline's 100 000 (0.049683), not
        // over their own mean. Welch's half-width of the gain: t(4) 2.7764 × √(2 × 2 000² / 3) = 4 533.9 OPM = 4.5 %.
        var runs = new[]
        {
            Run(100_000, ("smt", "off"), Pg), Run(102_000, ("smt", "off"), Pg), Run(98_000, ("smt", "off"), Pg),
            Run(127_000, ("smt", "on"), Pg), Run(129_000, ("smt", "on"), Pg), Run(125_000, ("smt", "on"), Pg),
        };

        var result = new HyperThreadingGain().Analyze(Input(runs));

        Assert.Equal("± 4.5", Column(Assert.Single(result.Tables), "gain_ci95_pct").Single());
        var bars = Assert.Single(result.Charts).Bars;
        Assert.Equal(0.0496827542, bars[0].Error!.Value, 9);
        Assert.Equal(0.0496827542, bars[1].Error!.Value, 9);
    }

    [Fact]
    public void A_zero_baseline_gives_a_gain_of_n_a_and_no_percentage_interval_rather_than_infinity()
    {
        // Runs that ordered nothing with SMT off: no ratio against zero may reach the report, nor a 0.0 that reads as "no change".
        var runs = new[]
        {
            Run(0, ("smt", "off"), Pg), Run(0, ("smt", "off"), Pg),
            Run(127_000, ("smt", "on"), Pg), Run(129_000, ("smt", "on"), Pg),
        };

        var result = new HyperThreadingGain().Analyze(Input(runs));
        var table = Assert.Single(result.Tables);

        Assert.Equal("n/a", Column(table, "gain_pct").Single());
        Assert.Equal("", Column(table, "gain_ci95_pct").Single());
        Assert.Contains("SMT on gains n/a OPM (0 → 128000); ", result.Findings.Single(), StringComparison.Ordinal);
        var headline = Assert.Single(result.Headlines);
        Assert.Equal("SMT on vs off: n/a OPM (0 → 128000)", headline.Statement);
        Assert.Equal("", headline.Interval);
        Assert.Empty(Assert.Single(result.Charts).Bars); // no bars relative to zero
    }

    /// <summary>
    /// Issue 31: a figure against a zero baseline (runs that ordered nothing) prints "n/a" in every study's tables,
    /// sentences and headlines: never 0.0, which would read as "no change", nor ∞ or NaN.
    /// </summary>
    [Fact]
    public void Every_study_prints_n_a_for_a_figure_against_a_zero_baseline()
    {
        var scaling = new VcpuScaling().Analyze(Input([Run(0, ("vcpus", "8"), Pg), Run(1_000, ("vcpus", "16"), Pg)]));
        var at16 = Row(Assert.Single(scaling.Tables), "vcpus", "16");
        Assert.Equal(("n/a", "n/a", "n/a"), (at16["speedup"], at16["efficiency_pct_of_linear"], at16["marginal_pct_of_linear"]));
        Assert.Contains(scaling.Findings, f => f.Contains("8 → 16 vCPUs gives n/a the OPM (n/a of linear)", StringComparison.Ordinal));
        Assert.Contains("8 → 16 vCPUs: n/a the OPM, n/a of linear", Assert.Single(scaling.Headlines).Statement, StringComparison.Ordinal);

        var peak = new PeakFinding().Analyze(Input([Run(0, ("threads", "8"), Pg), Run(1_000, ("threads", "16"), Pg)]));
        Assert.Equal(["", "n/a"], Column(Assert.Single(peak.Tables), "growth_pct"));

        var generations = new Generations().Analyze(Input([Run(0, ("generation", "old"), ("threads", "64"), Pg), Run(1_000, ("generation", "new"), ("threads", "64"), Pg)]));
        var newer = Row(Assert.Single(generations.Tables), "generation", "new");
        Assert.Equal(("n/a", "n/a"), (newer["normalised_at_peak"], newer["normalised_at_equal_load"]));
        Assert.Contains(generations.Findings, f => f.Contains("new reaches n/a the peak OPM of old", StringComparison.Ordinal) && f.Contains("At equal load (64 threads): n/a (", StringComparison.Ordinal));

        var normalised = new Normalization().Analyze(Input(
            [Run(0, ("platform", "native"), Pg), Run(1_000, ("platform", "docker"), Pg)],
            new AnalysisOptions().WithBaselines(["normalize=platform=native"])));
        Assert.Equal(["n/a", "n/a"], Column(Assert.Single(normalised.Tables), "normalised"));
        Assert.Contains(normalised.Findings, f => f.Contains(": n/a ", StringComparison.Ordinal) && f.Contains("(0 → 1000 OPM)", StringComparison.Ordinal));

        var scaleOut = new ScaleOutAggregate().Analyze(Input(
        [
            TimedRun("alone.json", Noon, 6, 0, ("scaleout", "one vm")),
            TimedRun("a.json", Noon.AddHours(1), 6, 1_000, ("host", "driver1")),
            TimedRun("b.json", Noon.AddHours(1), 6, 1_500, ("host", "driver2")),
        ]));
        Assert.Equal("n/a", Row(scaleOut.Tables.Single(t => t.FileName == "scaleout"), "instances", "2")["efficiency_pct_of_linear"]);
        Assert.Contains(scaleOut.Headlines, h => h.Statement.EndsWith("n/a of linear from one vm", StringComparison.Ordinal));

        foreach (var result in new[] { scaling, peak, generations, normalised, scaleOut })
        {
            var text = result.Tables.SelectMany(t => t.Rows).SelectMany(r => r).Concat(result.Findings).Concat(result.Headlines.Select(h => h.Statement + h.Interval));
            Assert.DoesNotContain(text, t => t.Contains('∞') || t.Contains("NaN", StringComparison.Ordinal) || t.Contains("Infinity", StringComparison.Ordinal));
        }
    }

    [Fact]
    public void Scale_out_sums_the_runs_over_their_common_window()
    {
        // A: 12:00:00–12:01:00, 1 000 orders per 10 s (6 000 OPM); B: 12:00:20–12:01:20, 1 500 per 10 s (9 000 OPM).
        var a = TimedRun("a.json", Noon, 6, 1_000, ("host", "driver1"));
        var b = TimedRun("b.json", Noon.AddSeconds(20), 6, 1_500, ("host", "driver2"));
        var alone = TimedRun("alone.json", Noon.AddHours(1), 6, 1_100, ("scaleout", "one vm"));

        var result = new ScaleOutAggregate().Analyze(Input([a, b, alone]));

        var sets = result.Tables.Single(t => t.FileName == "scaleout");
        Assert.Equal(["1", "2"], Column(sets, "instances"));
        var together = Row(sets, "instances", "2");
        Assert.Equal("40", together["window_s"]); // common window 12:00:20–12:01:00
        Assert.Equal("15000", together["aggregate_opm"]); // 6 000 + 9 000
        Assert.Equal("one vm", together["baseline"]);
        Assert.Equal("113.6", together["efficiency_pct_of_linear"]); // 15 000 / (2 × 6 600)
        var members = result.Tables.Single(t => t.FileName == "scaleout-members");
        Assert.Equal("driver2", Row(members, "file", "b.json")["host"]);
        Assert.Equal("common window", Row(members, "file", "a.json")["basis"]);
    }

    [Fact]
    public void Repeats_in_the_opm_over_time_chart_are_told_apart_by_number_not_file_name()
    {
        var runs = new[]
        {
            TimedRun("r1.json", Noon, 3, 100, ("vcpus", "8")),
            TimedRun("r2.json", Noon.AddHours(1), 3, 110, ("vcpus", "8")),
            TimedRun("r3.json", Noon.AddHours(2), 3, 200, ("vcpus", "16")),
        };

        var chart = new RunOverview().Analyze(Input(runs)).Charts.Single(c => c.FileName == "opm-over-time");

        Assert.Equal(["vcpus=8, run 1", "vcpus=8, run 2", "vcpus=16"], chart.Series.Select(s => s.Name)); // labels, never file names
        Assert.Equal([600.0, 600, 600], chart.Series[0].Y);
    }

    [Fact]
    public void The_overview_flags_noisy_repeats()
    {
        var runs = new[] { Run(100_000, ("vcpus", "8")), Run(80_000, ("vcpus", "8")), Run(50_000, ("vcpus", "4")) };

        var result = new RunOverview().Analyze(Input(runs));

        var repeats = result.Tables.Single(t => t.FileName == "repeats");
        var eight = Row(repeats, "configuration", "vcpus=8");
        Assert.Equal("90000", eight["mean_opm"]);
        Assert.Equal("14142", eight["sd_opm"]); // √((10 000² + 10 000²) / 1)
        Assert.Equal("NOISY", eight["noise"]);
        Assert.Equal("single run", Row(repeats, "configuration", "vcpus=4")["noise"]);
        Assert.Contains(result.Findings, f => f.StartsWith("Noisy: vcpus=8", StringComparison.Ordinal));
    }
}
