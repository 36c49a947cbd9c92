using DvdStore.Driver.Metrics;
using DvdStore.Driver.Results;
using HdrHistogram;

namespace DvdStore.Driver.Running;

/// <summary>
/// What a rate run (<c>--rate</c>) adds to the closed loop: the shared <see cref="ArrivalSchedule"/> the users take
/// their starts from, the latency and service-time histograms they record into, and the controller's view of both
/// per interval and over the measured window.
/// </summary>
public sealed class RatePacing(ArrivalSchedule schedule, OpenLoopMetrics metrics)
{
    private long scheduledAtPhaseStart;
    private long backlogAtPhaseStart;
    private ScheduleState endState;
    private long maxBacklog;
    private long maxLagTicks;
    private long lastTakenTicks = long.MinValue;
    private ScheduleState lastTakenState;

    public ArrivalSchedule Schedule { get; } = schedule;

    public OpenLoopMetrics Metrics { get; } = metrics;

    /// <summary>The pacing of <paramref name="settings"/>' rate run, or null for a closed-loop run.</summary>
    public static RatePacing? For(RunSettings settings) => settings.TargetOpm is { } opm
        ? new RatePacing(new ArrivalSchedule(opm, settings.Seed), new OpenLoopMetrics { OrderObserver = settings.OrderTimesObserver })
        : null;

    /// <summary>The common start: the first order start is scheduled from here.</summary>
    public void Start(long startTicks) => Schedule.Start(startTicks);

    /// <summary>The interval ending at <paramref name="nowTicks"/>: the schedule's state and the interval's latencies.</summary>
    public (ScheduleState State, HistogramBase Latency) TakeInterval(long nowTicks, bool measuring)
    {
        var state = Schedule.Look(nowTicks);
        if (measuring)
        {
            maxBacklog = Math.Max(maxBacklog, state.Backlog);
            maxLagTicks = Math.Max(maxLagTicks, state.LagTicks);
        }

        (lastTakenTicks, lastTakenState) = (nowTicks, state);
        return (state, Metrics.TakeInterval(measuring));
    }

    /// <summary>
    /// The warm-up's end, at the instant of the interval just taken (<paramref name="edgeTicks"/>): the measured window's
    /// schedule and histograms start there, as the phase's counters do.
    /// </summary>
    public void ResetPhase(long edgeTicks)
    {
        (scheduledAtPhaseStart, backlogAtPhaseStart, _) = StateAt(edgeTicks);
        maxBacklog = 0;
        maxLagTicks = 0;
        Metrics.ResetPhase();
    }

    /// <summary>
    /// The window's end, at the instant of the last interval (<paramref name="edgeTicks"/>): the schedule as that interval
    /// saw it, so the scheduled starts and the delivered orders cover the same seconds.
    /// </summary>
    public void CloseWindow(long edgeTicks) => endState = StateAt(edgeTicks);

    /// <summary>The schedule at <paramref name="edgeTicks"/>: the last interval's look when taken then, else a look now.</summary>
    private ScheduleState StateAt(long edgeTicks) => edgeTicks == lastTakenTicks ? lastTakenState : Schedule.Look(edgeTicks);

    /// <summary>The measured window (<paramref name="phase"/>, after <see cref="CloseWindow"/>) against the schedule, without a limit yet (see <see cref="RateFindings"/>).</summary>
    public OpenLoopSummary Summarize(PhaseSummary phase)
    {
        var state = endState;
        var (latency, service) = Metrics.Summarize();
        var minutes = phase.ElapsedSeconds / 60;
        var scheduled = minutes <= 0 ? 0 : (state.Scheduled - scheduledAtPhaseStart) / minutes;
        var delivered = minutes <= 0 ? 0 : phase.Run.Orders / minutes;
        return new OpenLoopSummary
        {
            TargetOpm = Schedule.TargetOpm,
            ScheduledOpm = scheduled,
            ScheduledOrders = state.Scheduled - scheduledAtPhaseStart,
            DeliveredOpm = delivered,
            DeliveredPercent = scheduled <= 0 ? 100 : 100 * delivered / scheduled,
            StartBacklog = backlogAtPhaseStart,
            MaxBacklog = Math.Max(maxBacklog, state.Backlog),
            MaxLagMs = RunMetrics.Seconds(Math.Max(maxLagTicks, state.LagTicks)) * 1000,
            Latency = latency,
            ServiceTime = service,
        };
    }
}
