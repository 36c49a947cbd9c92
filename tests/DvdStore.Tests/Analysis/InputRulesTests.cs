using System.Text.Json.Nodes;

namespace DvdStore.Tests.Analysis;

/// <summary>
/// Issue 36 item 4, through `dvdstore analyze`: a result's figures are held to the rules a DS3 log is held to (a window
/// longer than 0 s, an opm that follows from it, p50 ≤ … ≤ max, committed ≤ orders, rollbacks 0–100 %); a missing
/// section is one line naming the file, never a stack trace; one run in two files is one run, with a line saying so;
/// a DS3 log that does not say its store is compared with no other. Issue 38: the labels CSV is real CSV.
/// </summary>
public sealed class InputRulesTests
{
    private static string Folder(string name)
    {
        var folder = Path.Combine(Path.GetDirectoryName(TestServers.TempFile("x"))!, "input-rules-" + name);
        Directory.CreateDirectory(folder);
        return folder;
    }

    /// <summary>A good result as the product writes it, as a JSON tree to damage.</summary>
    private static JsonNode Good(long opm, params (string Key, string Value)[] labels)
    {
        var result = AnalysisFixtures.Result(opm, labels);
        var json = JsonNode.Parse(JsonResultWriter.ToJson(result))!;
        json["orderResponse"] = JsonNode.Parse("""{"kind": "Order", "count": 100, "meanMs": 20, "p50Ms": 15, "p90Ms": 30, "p95Ms": 40, "p99Ms": 80, "p999Ms": 120, "maxMs": 150}""");
        return json;
    }

    private static async Task<(int Code, string Output, string Error)> Analyze(string folder, params string[] extra) =>
        await InProcessCli.RunAsync(["analyze", folder, "--out", folder + "-report", .. extra]);

    public static TheoryData<string, string, string> Damaged => new()
    {
        { "totals", "null", "has no totals section (missing or null)" },
        { "totals.measuredSeconds", "0", "measuredSeconds=0 for" },
        { "totals.measuredSeconds", "1e-9", "does not follow from orders=" },
        { "orderResponse.p50Ms", "900", "p50Ms=900 above p90Ms=30" },
        { "orderResponse.p50Ms", "-5", "p50Ms=-5" },
        { "totals.committedOrders", "999999", "committedOrders=999999 above orders=" },
        { "totals.rollbacks", "999999", "rollbacks=999999 above orders=" },
    };

