using DvdStore.Monitoring.Proc;

namespace DvdStore.Tests.Monitoring;

public class ProcParserTests
{
    [Fact]
    public void Proc_stat_gives_the_total_each_cpu_and_the_run_queue()
    {
        var stat = ProcStatParser.Parse(ProcSamples.Read("stat-8cpu-a.txt"));

        Assert.Equal(8, stat.PerCpu.Count);
        Assert.Equal(new CpuTimes(14932004, 18044, 5016668, 386136284, 740428, 0, 363700, 26876), stat.Total);
        Assert.Equal(new CpuTimes(1834521, 2210, 612345, 48213377, 91234, 0, 45123, 3321), stat.PerCpu[0]);
        Assert.Equal(3, stat.ProcsRunning);
        Assert.Equal(0, stat.ProcsBlocked);
        // The aggregate line is the sum of the CPU lines.
        Assert.Equal(stat.Total, stat.Sum(Enumerable.Range(0, 8)));
    }

    [Fact]
    public void Proc_stat_of_an_old_kernel_without_steal_counts_the_missing_columns_as_zero()
    {
        var stat = ProcStatParser.Parse(ProcSamples.Read("stat-old-kernel.txt"));

        Assert.Equal(new CpuTimes(1000, 10, 200, 5000, 40, 3, 7, 0), stat.Total);
        Assert.Equal(1, stat.ProcsRunning);
    }

    [Fact]
    public void Proc_stat_without_a_cpu_line_is_rejected()
    {
        Assert.Throws<FormatException>(() => ProcStatParser.Parse("ctxt 1\nprocs_running 1\n"));
    }

    [Fact]
    public void Sum_of_a_cpu_set_skips_ids_the_kernel_does_not_list()
    {
        var stat = ProcStatParser.Parse(ProcSamples.Read("stat-8cpu-a.txt"));

        Assert.Equal(stat.Sum([0, 1]), stat.Sum([1, 0, 1, 42]));
    }

    [Fact]
    public void Loadavg_gives_the_averages_and_runnable_tasks()
    {
        Assert.Equal(new LoadAverage(3.42, 2.91, 2.10, 7, 1234), LoadAverageParser.Parse(ProcSamples.Read("loadavg.txt")));
        Assert.Throws<FormatException>(() => LoadAverageParser.Parse("3.42 2.91"));
    }

    [Fact]
    public void Meminfo_used_is_total_minus_available()
    {
        var memory = MemoryInfoParser.Parse(ProcSamples.Read("meminfo.txt"));

        Assert.Equal(new MemoryInfo(65843212, 1234567, 40123456, 36123456), memory);
        Assert.Equal(65843212 - 40123456, memory.UsedKb);
    }

    [Fact]
    public void Meminfo_before_MemAvailable_existed_estimates_it_from_free_buffers_and_cache()
    {
        var memory = MemoryInfoParser.Parse("MemTotal: 1000 kB\nMemFree: 100 kB\nBuffers: 50 kB\nCached: 200 kB\n");

        Assert.Equal(350, memory.AvailableKb);
    }

    [Fact]
    public void Diskstats_lists_disks_partitions_and_device_mapper_devices()
    {
        var disks = DiskStatsParser.Parse(ProcSamples.Read("diskstats-a.txt"));

        Assert.Equal(["loop0", "nvme0n1", "nvme0n1p1", "nvme0n1p2", "sda", "sda1", "dm-0", "dm-1"], disks.Select(d => d.Name));
        Assert.Equal(new DiskCounters(259, 0, "nvme0n1", 1000000, 80000000, 400000, 2000000, 160000000, 1200000), disks[1]);
        Assert.Equal("253:0", disks[6].MajorMinor);
    }

    [Fact]
    public void Diskstats_skips_the_short_partition_lines_of_old_kernels()
    {
        var disks = DiskStatsParser.Parse("   8    0 sda 10 0 80 5 20 0 160 9 0 14 14\n   8    1 sda1 10 80 20 160\n");

        Assert.Equal("sda", Assert.Single(disks).Name);
    }

    [Theory]
    [InlineData("0-3,6", new[] { 0, 1, 2, 3, 6 })]
    [InlineData("5", new[] { 5 })]
    [InlineData(" 8-9,0-1\n", new[] { 0, 1, 8, 9 })]
    public void Cpu_lists_expand_ranges(string text, int[] ids)
    {
        Assert.Equal(ids, CpuList.Parse(text));
    }

