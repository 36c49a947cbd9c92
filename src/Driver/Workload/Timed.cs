namespace DvdStore.Driver.Workload;

/// <summary>A call's answer and how long it took, in <see cref="System.Diagnostics.Stopwatch"/> ticks.</summary>
public readonly record struct Timed<T>(T Value, long Ticks);
