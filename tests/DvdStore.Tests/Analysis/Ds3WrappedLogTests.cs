using System.Text;
using DvdStore.Analysis.Reading;

namespace DvdStore.Tests.Analysis;

/// <summary>
/// A DS3 console log wrapped at 80 columns (by fold, a mailer or a viewer) imports with the same totals and
/// per-transaction figures as the unwrapped log, or says in one warning finding what it could not read, never
/// a silent 0.0 % rollbacks. The sample is our own, written from docs/ds3-compatibility.md, "Driver output and formulas".
/// </summary>
public sealed class Ds3WrappedLogTests
{
    private static readonly string Log = string.Join('\n',
    [
        "Total number of Threads to be Spawned across multiple servers are n_threads: 4",
        "target= dbhost n_threads= 4 ramp_rate= 10 run_time= 2 db_size= 10MB warmup_time= 1 think_time= 0 pct_newcustomers= 20 "
            + "pct_newmembers= 1 n_searches= 3 search_batch_size= 5 n_reviews=3 pct_newreviews=5 pct_newhelpfulness=10 n_line_items5 "
            + "virt_dir= ds3 page_type= php windows_perf_host=  detailed_view= N linux_perf_host=  output_file=  ds2_mode= N log_freq= 10 log_timestamp= NONE",
        "Thread 0: created for User 0",
        "Controller (11/23/2026 10:00:00 AM): all threads running",
        "Controller (11/23/2026 10:00:03 AM): all threads connected - issuing Start",
        "et=   60.1 n_overall=6012 opm=6001 rt_tot_lastn_max_msec=95 rt_tot_avg_msec=38 rt_tot_sampled=39 rollbacks: n=118 %=  2.0 ",
        "Stats reset",
        "et=   60.0 n_overall=6100 opm=6100 rt_tot_lastn_max_msec=97 rt_tot_avg_msec=39 rt_tot_sampled=39 rollbacks: n=121 %=  2.0 ",
        "et=  120.0 n_overall=12180 opm=6090 rt_tot_lastn_max_msec=99 rt_tot_avg_msec=39 rt_tot_sampled=39 rollbacks: n=244 %=  2.0 ",
        "",
        "Final (11/23/2026 10:03:04 AM): et=  120.3 n_overall=12201 opm=6085 rt_tot_lastn_max=99 rt_tot_avg=39 n_login_overall=9760 "
            + "n_newcust_overall=2441 n_newmember_overall=122 n_browse_overall=36603 n_reviewbrowse=73206 n_newreviews=610 n_newhelpfulness=1220 "
            + "n_purchase_overall=12201 rt_login_avg_msec=2 rt_newcust_avg_msec=4 rt_rewmember_avg_msec=3 "
            + "rt_browse_avg_msec=5 rt_reviewbrowse_avg_msec=2 rt_newreview_avg_msec=3 rt_newhelpfulness=2 "
            + "rt_purchase_avg_msec=9 rt_tot_sampled=39 n_rollbacks_overall=244 rollback_rate =   2.0%",
        "Controller (11/23/2026 10:03:05 AM): all threads stopped, exiting",
        "n_purchase_from_start= 18213 n_rollbacks_from_start= 362",
        "Run over",
    ]);

    public enum Wrap
    {
        /// <summary>fold -w 80: cut every 80 characters, in the middle of keys and numbers.</summary>
        Hard,

        /// <summary>fold -s -w 80: break after the last space that fits (the space stays at the line end).</summary>
        AtSpaceKept,

        /// <summary>A mailer's wrap: break at the last space that fits and drop it.</summary>
        AtSpaceDropped,
    }

    [Theory]
    [InlineData(Wrap.Hard)]
    [InlineData(Wrap.AtSpaceKept)]
    [InlineData(Wrap.AtSpaceDropped)]
    public void A_log_wrapped_at_80_columns_imports_like_the_original(Wrap wrap)
    {
        var original = Ds3LogParser.Parse(Log, "ds3.log");
        var wrapped = Ds3LogParser.Parse(Fold(Log, 80, wrap), "ds3-wrapped.log");

        Assert.Equal(244, original.Totals.Rollbacks);
        Assert.Equal(original.Totals.Rollbacks, wrapped.Totals.Rollbacks);
        Assert.Equal(original.Totals.RollbackPercent, wrapped.Totals.RollbackPercent, 9);
        Assert.Equal(original.Totals.Opm, wrapped.Totals.Opm);
        Assert.Equal(original.Totals.Orders, wrapped.Totals.Orders);
        Assert.Equal(original.Totals.MeasuredSeconds, wrapped.Totals.MeasuredSeconds, 9);
        Assert.Equal(original.Intervals.Select(i => (i.Orders, i.Rollbacks, i.Measured)), wrapped.Intervals.Select(i => (i.Orders, i.Rollbacks, i.Measured)));
        Assert.Equal(8, wrapped.Transactions.Count);
        Assert.Equal(original.Transactions.Select(t => (t.Kind, t.Count, t.MeanMs)), wrapped.Transactions.Select(t => (t.Kind, t.Count, t.MeanMs)));
        Assert.Equal(9, wrapped.Transactions.Single(t => t.Kind == "Purchase").MeanMs);
        Assert.Empty(wrapped.Findings);
    }

    [Fact]
    public void A_log_cut_inside_the_final_summary_warns_and_takes_the_totals_from_the_last_line()
    {
        var cut = Log[..(Log.IndexOf("n_purchase_overall=12201", StringComparison.Ordinal) + 10)];

        var result = Ds3LogParser.Parse(cut, "cut.log");

        Assert.Equal(244, result.Totals.Rollbacks);
        var warning = Assert.Single(result.Findings, f => f.Code == Ds3LogParser.PartialFinalCode);
        Assert.Contains("n_rollbacks_overall", warning.Message, StringComparison.Ordinal);
        Assert.DoesNotContain('\n', warning.Message);
    }

    [Fact]
    public void A_periodic_line_no_join_repairs_is_counted_in_a_warning()
    {
        var damaged = Log.Replace("rt_tot_sampled=39 rollbacks: n=244 %=  2.0 ", "rt_tot_sampled=39 rollb", StringComparison.Ordinal);

        var result = Ds3LogParser.Parse(damaged, "damaged.log");

        var warning = Assert.Single(result.Findings, f => f.Code == Ds3LogParser.WrappedCode);
        Assert.StartsWith("1 periodic line(s)", warning.Message, StringComparison.Ordinal);
        Assert.Equal(244, result.Totals.Rollbacks);
    }

    private static string Fold(string text, int width, Wrap wrap)
    {
        var output = new StringBuilder();
        foreach (var line in text.Split('\n'))
        {
            var rest = line;
            while (rest.Length > width)
            {
                var cut = width;
                if (wrap != Wrap.Hard)
                {
                    var space = rest.LastIndexOf(' ', width - 1);
                    cut = space > 0 ? space + 1 : width;
                }

                output.Append(wrap == Wrap.AtSpaceDropped && rest[cut - 1] == ' ' ? rest[..(cut - 1)] : rest[..cut]).Append('\n');
                rest = rest[cut..];
            }

            output.Append(rest).Append('\n');
        }

        return output.ToString();
    }
}
