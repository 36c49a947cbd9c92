using DvdStore.Analysis;
using DvdStore.Analysis.Comparisons;
using DvdStore.Analysis.Reading;
using DvdStore.Cli;
using DvdStore.Driver.Metrics;

namespace DvdStore.Tests.Analysis;

/// <summary>
/// analyze compares runs of one workload only: a DS3 log is DS3's driver's workload (on the store its label or text
/// names), a DvdStore result its recorded one, and a report's headlines, tables and charts rest on one workload while
/// the runs of the others are listed apart with why (docs/ds3-compatibility.md, "DvdStore OPM and DS3 OPM").
/// </summary>
public sealed class WorkloadPartitionTests
{
    private static readonly WorkloadIdentity DvdStoreV1 = new()
    {
        Name = "DvdStore",
        Version = "1",
        Hash = "00112233aabbccdd",
        StatementsHash = "aaaa",
        Vocabulary = "sampled",
        Mix = new Dictionary<string, string> { ["pct_newcustomers"] = "20", ["n_searches"] = "3" },
    };

    /// <summary>A DS3-format console log of one measured minute at <paramref name="opm"/> OPM, in DS3's format (our own text).</summary>
    private static string Ds3Log(long opm, params string[] extraLines) => string.Join('\n',
    [
        "Total number of Threads to be Spawned across multiple servers are n_threads: 4",
        "target= dbhost n_threads= 4 ramp_rate= 10 run_time= 1 db_size= 10MB warmup_time= 0 think_time= 0 pct_newcustomers= 20 "
            + "pct_newmembers= 1 n_searches= 3 search_batch_size= 5 n_reviews=3 pct_newreviews=5 pct_newhelpfulness=10 n_line_items5 "
            + "virt_dir= ds3 page_type= php windows_perf_host=  detailed_view= N linux_perf_host=  output_file=  ds2_mode= N log_freq= 10 log_timestamp= NONE",
        .. extraLines,
        $"et=   60.0 n_overall={opm} opm={opm} rt_tot_lastn_max_msec=150 rt_tot_avg_msec=43 rt_tot_sampled=43 rollbacks: n=20 %=  1.0 ",
        $"Final (11/23/2026 10:04:05 AM): et=   60.0 n_overall={opm} opm={opm} rt_tot_lastn_max=150 rt_tot_avg=43 n_rollbacks_overall=20 rollback_rate =   1.0%",
    ]);

    private static AnalyzedRun Imported(string name, string text, params LabelOverride[] overrides)
    {
        var run = new AnalyzedRun(name, RunOrigin.Ds3Log, Ds3LogParser.Parse(text, name), ContextLabels.Derive(Ds3LogParser.Parse(text, name)));
        return LabelOverrides.Apply(run, overrides);
    }

    private static AnalyzedRun Recorded(string name, long opm, WorkloadIdentity workload, params (string Key, string Value)[] labels)
    {
        var template = AnalysisFixtures.Result(opm, labels);
        var result = new RunResult { RunId = name, StartUtc = template.StartUtc, EndUtc = template.EndUtc, Outcome = template.Outcome, Totals = template.Totals, Context = template.Context, Workload = workload };
        return new AnalyzedRun(name, RunOrigin.DvdStoreResult, result, labels.ToDictionary(l => l.Key, l => l.Value, StringComparer.OrdinalIgnoreCase));
    }