    [Theory]
    [InlineData("3-1")]
    [InlineData("a")]
    [InlineData("1-2-3")]
    public void Malformed_cpu_lists_are_rejected(string text)
    {
        Assert.Throws<FormatException>(() => CpuList.Parse(text));
    }

    [Fact]
    public void Cpu_lists_format_back_compactly()
    {
        Assert.Equal("0-3,6,8-9", CpuList.Format([9, 0, 1, 2, 3, 6, 8, 3]));
    }

    [Fact]
    public void A_process_status_gives_its_allowed_cpus()
    {
        Assert.Equal([0, 1, 2, 3, 6], CpuList.FromProcessStatus(ProcSamples.Read("status-postgres.txt")));
        Assert.Throws<FormatException>(() => CpuList.FromProcessStatus("Name:\tpostgres\n"));
    }

    [Fact]
    public void Mountinfo_gives_devices_mount_points_and_unescaped_paths()
    {
        var mounts = MountInfoParser.Parse(ProcSamples.Read("mountinfo.txt"));

        Assert.Equal(10, mounts.Count);
        Assert.Contains(new MountPoint("259:2", "/var/lib/postgresql", "xfs", "/dev/nvme0n1p2"), mounts);
        Assert.Contains(new MountPoint("0:45", "/srv", "btrfs", "/dev/sda1"), mounts);
        Assert.Contains(mounts, m => m.Path == "/mnt/old data");
    }

    [Theory]
    [InlineData("/var/lib/postgresql/16/main", "nvme0n1", "nvme0n1p2", "/var/lib/postgresql")]
    [InlineData("/var/lib/postgresql", "nvme0n1", "nvme0n1p2", "/var/lib/postgresql")]
    [InlineData("/srv/mysql", "sda", "sda1", "/srv")]
    [InlineData("/var/lib/postgresqlx/data", "dm-0", null, "/")]
    [InlineData("/mnt/old data/pg", "nvme0n1", "nvme0n1p2", "/mnt/old data")]
    public void A_data_directory_resolves_to_the_disk_under_its_mount(string directory, string disk, string? partition, string mountPoint)
    {
        var resolved = DataDiskResolver.Resolve(
            MountInfoParser.Parse(ProcSamples.Read("mountinfo.txt")), DiskStatsParser.Parse(ProcSamples.Read("diskstats-a.txt")),
            directory, parentOf: null, out var reason);

        Assert.Equal(new DataDisk(disk, mountPoint, partition), resolved);
        Assert.Equal("", reason);
    }

    [Fact]
    public void A_data_directory_on_tmpfs_has_no_disk_and_says_why()
    {
        var resolved = DataDiskResolver.Resolve(
            MountInfoParser.Parse(ProcSamples.Read("mountinfo.txt")), DiskStatsParser.Parse(ProcSamples.Read("diskstats-a.txt")),
            "/tmp/pgdata", parentOf: null, out var reason);

        Assert.Null(resolved);
        Assert.Equal("/tmp/pgdata is on tmpfs tmpfs (0:30), which is not a block device in /proc/diskstats", reason);
    }

    [Fact]
    public void Sysfs_knowledge_of_the_parent_wins_over_the_name_guess()
    {
        var resolved = DataDiskResolver.Resolve(
            MountInfoParser.Parse(ProcSamples.Read("mountinfo.txt")), DiskStatsParser.Parse(ProcSamples.Read("diskstats-a.txt")),
            "/", parentOf: mm => mm == "253:0" ? "sda" : null, out _);

        Assert.Equal(new DataDisk("sda", "/", "dm-0"), resolved);
    }

    [Theory]
    [InlineData("sda1", "sda")]
    [InlineData("nvme0n1p2", "nvme0n1")]
    [InlineData("nvme0n1", null)]
    [InlineData("sda", null)]
    [InlineData("dm-0", null)]
    [InlineData("loop0", null)]
    public void Partition_names_lead_to_their_disk(string name, string? parent)
    {
        Assert.Equal(parent, DataDiskResolver.GuessParent(name, DiskStatsParser.Parse(ProcSamples.Read("diskstats-a.txt"))));
    }
}
