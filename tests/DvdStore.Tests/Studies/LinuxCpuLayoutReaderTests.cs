using DvdStore.Monitoring.Proc;
using DvdStore.Studies;

namespace DvdStore.Tests.Studies;

public class LinuxCpuLayoutReaderTests
{
    [Fact]
    public void Two_sockets_with_hyper_threading_give_8_cores_of_2_threads_on_2_nodes()
    {
        var layout = RecordedCpuTrees.Read(RecordedCpuTrees.TwoSocketsHt);

        Assert.Equal(Enumerable.Range(0, 16), layout.OnlineCpus);
        AssertCounts(layout, sockets: 2, cores: 8, coresPerSocket: 4, threadsPerCore: 2, smt: true, nodes: 2);

        // Siblings are n and n+8; the first core of socket 1 is cpu4+cpu12 on node 1.
        Assert.Equal([0, 8], layout.Cores[0].Threads);
        Assert.Equal((4, 1, 1), (layout.Cores[4].Index, layout.Cores[4].Socket, layout.Cores[4].Node));
        Assert.Equal([4, 12], layout.Cores[4].Threads);
        Assert.Equal(new CpuPlacement(13, 1, 5, 1), layout[13]);
    }

    [Fact]
    public void Four_sockets_without_smt_give_16_single_thread_cores_on_4_nodes()
    {
        var layout = RecordedCpuTrees.Read(RecordedCpuTrees.FourSocketsNoSmt);

        Assert.Equal(16, layout.OnlineCpus.Count);
        AssertCounts(layout, sockets: 4, cores: 16, coresPerSocket: 4, threadsPerCore: 1, smt: false, nodes: 4);
        Assert.Equal(new CpuPlacement(9, 2, 9, 2), layout[9]);
    }

    [Fact]
    public void This_machines_recorded_tree_is_one_socket_two_cores_one_node()
    {
        var layout = RecordedCpuTrees.Read(RecordedCpuTrees.ThisMachine);

        Assert.Equal([0, 1], layout.OnlineCpus);
        AssertCounts(layout, sockets: 1, cores: 2, coresPerSocket: 2, threadsPerCore: 1, smt: false, nodes: 1);
    }

    [SkippableFact]
    public void The_live_tree_agrees_with_the_process_count_of_online_cpus()
    {
        TestServers.SkipIfEnvironment(!OperatingSystem.IsLinux(), "reads /sys/devices/system (Linux only)");

        var layout = LinuxCpuLayoutReader.Read();

        Assert.Equal(File.ReadAllText("/sys/devices/system/cpu/online").Trim(), global::DvdStore.Monitoring.Proc.CpuList.Format(layout.OnlineCpus));
        Assert.Equal(layout.OnlineCpus.Count, layout.Cores.Sum(static c => c.Threads.Count));
    }

    [Fact]
    public void A_missing_tree_is_an_io_error_naming_the_file()
    {
        var error = Assert.Throws<IOException>(() => LinuxCpuLayoutReader.Read(Path.Combine(Path.GetTempPath(), "no-such-sys-tree")));

        Assert.Contains("no-such-sys-tree", error.Message);
    }

    [Fact]
    public void The_shape_of_a_set_counts_cores_threads_sockets_and_nodes()
    {
        var layout = RecordedCpuTrees.Read(RecordedCpuTrees.TwoSocketsHt);

        var shape = layout.ShapeOf([0, 8, 1, 4]);

        Assert.Equal("0-1,4,8", shape.CpuList);
        Assert.Equal(4, shape.Cpus);
        Assert.Equal(3, shape.Cores);
        Assert.Equal(2, shape.ThreadsPerCore);
        Assert.Equal(2, shape.Sockets);
        Assert.Equal(2, shape.Nodes);
        Assert.Equal("3", shape.ToLabels()["cores"]);
    }

    /// <summary>The layout's counts, compared together so a failure shows them all.</summary>
    private static void AssertCounts(CpuLayout layout, int sockets, int cores, int coresPerSocket, int threadsPerCore, bool smt, int nodes) =>
        Assert.Equal(
            (sockets, cores, coresPerSocket, threadsPerCore, smt, nodes),
            (layout.Sockets, layout.Cores.Count, layout.CoresPerSocket, layout.ThreadsPerCore, layout.SmtEnabled, layout.Nodes));
}