    [Fact]
    public void A_ds3_log_is_ds3s_driver_on_an_unknown_store_unless_its_label_or_text_names_the_store()
    {
        var plain = Imported("plain.log", Ds3Log(1000));
        Assert.Equal(ImportedWorkloads.Ds3UnknownStore, plain.Workload.Name);
        Assert.Equal("1", plain.Workload.Mix["pct_newmember"]);

        var ours = Imported("ours.log", Ds3Log(1000), LabelOverrides.ParseOption("ours.log:store=dvdstore"));
        Assert.Equal(ImportedWorkloads.Ds3OnDvdStoreStore, ours.Workload.Name);
        var theirs = Imported("theirs.log", Ds3Log(1000), LabelOverrides.ParseOption("store=DS3"));
        Assert.Equal(ImportedWorkloads.Ds3OnDs3Store, theirs.Workload.Name);
        Assert.Equal(ImportedWorkloads.Ds3OnDvdStoreStore, Imported("noted.log", Ds3Log(1000, "store=dvdstore")).Workload.Name);
        Assert.Equal(ImportedWorkloads.Ds3UnknownStore, Imported("other.log", Ds3Log(1000), LabelOverrides.ParseOption("store=mine")).Workload.Name);

        // DvdStore's own driver printing DS3's format is DvdStore's work, whatever the labels say.
        var own = Imported("own.log", Ds3Log(1000, LiveOutput.Ds3TimerLine), LabelOverrides.ParseOption("store=ds3"));
        Assert.Equal(ImportedWorkloads.DvdStoreDs3FormatLog, own.Workload.Name);

        // Each is its own workload, and none is DvdStore's.
        var keys = new[] { plain, ours, theirs, own }.Select(r => r.Workload.Key()).Append(DvdStoreV1.Key()).ToList();
        Assert.Equal(keys.Count, keys.Distinct().Count());
    }

    [Fact]
    public void The_report_compares_the_workload_with_most_runs_and_lists_the_others_apart_with_why()
    {
        var otherMix = DvdStoreV1 with { Hash = "ffff000011112222", Mix = new Dictionary<string, string> { ["pct_newcustomers"] = "0", ["n_searches"] = "3" } };
        var runs = new[]
        {
            Imported("ds3-a.log", Ds3Log(5000)),
            Recorded("a.json", 9000, DvdStoreV1, ("vcpus", "2")),
            Recorded("b.json", 17000, DvdStoreV1, ("vcpus", "4")),
            Recorded("c.json", 12000, otherMix, ("vcpus", "4")),
        };

        var partition = WorkloadPartition.Of(runs);

        Assert.Equal(DvdStoreV1.Key(), partition.Compared?.Key());
        Assert.Equal(["a.json", "b.json"], partition.Runs.Select(r => r.Name));
        var reasons = partition.Apart.ToDictionary(a => a.Run.Name, a => a.Reason);
        Assert.StartsWith("DS3 driver (unknown store): a DS3 log that does not say which store it ran on is compared with no other run", reasons["ds3-a.log"], StringComparison.Ordinal);
        Assert.Equal($"DvdStore v1 #ffff000011112222: not comparable with DvdStore v1 #00112233aabbccdd (pct_newcustomers 0, not 20)", reasons["c.json"]);

        // A tie goes to the workload DvdStore's driver recorded, not to the imported one.
        Assert.Equal(DvdStoreV1.Key(), WorkloadPartition.Of([runs[0], runs[1]]).Compared?.Key());
        // Two DS3 logs of unknown stores are two workloads, not one of two runs (issue 36): the DvdStore pair is compared.
        Assert.Equal(DvdStoreV1.Key(), WorkloadPartition.Of([runs[0], Imported("ds3-b.log", Ds3Log(5100)), runs[1]]).Compared?.Key());

        // --workload names another by its name, title, key or hash; a name no run has is refused with the ones there are.
        var ds3 = WorkloadPartition.Of(runs, "ds3 driver (unknown store)");
        Assert.Equal(["ds3-a.log"], ds3.Runs.Select(r => r.Name));
        Assert.Equal(3, ds3.Apart.Count);
        Assert.Equal(["c.json"], WorkloadPartition.Of(runs, "ffff000011112222").Runs.Select(r => r.Name));
        Assert.Equal(["a.json", "b.json"], WorkloadPartition.Of(runs, "DvdStore v1").Runs.Select(r => r.Name));
        var refused = Assert.Throws<UserError>(() => WorkloadPartition.Of(runs, "DS3 driver on a DS3 store"));
        AssertText.ContainsAll(refused.Message, "--workload 'DS3 driver on a DS3 store'", "'DS3 driver (unknown store)' (1 run(s))", "'DvdStore v1 #00112233aabbccdd' (2 run(s))");
    }