    [Theory]
    [MemberData(nameof(Damaged))]
    public async Task A_result_whose_figures_disagree_is_left_out_in_one_line_naming_the_file(string field, string value, string expected)
    {
        var folder = Folder(field.Replace('.', '-') + "-" + value);
        await File.WriteAllTextAsync(Path.Combine(folder, "good.json"), Good(30_000).ToJsonString());
        var bad = Good(31_000);
        var path = field.Split('.');
        var parent = path.Length == 1 ? bad : bad[path[0]]!;
        parent[path[^1]] = JsonNode.Parse(value);
        await File.WriteAllTextAsync(Path.Combine(folder, "bad.json"), bad.ToJsonString());

        var (code, output, error) = await Analyze(folder);

        Assert.True(code == 0, error);
        var line = Assert.Single(error.Split('\n'), l => l.Contains("bad.json", StringComparison.Ordinal));
        AssertText.ContainsAll(line, "skipped " + Path.Combine(folder, "bad.json"), expected, "left out");
        Assert.DoesNotContain("   at ", error, StringComparison.Ordinal);
        Assert.Contains("1 run(s) analysed, 1 file(s) skipped", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_result_with_null_totals_alone_is_one_line_and_a_non_zero_exit()
    {
        var folder = Folder("null-totals-alone");
        var bad = Good(31_000);
        bad["totals"] = null;
        await File.WriteAllTextAsync(Path.Combine(folder, "null.json"), bad.ToJsonString());

        var (code, _, error) = await Analyze(folder);

        Assert.NotEqual(0, code);
        AssertUserError.OneLineOutput(error, "null.json has no totals section");
        Assert.False(Directory.Exists(folder + "-report"));
    }

    [Fact]
    public async Task One_run_in_two_files_is_one_run_with_a_line_saying_so()
    {
        var folder = Folder("duplicate");
        var run = Good(30_000, ("vcpus", "4")).ToJsonString();
        await File.WriteAllTextAsync(Path.Combine(folder, "a.json"), run);
        await File.WriteAllTextAsync(Path.Combine(folder, "copy-of-a.json"), run);
        await File.WriteAllTextAsync(Path.Combine(folder, "b.json"), Good(20_000, ("vcpus", "4")).ToJsonString());

        var (code, output, error) = await Analyze(folder);

        Assert.True(code == 0, error);
        Assert.Contains("2 run(s) analysed, 1 file(s) skipped", output, StringComparison.Ordinal);
        AssertText.ContainsAll(error, "skipped " + Path.Combine(folder, "copy-of-a.json") + ": the same run as " + Path.Combine(folder, "a.json"), "counted once");
        var runs = await File.ReadAllTextAsync(Path.Combine(folder + "-report", "tables", "runs.csv"));
        AssertText.ContainsAll(runs, "a.json", "b.json");
        Assert.DoesNotContain("copy-of-a.json", runs, StringComparison.Ordinal);
    }

    /// <summary>A DS3-format console log of one measured minute at <paramref name="opm"/> OPM (our own text in DS3's format).</summary>
    private static string Ds3Log(long opm) => string.Join('\n',
    [
        "Total number of Threads to be Spawned across multiple servers are n_threads: 4",
        "target= dbhost n_threads= 4 ramp_rate= 10 run_time= 1 db_size= 10MB warmup_time= 0 think_time= 0 pct_newcustomers= 20 "
            + "pct_newmembers= 1 n_searches= 3 search_batch_size= 5 n_reviews=3 pct_newreviews=5 pct_newhelpfulness=10 n_line_items5 "
            + "virt_dir= ds3 page_type= php windows_perf_host=  detailed_view= N linux_perf_host=  output_file=  ds2_mode= N log_freq= 10 log_timestamp= NONE",
        $"et=   60.0 n_overall={opm} opm={opm} rt_tot_lastn_max_msec=150 rt_tot_avg_msec=43 rt_tot_sampled=43 rollbacks: n=20 %=  1.0 ",
        $"Final (11/23/2026 10:04:05 AM): et=   60.0 n_overall={opm} opm={opm} rt_tot_lastn_max=150 rt_tot_avg=43 n_rollbacks_overall=20 rollback_rate =   1.0%",
    ]);

    [Fact]
    public async Task Ds3_logs_that_do_not_say_their_store_are_compared_with_no_other()
    {
        // The case: a DS3 log on a DvdStore store and one on a DS3 store gave "platform=vm: 1.57× platform=native".
        var folder = Folder("ds3-unknown");
        await File.WriteAllTextAsync(Path.Combine(folder, "native.log"), Ds3Log(10_000));
        await File.WriteAllTextAsync(Path.Combine(folder, "vm.log"), Ds3Log(15_700));

        var (code, output, error) = await Analyze(folder, "--label", "native.log:platform=native", "--label", "vm.log:platform=vm", "--baseline", "normalize=platform=native");

        Assert.True(code == 0, error);
        var report = await File.ReadAllTextAsync(Path.Combine(folder + "-report", "report.md"));
        foreach (var text in new[] { output, report })
        {
            Assert.DoesNotContain("1.57", text, StringComparison.Ordinal);
        }

        AssertText.ContainsAll(error, "not compared ", "DS3 driver (unknown store): a DS3 log that does not say which store it ran on is compared with no other run", "store=ds3 or store=dvdstore");
        Assert.Contains("1 run(s) analysed, 1 run(s) of other workloads listed apart", output, StringComparison.Ordinal);

        // Labelled with their store, the two are one workload and compared.
        var (labelledCode, labelled, labelledError) = await Analyze(folder, "--label", "store=ds3", "--label", "native.log:platform=native", "--label", "vm.log:platform=vm", "--baseline", "normalize=platform=native");
        Assert.True(labelledCode == 0, labelledError);
        Assert.Contains("1.57× platform=native", labelled, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_labels_csv_with_quoted_file_names_matches_them()
    {
        // As a spreadsheet saves it: every field quoted, a file name holding a comma.
        var folder = Folder("quoted-labels");
        await File.WriteAllTextAsync(Path.Combine(folder, "run, old.json"), Good(30_000).ToJsonString());
        await File.WriteAllTextAsync(Path.Combine(folder, "new.json"), Good(45_000).ToJsonString());
        var csv = Path.Combine(Path.GetDirectoryName(folder)!, "quoted-labels.csv");
        await File.WriteAllTextAsync(csv, "\"file\",\"key\",\"value\"\n# the two boxes\n\"run, old.json\",\"generation\",\"Westmere\"\n\"new.json\",\"generation\",\"Skylake\"\n");

        var (code, output, error) = await Analyze(folder, "--labels", csv, "--study", "generations");

        Assert.True(code == 0, error);
        Assert.Contains("Skylake reaches 1.50× the peak OPM of Westmere (30000 → 45000)", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_labels_csv_row_that_is_not_three_fields_is_one_line_naming_the_row()
    {
        var folder = Folder("bad-labels");
        await File.WriteAllTextAsync(Path.Combine(folder, "a.json"), Good(30_000).ToJsonString());
        var csv = Path.Combine(Path.GetDirectoryName(folder)!, "bad-labels.csv");
        await File.WriteAllTextAsync(csv, "file,key,value\na.json,generation\n");

        var (code, _, error) = await Analyze(folder, "--labels", csv);

        Assert.NotEqual(0, code);
        AssertUserError.OneLineOutput(error, csv + " row 2 is not 'file,key,value'");
    }
}
