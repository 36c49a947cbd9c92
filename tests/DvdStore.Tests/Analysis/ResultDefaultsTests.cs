using DvdStore.Analysis.Reading;
using DvdStore.Monitoring;

namespace DvdStore.Tests.Analysis;

/// <summary>
/// Analysis reads every result through <see cref="ResultDefaults.Complete"/>; a section it does not copy is lost to
/// every study (a rate run's latency was: the sla study saw no rate run). A result with every section set comes out the
/// same, and the sample must set every section, so a section added to <see cref="RunResult"/> later is checked too.
/// </summary>
public sealed class ResultDefaultsTests
{
    [Fact]
    public void A_result_with_every_section_comes_out_of_the_defaults_unchanged()
    {
        var full = new RunResult
        {
            ToolVersion = "1.0.0",
            RunId = "r",
            Error = "e",
            Outcome = RunOutcome.Completed,
            Parameters = new Dictionary<string, string> { ["n_threads"] = "4" },
            Context = new RunContext { Labels = new Dictionary<string, string> { ["rate"] = "600" } },
            Workload = new WorkloadIdentity { Name = "DvdStore", Version = "1", Hash = "h", StatementsHash = "s", Vocabulary = "v" },
            Totals = new RunTotals { Orders = 10, Opm = 600 },
            OrderResponse = new TransactionStats { Kind = "Order", Count = 10 },
            Transactions = [new TransactionStats { Kind = "Login", Count = 10 }],
            Intervals = [new IntervalSample { ElapsedSeconds = 1, Orders = 10, Measured = true, TargetOpm = 600 }],
            CrossCheck = new CrossCheck { OrdersBefore = 1, OrdersAfter = 11, DriverCommitted = 10 },
            WindowCrossCheck = new WindowCrossCheck { OrdersAtStart = 3, OrdersAtEnd = 11, DriverCommitted = 8, ToleranceAbove = 1 },
            ErrorCauses = [new ErrorCause { Cause = "Purchase failed: deadlock", Count = 2 }],
            Findings = [new Finding("rate-not-delivered", FindingSeverity.Warning, "short")],
            ServerMetrics = new ServerMetricsSummary(),
            OpenLoop = new OpenLoopSummary { TargetOpm = 600, DeliveredOpm = 590, Latency = new TransactionStats { Kind = "Order", Count = 10, P99Ms = 42 } },
            Fleet = new FleetMembership(),
        };
        var unset = typeof(RunResult).GetProperties().Where(p => p.GetValue(full) is null).Select(static p => p.Name).ToList();
        Assert.True(unset.Count == 0, $"set {string.Join(", ", unset)} in this sample, and carry it over in ResultDefaults.Complete");

        var completed = ResultDefaults.Complete(full);

        Assert.Equal(JsonResultWriter.ToJson(full), JsonResultWriter.ToJson(completed));
        Assert.Equal(42, completed.OpenLoop!.Latency.P99Ms);
    }
}