    [Fact]
    public async Task A_ds3_log_labelled_old_and_a_dvdstore_result_labelled_new_give_no_headline_but_say_they_are_different_workloads()
    {
        // The case: normalising a DvdStore run on a DS3 log gave "1.83× platform=old" — the kit's gain, not the platform's.
        var folder = Path.Combine(Path.GetDirectoryName(TestServers.TempFile("x"))!, "mixed");
        Directory.CreateDirectory(folder);
        await File.WriteAllTextAsync(Path.Combine(folder, "old.log"), Ds3Log(4_700));
        var template = AnalysisFixtures.Result(8_600, ("platform", "new"));
        var result = new RunResult { RunId = "new", StartUtc = template.StartUtc, EndUtc = template.EndUtc, Outcome = template.Outcome, Totals = template.Totals, Context = template.Context, Workload = DvdStoreV1 };
        await JsonResultWriter.WriteAsync(result, Path.Combine(folder, "new.json"), CancellationToken.None);
        var outDir = Path.Combine(Path.GetDirectoryName(folder)!, "mixed-report");

        var output = new StringWriter();
        var error = new StringWriter();
        var code = await CliApp.RunAsync(["analyze", folder, "--out", outDir, "--label", "old.log:platform=old", "--baseline", "normalize=platform=old"], output, error, CancellationToken.None);

        Assert.True(code == 0, error.ToString());
        var report = await File.ReadAllTextAsync(Path.Combine(outDir, "report.md"));
        foreach (var text in new[] { output.ToString(), report })
        {
            Assert.DoesNotContain("1.83", text, StringComparison.Ordinal);
            Assert.DoesNotContain("× platform=old", text, StringComparison.Ordinal);
        }

        AssertText.ContainsAll(report, "Different workloads", "1 run(s) of DvdStore v1", WorkloadPartition.Explanation,
            "DS3 driver (unknown store): a DS3 log that does not say which store it ran on is compared with no other run");
        Assert.Contains("old.log", await File.ReadAllTextAsync(Path.Combine(outDir, "tables", "other-workloads.csv")), StringComparison.Ordinal);
        Assert.Contains("not compared " + Path.Combine(folder, "old.log") + ": DS3 driver (unknown store)", error.ToString(), StringComparison.Ordinal);
        Assert.Contains("1 run(s) analysed, 1 run(s) of other workloads listed apart", output.ToString(), StringComparison.Ordinal);
        Assert.DoesNotContain("old.log", await File.ReadAllTextAsync(Path.Combine(outDir, "tables", "runs.csv")), StringComparison.Ordinal);

        // The DS3 run alone, by naming its workload; a workload no run has is one line and a non-zero exit.
        var ds3Out = Path.Combine(Path.GetDirectoryName(folder)!, "ds3-report");
        var ds3Output = new StringWriter();
        Assert.Equal(0, await CliApp.RunAsync(["analyze", folder, "--out", ds3Out, "--workload", "DS3 driver (unknown store)"], ds3Output, new StringWriter(), CancellationToken.None));
        Assert.Contains("1 run(s) analysed, 1 run(s) of other workloads listed apart", ds3Output.ToString(), StringComparison.Ordinal);
        Assert.Contains("1 run(s) of workload DS3 driver (unknown store)", await File.ReadAllTextAsync(Path.Combine(ds3Out, "report.md")), StringComparison.Ordinal);
        var wrong = new StringWriter();
        Assert.NotEqual(0, await CliApp.RunAsync(["analyze", folder, "--out", ds3Out + "-x", "--workload", "DS4"], new StringWriter(), wrong, CancellationToken.None));
        AssertUserError.OneLineOutput(wrong.ToString(), "--workload 'DS4' names none of the runs' workloads");
    }
}
