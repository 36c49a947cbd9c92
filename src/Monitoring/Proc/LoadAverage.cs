namespace DvdStore.Monitoring.Proc;

/// <summary><c>/proc/loadavg</c>: 1/5/15-minute load averages and the runnable/total task counts.</summary>
public sealed record LoadAverage(double Load1, double Load5, double Load15, int Runnable, int Tasks);
