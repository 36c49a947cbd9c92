using DvdStore.Driver.Environment;

namespace DvdStore.Tests.Driver;

public sealed class CpuTopologyTests
{
    [Fact]
    public void A_recorded_two_socket_smt_machine_is_described_exactly()
    {
        // 2 sockets x 2 cores x 2 threads = 8 CPUs, 2 NUMA nodes, process pinned to 0-3 and 6.
        var root = Path.GetDirectoryName(TestServers.TempFile("x"))!;
        Write(root, "proc/cpuinfo", "processor\t: 0\nmodel name\t: Test CPU @ 2.00GHz\n");
        Write(root, "sys/devices/system/cpu/online", "0-7\n");
        for (var cpu = 0; cpu < 8; cpu++)
        {
            Write(root, $"sys/devices/system/cpu/cpu{cpu}/topology/physical_package_id", (cpu / 4).ToString(CultureInfo.InvariantCulture));
            Write(root, $"sys/devices/system/cpu/cpu{cpu}/topology/core_id", (cpu % 2).ToString(CultureInfo.InvariantCulture));
        }

        Directory.CreateDirectory(Path.Combine(root, "sys/devices/system/node/node0"));
        Directory.CreateDirectory(Path.Combine(root, "sys/devices/system/node/node1"));
        Write(root, "proc/self/status", "Name:\tdvdstore\nCpus_allowed_list:\t0-3,6\n");

        var topology = LinuxCpuTopologyParser.Parse(root);

        Assert.Equal("Test CPU @ 2.00GHz", topology.CpuModel);
        Assert.Equal(2, topology.Sockets);
        Assert.Equal(2, topology.CoresPerSocket);
        Assert.Equal(2, topology.ThreadsPerCore);
        Assert.True(topology.SmtEnabled);
        Assert.Equal(2, topology.NumaNodes);
        Assert.Equal("0-7", topology.OnlineCpuList);
        Assert.Equal("0-3,6", topology.AllowedCpuList);
        Assert.Equal(5, topology.AllowedCpus.Count);
    }

    [Fact]
    public void The_live_machine_is_described()
    {
        var client = ClientEnvironment.Detect();

        Assert.True(client.OnlineCpuCount >= 1);
        Assert.InRange(client.AffinityCpuCount, 1, client.OnlineCpuCount);
        Assert.True(client.Sockets * client.CoresPerSocket * client.ThreadsPerCore >= 1);
        Assert.False(string.IsNullOrEmpty(client.DotNetVersion));
    }

    private static void Write(string root, string relative, string text)
    {
        var path = Path.Combine(root, relative);
        Directory.CreateDirectory(Path.GetDirectoryName(path)!);
        File.WriteAllText(path, text);
    }
}
