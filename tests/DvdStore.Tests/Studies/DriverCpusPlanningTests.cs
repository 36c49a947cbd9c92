using DvdStore.Driver.Environment;
using DvdStore.Studies;

namespace DvdStore.Tests.Studies;

/// <summary>
/// --driver-cpus in a sweep's plan (issue 6): the server's sets are planned from the CPUs the driver does not
/// have, on the recorded topology trees; what no longer fits is skipped with a reason naming the driver's CPUs.
/// </summary>
public class DriverCpusPlanningTests
{
    private static SweepPlan Plan(string driverCpus, params (string Key, string Value)[] options) =>
        options.Aggregate(
            SweepPlanParser.Apply(new SweepPlan(), "--driver-cpus", driverCpus),
            (plan, o) => SweepPlanParser.Apply(plan, o.Key, o.Value));

    [Fact]
    public void On_two_sockets_with_ht_the_drivers_core_is_in_no_set_and_the_full_machine_count_is_skipped()
    {
        var plan = Plan("7,15", ("--cpus", "1,2,4,8,14,16"), ("--ht", "on,off"), ("--affinity", "true"));

        var cpus = plan.PlanCpus(RecordedCpuTrees.Read(RecordedCpuTrees.TwoSocketsHt));

        Assert.All(cpus.Sets, s => Assert.DoesNotContain(7, s.Cpus));
        Assert.All(cpus.Sets, s => Assert.DoesNotContain(15, s.Cpus));
        var sets = cpus.Sets.ToDictionary(static s => s.Name);
        Assert.Equal([0, 1, 2, 3, 8, 9, 10, 11], sets["vcpu-8"].Cpus);
        Assert.Equal([0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14], sets["vcpu-14"].Cpus);
        Assert.Equal((7, 2, 2), (sets["vcpu-14"].Shape.Cores, sets["vcpu-14"].Shape.Sockets, sets["vcpu-14"].Shape.Nodes));
        Assert.Contains("vcpu-16: only 14 CPUs are online outside --driver-cpus 7,15", cpus.Skipped);

        // Socket 1 keeps 3 cores, so the per-socket sets shrink to what both sockets still hold.
        Assert.Equal([0, 1], sets["ht-off-2"].Cpus);
        Assert.Equal([0, 8], sets["ht-on-2"].Cpus);
        Assert.Equal([0, 1, 2], sets["affinity-packed-3"].Cpus);
        Assert.Equal([0, 1, 4], sets["affinity-spread-3"].Cpus);
    }

    [Fact]
    public void Taking_one_hyper_thread_leaves_its_sibling_as_a_single_thread_core_for_the_server()
    {
        var layout = RecordedCpuTrees.Read(RecordedCpuTrees.TwoSocketsHt).Without([15])!;

        Assert.Equal([15], layout.Reserved);
        Assert.Equal(15, layout.Cpus.Count);
        Assert.Equal([7], layout.Cores.Single(static c => c.Threads.Contains(7)).Threads);
        var ht = new CpuSetPlanner(layout).HyperThreading([16]);
        Assert.Contains("ht-on-16: the machine has only 7 cores with two threads outside --driver-cpus 15", ht.Skipped);
    }

    [Fact]
    public void On_four_sockets_a_driver_socket_leaves_three_sockets_for_the_server()
    {
        var plan = Plan("12-15", ("--cpus", "all"), ("--affinity", ""));

        var cpus = plan.PlanCpus(RecordedCpuTrees.Read(RecordedCpuTrees.FourSocketsNoSmt));

        Assert.Equal(["vcpu-1", "vcpu-2", "vcpu-4", "vcpu-8", "vcpu-12", "affinity-packed-4", "affinity-spread-4"], cpus.Sets.Select(static s => s.Name));
        Assert.Equal(Enumerable.Range(0, 12), cpus.Sets[4].Cpus);
        Assert.Equal(3, cpus.Sets[4].Shape.Sockets);
        Assert.Equal([0, 1, 4, 8], cpus.Sets[^1].Cpus);
        Assert.Empty(cpus.Skipped);
    }

    [Fact]
    public void On_this_two_cpu_machine_the_driver_on_cpu_1_leaves_cpu_0_for_the_server()
    {
        var plan = Plan("1", ("--cpus", "1,2"));

        var cpus = plan.PlanCpus(RecordedCpuTrees.Read(RecordedCpuTrees.ThisMachine));

        Assert.Equal([0], Assert.Single(cpus.Sets).Cpus);
        Assert.Equal(["vcpu-2: only 1 CPUs are online outside --driver-cpus 1"], cpus.Skipped);
    }

    [Fact]
    public void A_driver_holding_every_cpu_leaves_no_set_and_says_so()
    {
        var cpus = Plan("0-1", ("--cpus", "1")).PlanCpus(RecordedCpuTrees.Read(RecordedCpuTrees.ThisMachine));

        Assert.Empty(cpus.Sets);
        Assert.Contains("every online CPU is the driver's (--driver-cpus 0-1)", Assert.Single(cpus.Skipped));
    }

    [Theory]
    [InlineData("2,3", new[] { 2, 3 })]
    [InlineData("4-7", new[] { 4, 5, 6, 7 })]
    [InlineData(" 1 ", new[] { 1 })]
    public void Driver_cpus_take_the_linux_list_syntax(string text, int[] expected)
    {
        Assert.Equal(expected, DriverAffinity.Parse("--driver-cpus", text));
        Assert.Equal(expected, SweepPlanParser.Apply(new SweepPlan(), "driver_cpus", text).DriverCpus);
    }

    [Theory]
    [InlineData("", "names no CPU")]
    [InlineData(",", "names no CPU")]
    [InlineData("3-1", "not a CPU list")]
    [InlineData("one", "not a CPU list")]
    [InlineData("-1", "not a CPU list")]
    [InlineData("99999999999", "not a CPU list")]
    public void Bad_driver_cpu_lists_are_one_line_user_errors(string text, string expected)
    {
        AssertUserError.OneLine(() => DriverAffinity.Parse("--driver-cpus", text), expected);
    }

    [Fact]
    public void A_driver_sharing_the_servers_cpus_is_a_warning_that_names_them_and_the_fix()
    {
        var finding = DriverAffinity.SharesServerCpus([0, 1], [1, 2, 3]);

        Assert.NotNull(finding);
        Assert.Equal((DriverAffinity.SharedCpusCode, FindingSeverity.Warning), (finding.Code, finding.Severity));
        Assert.Contains("CPU 1 of the server's set 0-1", finding.Message, StringComparison.Ordinal);
        Assert.Contains("--driver-cpus 2-3", finding.Message, StringComparison.Ordinal);
        Assert.Null(DriverAffinity.SharesServerCpus([0, 1], [2, 3]));
        Assert.Null(DriverAffinity.SharesServerCpus([0, 1], null));
        Assert.DoesNotContain("e.g.", DriverAffinity.SharesServerCpus([0, 1], [0, 1])!.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Step_labels_carry_the_drivers_cpus_when_known()
    {
        var set = RecordedCpuTrees.Read(RecordedCpuTrees.ThisMachine) is var layout
            ? new CpuSetPlanner(layout).VcpuScaling([1]).Sets[0]
            : null;

        Assert.Equal("1", SweepRunner.Labels(set, 2, "sched_setaffinity", "x", [1])["driver_cpus"]);
        Assert.Equal("0-1", SweepRunner.Labels(null, 2, null, "x", [0, 1])["driver_cpus"]);
        Assert.False(SweepRunner.Labels(set, 2, "sched_setaffinity", "x").ContainsKey("driver_cpus"));
    }
}
