using DvdStore.Analysis.Reading;

namespace DvdStore.Tests.Analysis;

/// <summary>DS3 driver output (docs/ds3-compatibility.md, "A driver run" and "Driver output and formulas") read into the driver's result model. The sample text is our own, in DS3's format.</summary>
public sealed class Ds3ParsingTests
{
    private const string Banner =
        "target= dbhost n_threads= 18 ramp_rate= 10 run_time= 3 db_size= 25GB warmup_time= 1 think_time= 0 pct_newcustomers= 0 "
        + "pct_newmembers= 0 n_searches= 3 search_batch_size= 5 n_reviews=20 pct_newreviews=0 pct_newhelpfulness=0 n_line_items5 "
        + "virt_dir= ds3 page_type= php windows_perf_host=  detailed_view= N linux_perf_host=  output_file=  ds2_mode= N log_freq= 10 log_timestamp= NONE";

    private static readonly string Log = string.Join('\n',
    [
        "Total number of Threads to be Spawned across multiple servers are n_threads: 18",
        Banner,
        "Using DateTime.Now for timing",
        "Thread 0: created for User 0",
        "Thread 0: connected to dbhost",
        "Controller (11/23/2026 10:00:00 AM): all threads running",
        "Controller (11/23/2026 10:00:02 AM): all threads connected - issuing Start",
        "et=   30.0 n_overall=12300 opm=24600 rt_tot_lastn_max_msec=150 rt_tot_avg_msec=43 rt_tot_sampled=43 rollbacks: n=240 %=  2.0 ",
        "et=   60.0 n_overall=24634 opm=24634 rt_tot_lastn_max_msec=149 rt_tot_avg_msec=44 rt_tot_sampled=45 rollbacks: n=490 %=  2.0 ",
        "Stats reset",
        "et=   30.0 n_overall=13800 opm=27600 rt_tot_lastn_max_msec=91 rt_tot_avg_msec=54 rt_tot_sampled=54 rollbacks: n=260 %=  1.9 ",
        "et=   60.0 n_overall=27700 opm=27700 rt_tot_lastn_max_msec=144 rt_tot_avg_msec=54 rt_tot_sampled=54 rollbacks: n=530 %=  1.9 ",
        "et=   90.0 n_overall=41400 opm=27600 rt_tot_lastn_max_msec=152 rt_tot_avg_msec=54 rt_tot_sampled=55 rollbacks: n=790 %=  1.9 ",
        "",
        "Final (11/23/2026 10:04:05 AM): et=  182.8 n_overall=84066 opm=27589 rt_tot_lastn_max=152 rt_tot_avg=54 n_login_overall=84066 "
            + "n_newcust_overall=0 n_newmember_overall=0 n_browse_overall=252690 n_reviewbrowse=2565201 n_newreviews=0 n_newhelpfulness=0 "
            + "n_purchase_overall=84066 rt_login_avg_msec=1 rt_newcust_avg_msec=-2147483648 rt_rewmember_avg_msec=-2147483648 "
            + "rt_browse_avg_msec=2 rt_reviewbrowse_avg_msec=1 rt_newreview_avg_msec=-2147483648 rt_newhelpfulness=-2147483648 "
            + "rt_purchase_avg_msec=3 rt_tot_sampled=54 n_rollbacks_overall=1600 rollback_rate =   1.9%",
        "Thread 0: exiting",
        "Controller (11/23/2026 10:04:06 AM): all threads stopped, exiting",
        "n_purchase_from_start= 110000 n_rollbacks_from_start= 2100",
        "Run over",
    ]);

    [Fact]
    public void A_console_log_gives_the_final_totals_the_banner_parameters_and_the_intervals()
    {
        Assert.True(Ds3LogParser.LooksLikeLog(Log));

        var result = Ds3LogParser.Parse(Log, "ds3run.log");

        AssertTotals(result, opm: 27_589, orders: 84_066, rollbacks: 1_600, measuredSeconds: 182.8);
        Assert.Equal(82_466, result.Totals.CommittedOrders);
        Assert.Equal(100.0 * 1_600 / 84_066, result.Totals.RollbackPercent, 9);
        Assert.Equal(54, result.OrderResponse.MeanMs);
        Assert.Equal("18", result.Parameters["n_threads"]);
        Assert.Equal("25GB", result.Parameters["db_size"]);
        Assert.Equal("20", result.Parameters["n_reviews"]);
        Assert.Equal("", result.Parameters["windows_perf_host"]);
        Assert.Equal("NONE", result.Parameters["log_timestamp"]);

        // Two warm-up lines, then three measured ones whose et restarts at the reset.
        Assert.Equal([false, false, true, true, true], result.Intervals.Select(i => i.Measured));
        Assert.Equal([30.0, 60, 90, 120, 150], result.Intervals.Select(i => i.SinceStartSeconds));
        var second = result.Intervals[3];
        Assert.Equal(13_900, second.Orders);
        Assert.Equal(60.0 * 13_900 / 30, second.IntervalOpm, 9);
        Assert.Equal(270, second.Rollbacks);

        // Per-step averages with DS3's spellings; NaN averages (printed as int.MinValue) read as no value.
        var login = result.Transactions.Single(t => t.Kind == "Login");
        Assert.Equal(84_066, login.Count);
        Assert.Equal(1, login.MeanMs);
        Assert.Equal(0, result.Transactions.Single(t => t.Kind == "NewCustomer").MeanMs);
        Assert.Equal(3, result.Transactions.Single(t => t.Kind == "Purchase").MeanMs);
        Assert.Equal(2_565_201, result.Transactions.Single(t => t.Kind == "ReviewBrowse").Count);
    }

