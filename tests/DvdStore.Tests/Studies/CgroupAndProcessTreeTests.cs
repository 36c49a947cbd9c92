using DvdStore.Driver.Environment;
using DvdStore.Studies;

namespace DvdStore.Tests.Studies;

/// <summary>The /proc walk and the cgroup v2 choice, on fake /proc and /sys/fs/cgroup trees in a temp folder.</summary>
public class CgroupAndProcessTreeTests
{
    private readonly string _root = Path.GetDirectoryName(TestServers.TempFile("x"))!;

    [Fact]
    public void The_process_tree_holds_the_root_and_all_descendants_but_not_other_processes()
    {
        var proc = FakeProc((100, 1, "postgres"), (101, 100, "postgres: checkpointer"), (150, 101, "odd) name"), (200, 1, "bash"));

        var tree = new ServerProcessTree(100, proc);

        Assert.Equal([100, 101, 150], tree.Processes());
        Assert.Equal([100, 1001], tree.Threads(100));
        Assert.Empty(tree.Threads(999));
    }

    [Fact]
    public async Task A_writable_cgroup_holding_only_the_server_is_pinned_and_restored_through_cpuset_cpus()
    {
        var proc = FakeProc((100, 1, "postgres"), (101, 100, "postgres: walwriter"));
        var cgroup = FakeCgroup("system.slice/postgresql.service", "", "100\n101\n");
        await File.WriteAllTextAsync(Path.Combine(proc, "100", "cgroup"), "0::/system.slice/postgresql.service\n");

        var dir = CpuPinning.FindOwnCgroup(new ServerProcessTree(100, proc), proc, cgroup);
        Assert.Equal(Path.Combine(cgroup, "system.slice/postgresql.service"), dir);

        var pinner = new CgroupCpusetPinner(dir!);
        await using (pinner)
        {
            await pinner.PinAsync([0, 1, 2, 5], CancellationToken.None);
            Assert.Equal("0-2,5\n", await File.ReadAllTextAsync(Path.Combine(dir!, "cpuset.cpus")));
        }

        Assert.Equal("\n", await File.ReadAllTextAsync(Path.Combine(dir!, "cpuset.cpus")));
    }

    [Fact]
    public async Task A_cgroup_shared_with_other_processes_or_the_root_cgroup_is_not_used()
    {
        var proc = FakeProc((100, 1, "postgres"), (300, 1, "dvdstore"));
        var cgroup = FakeCgroup("shared", "0-3", "100\n300\n");
        await File.WriteAllTextAsync(Path.Combine(proc, "100", "cgroup"), "0::/shared\n");
        Assert.Null(CpuPinning.FindOwnCgroup(new ServerProcessTree(100, proc), proc, cgroup));

        await File.WriteAllTextAsync(Path.Combine(proc, "100", "cgroup"), "0::/\n");
        Assert.Null(CpuPinning.FindOwnCgroup(new ServerProcessTree(100, proc), proc, cgroup));
    }

    private string FakeProc(params (int Pid, int Parent, string Name)[] processes)
    {
        var proc = Path.Combine(_root, "proc");
        foreach (var (pid, parent, name) in processes)
        {
            var dir = Path.Combine(proc, pid.ToString(CultureInfo.InvariantCulture));
            Directory.CreateDirectory(Path.Combine(dir, "task", pid.ToString(CultureInfo.InvariantCulture)));
            Directory.CreateDirectory(Path.Combine(dir, "task", (pid * 10 + 1).ToString(CultureInfo.InvariantCulture)));
            File.WriteAllText(Path.Combine(dir, "stat"), $"{pid} ({name}) S {parent} {pid} {pid} 0 -1 4194560");
        }

        return proc;
    }

    private string FakeCgroup(string relative, string cpus, string procs)
    {
        var root = Path.Combine(_root, "cgroup");
        var dir = Path.Combine(root, relative);
        Directory.CreateDirectory(dir);
        File.WriteAllText(Path.Combine(root, "cgroup.controllers"), "cpuset cpu io memory pids\n");
        File.WriteAllText(Path.Combine(dir, "cpuset.cpus"), cpus + "\n");
        File.WriteAllText(Path.Combine(dir, "cgroup.procs"), procs);
        return root;
    }
}
