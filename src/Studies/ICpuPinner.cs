namespace DvdStore.Studies;

/// <summary>
/// Restricts a local server to a set of CPUs and puts back what it had. Disposing restores, so
/// <c>await using</c> covers the end of a study, Ctrl-C (cancellation) and failures alike.
/// </summary>
public interface ICpuPinner : IAsyncDisposable
{
    /// <summary>How the pinning is done, for output and the result's labels ("cgroup-cpuset" or "sched_setaffinity").</summary>
    string Method { get; }

    /// <summary>Runs the server (all its processes and threads) on exactly these CPUs from now on.</summary>
    Task PinAsync(IReadOnlyList<int> cpus, CancellationToken cancellationToken);

    /// <summary>Gives the server back the CPUs it had before the first pin; safe to call more than once.</summary>
    Task RestoreAsync();
}