    /// <summary>
    /// The sample run printed in DS3's driver documentation lost spaces where its lines were wrapped, so fields are glued
    /// ("opm=27589rt_tot_lastn_max=…"): a number runs into the next key. Our own copy of that shape (docs/ds3-compatibility.md, "Driver output and formulas").
    /// </summary>
    [Fact]
    public void The_documentation_samples_final_summary_with_fields_glued_reads_like_the_log()
    {
        var glued = Log
            .Replace("opm=27589 rt_tot_lastn_max=152", "opm=27589rt_tot_lastn_max=152", StringComparison.Ordinal)
            .Replace("n_reviewbrowse=2565201 n_newreviews=0", "n_reviewbrowse=2565201n_newreviews=0", StringComparison.Ordinal);
        Assert.NotEqual(Log, glued);

        var result = Ds3LogParser.Parse(glued, "ds3driver_doc.txt");

        var original = Ds3LogParser.Parse(Log, "ds3run.log");
        AssertTotals(result, opm: 27_589, orders: 84_066, rollbacks: 1_600, measuredSeconds: 182.8);
        Assert.Equal(original.Transactions.Select(t => (t.Kind, t.Count, t.MeanMs)), result.Transactions.Select(t => (t.Kind, t.Count, t.MeanMs)));
        Assert.Empty(result.Findings);
    }

    [Fact]
    public void Periodic_lines_with_fields_glued_read_like_the_log()
    {
        var glued = Log
            .Replace("opm=27700 rt_tot_lastn_max_msec=144", "opm=27700rt_tot_lastn_max_msec=144", StringComparison.Ordinal)
            .Replace("rt_tot_sampled=55 rollbacks:", "rt_tot_sampled=55rollbacks:", StringComparison.Ordinal);
        Assert.NotEqual(Log, glued);

        var result = Ds3LogParser.Parse(glued, "ds3driver_doc.txt");

        var original = Ds3LogParser.Parse(Log, "ds3run.log");
        Assert.Equal(original.Intervals.Select(i => (i.Orders, i.Rollbacks, i.Measured)), result.Intervals.Select(i => (i.Orders, i.Rollbacks, i.Measured)));
        Assert.Empty(result.Findings);
    }

    [Fact]
    public void A_value_glued_to_a_word_that_is_no_ds3_key_is_refused_naming_the_field()
    {
        var glued = Log.Replace("opm=27589 rt_tot_lastn_max=152", "opm=27589rt_tot_lastn_mux=152", StringComparison.Ordinal);

        AssertUserError.OneLine(() => Ds3LogParser.Parse(glued, "ds3driver_doc.txt"), "ds3driver_doc.txt", "'opm=27589rt_tot_lastn_mux'", "'rt_tot_lastn_mux' is no DS3 key");
    }

    [Fact]
    public void The_run_labels_come_from_the_banner()
    {
        var labels = ContextLabels.Derive(Ds3LogParser.Parse(Log, "ds3run.log"));

        Assert.Equal("18", labels[LabelKeys.Threads]);
        Assert.Equal("25GB", labels[LabelKeys.Size]);
        Assert.False(labels.ContainsKey(LabelKeys.Vcpus));
    }

    [Fact]
    public void A_log_without_final_summary_takes_its_totals_from_the_last_line_and_says_so()
    {
        var cut = Log[..Log.IndexOf("\nFinal (", StringComparison.Ordinal)];

        var result = Ds3LogParser.Parse(cut, "killed.log");

        AssertTotals(result, opm: 27_600, orders: 41_400, rollbacks: 790, measuredSeconds: 90);
        Assert.Contains(result.Findings, f => f.Code == "ds3-no-final");
    }

