namespace DvdStore.Monitoring.Proc;

/// <summary>What <c>/proc/stat</c> says: the aggregate CPU line, each CPU's line, and the run queue.</summary>
/// <param name="Total">The "cpu" line: all CPUs together.</param>
/// <param name="PerCpu">CPU id → its "cpuN" line (offline CPUs are absent).</param>
/// <param name="ProcsRunning">Runnable tasks now (the run queue, including those on a CPU).</param>
/// <param name="ProcsBlocked">Tasks blocked on I/O now.</param>
public sealed record ProcStat(CpuTimes Total, IReadOnlyDictionary<int, CpuTimes> PerCpu, int ProcsRunning, int ProcsBlocked)
{
    /// <summary>The sum of the given CPUs' lines; ids the kernel does not list (offline) are skipped.</summary>
    public CpuTimes Sum(IEnumerable<int> cpuIds)
    {
        var sum = CpuTimes.Zero;
        foreach (var id in cpuIds.Distinct())
        {
            if (PerCpu.TryGetValue(id, out var times))
            {
                sum = sum.Plus(times);
            }
        }

        return sum;
    }
}
