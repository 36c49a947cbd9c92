namespace DvdStore.Monitoring.Proc;

/// <summary>
/// One CPU line of <c>/proc/stat</c> (or the aggregate "cpu" line), in clock ticks since boot.
/// Guest time is already included in user/nice by the kernel, so it is not added again.
/// </summary>
public sealed record CpuTimes(long User, long Nice, long System, long Idle, long IoWait, long Irq, long SoftIrq, long Steal)
{
    public static readonly CpuTimes Zero = new(0, 0, 0, 0, 0, 0, 0, 0);

    /// <summary>Time spent running code: user, nice, system, irq and softirq (steal and iowait are reported apart).</summary>
    public long Busy => User + Nice + System + Irq + SoftIrq;

    /// <summary>Every tick, so that busy + idle + iowait + steal = total.</summary>
    public long Total => Busy + Idle + IoWait + Steal;

    public CpuTimes Minus(CpuTimes earlier) => new(
        User - earlier.User, Nice - earlier.Nice, System - earlier.System, Idle - earlier.Idle,
        IoWait - earlier.IoWait, Irq - earlier.Irq, SoftIrq - earlier.SoftIrq, Steal - earlier.Steal);

    public CpuTimes Plus(CpuTimes other) => new(
        User + other.User, Nice + other.Nice, System + other.System, Idle + other.Idle,
        IoWait + other.IoWait, Irq + other.Irq, SoftIrq + other.SoftIrq, Steal + other.Steal);
}