    [Fact]
    public void Utc_timestamps_and_detailed_view_blocks_are_understood()
    {
        var text = string.Join('\n',
        [
            "2026-11-23T10:00:10.000Z et=   10.0 n_overall=1000 opm=6000 rt_tot_lastn_max_msec=20 rt_tot_avg_msec=10 rt_tot_sampled=10 rollbacks: n=20 %=  2.0 ",
            "",
            "Individual Stats for each DB / Web Server: ",
            "et=   10.0 n_overall=500 opm=3000 rt_tot_lastn_max_msec=20 rt_tot_avg_msec=10 rt_tot_sampled=10 rollbacks: n=10 %=  2.0 ",
            "et=   10.0 n_overall=500 opm=3000 rt_tot_lastn_max_msec=20 rt_tot_avg_msec=10 rt_tot_sampled=10 rollbacks: n=10 %=  2.0 ",
            "2026-11-23T10:00:20.000Z et=   20.0 n_overall=2100 opm=6300 rt_tot_lastn_max_msec=20 rt_tot_avg_msec=10 rt_tot_sampled=10 rollbacks: n=41 %=  2.0 ",
        ]);

        var result = Ds3LogParser.Parse(text, "utc.log");

        Assert.Equal(2, result.Intervals.Count);
        Assert.Equal(new DateTimeOffset(2026, 11, 23, 10, 0, 20, TimeSpan.Zero), result.Intervals[1].TimestampUtc);
        Assert.Equal(1_100, result.Intervals[1].Orders);
        Assert.Equal(new DateTimeOffset(2026, 11, 23, 10, 0, 0, TimeSpan.Zero), result.StartUtc);
        Assert.Equal(6_300, result.Totals.Opm);
    }

    [Fact]
    public void An_out_filename_csv_is_read_with_the_reset_found_where_et_goes_back()
    {
        var csv = string.Join('\n',
        [
            "datetime et, n_overall, opm, rt_tot_lastn_max_msec, rt_tot_avg_msec, rt_tot_sampled, n_rollbacks_overall, rollback_pct",
            "    30.0,12300,24600,150,43,43,240,  2.0",
            "    60.0,24634,24634,149,44,45,490,  2.0",
            "    30.0,13800,27600,91,54,54,260,  1.9",
            "    60.0,27700,27700,144,54,54,530,  1.9",
            "",
        ]);

        Assert.True(Ds3CsvParser.LooksLikeCsv(csv));
        var result = Ds3CsvParser.Parse(csv, "ds3.csv");

        Assert.Equal([false, false, true, true], result.Intervals.Select(i => i.Measured));
        AssertTotals(result, opm: 27_700, orders: 27_700, rollbacks: 530, measuredSeconds: 60);
        Assert.Contains(result.Findings, f => f.Code == "ds3-csv");
    }

    [Fact]
    public void A_csv_with_utc_timestamps_keeps_them()
    {
        var csv = "datetime et, n_overall, opm, rt_tot_lastn_max_msec, rt_tot_avg_msec, rt_tot_sampled, n_rollbacks_overall, rollback_pct\n"
            + "2026-11-23T10:00:10.000Z    10.0,1000,6000,20,10,10,20,  2.0\n"
            + "2026-11-23T10:00:20.000Z    20.0,2100,6300,20,10,10,41,  2.0\n";

        var result = Ds3CsvParser.Parse(csv, "utc.csv");

        Assert.Equal(new DateTimeOffset(2026, 11, 23, 10, 0, 10, TimeSpan.Zero), result.Intervals[0].TimestampUtc);
        Assert.Equal(1_100, result.Intervals[1].Orders);
        Assert.Equal(6_600, result.Intervals[1].IntervalOpm, 9);
    }

    [Fact]
    public void A_damaged_csv_row_is_named()
    {
        var csv = "datetime et, n_overall, opm, rt_tot_lastn_max_msec, rt_tot_avg_msec, rt_tot_sampled, n_rollbacks_overall, rollback_pct\n    10.0,abc,1\n";

        var error = Assert.Throws<UserError>(() => Ds3CsvParser.Parse(csv, "bad.csv"));

        Assert.Contains("bad.csv line 2", error.Message, StringComparison.Ordinal);
    }

    private static void AssertTotals(DvdStore.Driver.Results.RunResult result, long opm, long orders, long rollbacks, double measuredSeconds)
    {
        Assert.Equal(opm, result.Totals.Opm);
        Assert.Equal(orders, result.Totals.Orders);
        Assert.Equal(rollbacks, result.Totals.Rollbacks);
        Assert.Equal(measuredSeconds, result.Totals.MeasuredSeconds, 9);
    }
}
