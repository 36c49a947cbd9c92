using DvdStore.Studies;

namespace DvdStore.Tests.Studies;

public class CpuSetPlannerTests
{
    private static CpuSetPlanner Planner(string tree) => new(RecordedCpuTrees.Read(tree));

    [Fact]
    public void Doubling_runs_1_2_4_and_ends_at_the_maximum()
    {
        Assert.Equal([1, 2, 4, 8, 16], CpuSetPlanner.Doubling(16));
        Assert.Equal([1, 2, 4, 6], CpuSetPlanner.Doubling(6));
        Assert.Equal([1], CpuSetPlanner.Doubling(1));
    }

    [Fact]
    public void Vcpu_scaling_with_cores_first_takes_one_thread_per_core_and_fills_socket_0_first()
    {
        var plan = Planner(RecordedCpuTrees.TwoSocketsHt).VcpuScaling();

        Assert.Equal(["vcpu-1", "vcpu-2", "vcpu-4", "vcpu-8", "vcpu-16"], plan.Sets.Select(static s => s.Name));
        Assert.Empty(plan.Skipped);
        var four = plan.Sets[2];
        Assert.Equal([0, 1, 2, 3], four.Cpus);
        Assert.Equal((4, 1, 1, 1), (four.Shape.Cores, four.Shape.ThreadsPerCore, four.Shape.Sockets, four.Shape.Nodes));
        var eight = plan.Sets[3];
        Assert.Equal([0, 1, 2, 3, 8, 9, 10, 11], eight.Cpus);
        Assert.Equal((4, 2, 1), (eight.Shape.Cores, eight.Shape.ThreadsPerCore, eight.Shape.Sockets));
        Assert.Equal((8, 2, 2, 2), (plan.Sets[4].Shape.Cores, plan.Sets[4].Shape.ThreadsPerCore, plan.Sets[4].Shape.Sockets, plan.Sets[4].Shape.Nodes));
    }

    [Fact]
    public void Vcpu_scaling_with_threads_first_fills_a_cores_siblings_before_the_next_core()
    {
        var plan = Planner(RecordedCpuTrees.TwoSocketsHt).VcpuScaling([2, 4, 10], ThreadFill.ThreadsFirst);

        Assert.Equal([0, 8], plan.Sets[0].Cpus);
        Assert.Equal((1, 2), (plan.Sets[0].Shape.Cores, plan.Sets[0].Shape.ThreadsPerCore));
        Assert.Equal([0, 1, 8, 9], plan.Sets[1].Cpus);
        Assert.Equal([0, 1, 2, 3, 4, 8, 9, 10, 11, 12], plan.Sets[2].Cpus);
        Assert.Equal(2, plan.Sets[2].Shape.Sockets);
    }

    [Fact]
    public void Vcpu_counts_beyond_the_online_cpus_are_skipped_with_a_reason()
    {
        var plan = Planner(RecordedCpuTrees.ThisMachine).VcpuScaling([1, 2, 4]);

        Assert.Equal(["vcpu-1", "vcpu-2"], plan.Sets.Select(static s => s.Name));
        Assert.Equal([0], plan.Sets[0].Cpus);
        Assert.Equal(["vcpu-4: only 2 CPUs are online"], plan.Skipped);
    }

    [Fact]
    public void Hyper_threading_compares_n_cores_by_one_thread_with_half_the_cores_by_two_on_one_socket()
    {
        var plan = Planner(RecordedCpuTrees.TwoSocketsHt).HyperThreading();

        Assert.Equal(["ht-off-4", "ht-on-4"], plan.Sets.Select(static s => s.Name));
        var off = plan.Sets[0];
        var on = plan.Sets[1];
        Assert.Equal([0, 1, 2, 3], off.Cpus);
        Assert.Equal((4, 1, 1), (off.Shape.Cores, off.Shape.ThreadsPerCore, off.Shape.Sockets));
        Assert.Equal([0, 1, 8, 9], on.Cpus);
        Assert.Equal((2, 2, 1), (on.Shape.Cores, on.Shape.ThreadsPerCore, on.Shape.Sockets));
        Assert.Equal("on", on.ToLabels()["cpu_variant"]);
        Assert.Equal("ht", on.ToLabels()["cpu_study"]);
    }

    [Fact]
    public void Hyper_threading_of_8_cpus_spreads_the_off_variant_over_both_sockets_and_odd_counts_are_refused()
    {
        var plan = Planner(RecordedCpuTrees.TwoSocketsHt).HyperThreading([8, 3, 18], on: true, off: true);

        Assert.Equal(["ht-off-8", "ht-on-8"], plan.Sets.Select(static s => s.Name));
        Assert.Equal(2, plan.Sets[0].Shape.Sockets);
        Assert.Equal(1, plan.Sets[1].Shape.Sockets);
        Assert.Equal(3, plan.Skipped.Count);
        Assert.Contains("even", plan.Skipped[0]);
    }

    [Fact]
    public void Hyper_threading_is_skipped_without_smt()
    {
        var plan = Planner(RecordedCpuTrees.FourSocketsNoSmt).HyperThreading();

        Assert.Empty(plan.Sets);
        Assert.Contains("no SMT", Assert.Single(plan.Skipped));
    }

    [Fact]
    public void Affinity_packs_one_node_or_spreads_the_same_count_over_all_nodes()
    {
        var plan = Planner(RecordedCpuTrees.FourSocketsNoSmt).Affinity();

        Assert.Equal(["affinity-packed-4", "affinity-spread-4"], plan.Sets.Select(static s => s.Name));
        Assert.Equal([0, 1, 2, 3], plan.Sets[0].Cpus);
        Assert.Equal((1, 1), (plan.Sets[0].Shape.Sockets, plan.Sets[0].Shape.Nodes));
        Assert.Equal([0, 4, 8, 12], plan.Sets[1].Cpus);
        Assert.Equal((4, 4), (plan.Sets[1].Shape.Sockets, plan.Sets[1].Shape.Nodes));
    }

    [Fact]
    public void Affinity_on_two_sockets_with_ht_uses_one_thread_per_core()
    {
        var plan = Planner(RecordedCpuTrees.TwoSocketsHt).Affinity();

        Assert.Equal([0, 1, 2, 3], plan.Sets[0].Cpus);
        Assert.Equal([0, 1, 4, 5], plan.Sets[1].Cpus);
        Assert.All(plan.Sets, static s => Assert.Equal(1, s.Shape.ThreadsPerCore));
    }

    [Fact]
    public void Affinity_is_skipped_on_one_socket()
    {
        var plan = Planner(RecordedCpuTrees.ThisMachine).Affinity();

        Assert.Empty(plan.Sets);
        Assert.Contains("one socket", Assert.Single(plan.Skipped));
    }
}
