using System.Globalization;
using DvdStore.Driver.Environment;
using DvdStore.Schema;

namespace DvdStore.Driver.Sweep;

/// <summary>
/// Pins every thread of every server process with sched_setaffinity, remembering each thread's CPUs the first
/// time it is seen. Processes forked later (a PostgreSQL backend per connection) inherit the parent's pinned
/// set; on restore they get the root process's original set.
/// </summary>
public sealed class ProcessAffinityPinner(ServerProcessTree server) : ICpuPinner
{
    private readonly Dictionary<int, IReadOnlyList<int>> _original = [];
    private IReadOnlyList<int>? _rootOriginal;

    public string Method => "sched_setaffinity";

    public ServerProcessTree Server { get; } = server;

    public Task PinAsync(IReadOnlyList<int> cpus, CancellationToken cancellationToken)
    {
        if (!Server.Exists)
        {
            throw new UserError(string.Create(CultureInfo.InvariantCulture, $"server process {Server.RootPid} is gone; check --server-pid"));
        }

        foreach (var pid in Server.Processes())
        {
            foreach (var tid in Server.Threads(pid))
            {
                cancellationToken.ThrowIfCancellationRequested();
                if (!_original.ContainsKey(tid))
                {
                    if (LinuxAffinity.Get(tid, out _) is not { } before)
                    {
                        continue; // the thread ended between listing and reading
                    }

                    _original[tid] = before;
                    if (pid == Server.RootPid && tid == pid)
                    {
                        _rootOriginal = before;
                    }
                }

                var errno = LinuxAffinity.Set(tid, cpus);
                if (errno is LinuxAffinity.NotPermitted)
                {
                    throw new UserError(string.Create(CultureInfo.InvariantCulture, $"not permitted to set the CPU affinity of server process {pid} (thread {tid}); run the sweep as root or as the server's user"));
                }

                if (errno is LinuxAffinity.InvalidCpus)
                {
                    throw new UserError($"CPUs {CpuList.Format(cpus)} are not available to the server (offline or outside its cpuset); choose CPUs from the online ones");
                }
            }
        }

        return Task.CompletedTask;
    }

    public Task RestoreAsync()
    {
        var failures = new List<string>();
        var current = Server.Exists
            ? Server.Processes().SelectMany(pid => Server.Threads(pid)).ToHashSet()
            : [];
        foreach (var tid in current.Union(_original.Keys))
        {
            var cpus = _original.TryGetValue(tid, out var saved) ? saved : _rootOriginal;
            if (cpus is null)
            {
                continue;
            }

            var errno = LinuxAffinity.Set(tid, cpus);
            if (errno is not (0 or LinuxAffinity.NoSuchThread))
            {
                failures.Add(string.Create(CultureInfo.InvariantCulture, $"thread {tid} (errno {errno})"));
            }
        }

        _original.Clear();
        return failures.Count == 0
            ? Task.CompletedTask
            : Task.FromException(new IOException($"could not restore the CPU affinity of {string.Join(", ", failures)}"));
    }

    public async ValueTask DisposeAsync() => await RestoreAsync().ConfigureAwait(false);
}
