using System.Globalization;
using DvdStore.Driver.Environment;
using DvdStore.Monitoring.Proc;
using DvdStore.Schema;

namespace DvdStore.Studies;

/// <summary>
/// Pins every thread of every server process with sched_setaffinity, remembering each thread's CPUs the first
/// time it is seen. Processes forked later (a PostgreSQL backend per connection) inherit the parent's pinned
/// set; on restore they get the root process's original set.
/// </summary>
public sealed class ProcessAffinityPinner(ServerProcessTree server) : ICpuPinner
{
    private readonly Dictionary<int, IReadOnlyList<int>> _original = [];
    private IReadOnlyList<int>? _rootOriginal;
    private bool _pinnedOnce;

    private const int MaxPasses = 5;

    public string Method => "sched_setaffinity";

    public ServerProcessTree Server { get; } = server;

    public Task PinAsync(IReadOnlyList<int> cpus, CancellationToken cancellationToken)
    {
        if (!Server.Exists)
        {
            throw new UserError(string.Create(CultureInfo.InvariantCulture, $"server process {Server.RootPid} is gone; check --server-pid"));
        }

        // A process forked between listing /proc and pinning its parent keeps the old CPUs: pass again until a
        // pass meets no thread it had not seen (a few passes at most; forks after the root's pin inherit the set).
        for (var pass = 0; pass < MaxPasses; pass++)
        {
            var seen = false;
            foreach (var pid in Server.Processes())
            {
                foreach (var tid in Server.Threads(pid))
                {
                    cancellationToken.ThrowIfCancellationRequested();
                    if (!_original.ContainsKey(tid))
                    {
                        seen = true;
                        if (LinuxAffinity.Get(tid, out _) is not { } before)
                        {
                            continue; // the thread ended between listing and reading
                        }

                        // A process born during the study inherited a pinned set: its original is the server's.
                        _original[tid] = _pinnedOnce && _rootOriginal is { } root ? root : before;
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

            if (pass > 0 && !seen)
            {
                break;
            }
        }

        _pinnedOnce = true;
        return Task.CompletedTask;
    }

    public Task RestoreAsync()
    {
        var failures = new List<string>();
        var restored = new HashSet<int>();
        for (var pass = 0; pass < MaxPasses; pass++)
        {
            // Root first; later passes catch processes forked from a parent that was still pinned.
            var current = Server.Exists ? Server.Processes().SelectMany(pid => Server.Threads(pid)).ToList() : [];
            var todo = (pass == 0 ? current.Concat(_original.Keys) : current).Where(restored.Add).ToList();
            if (pass > 0 && todo.Count == 0)
            {
                break;
            }

            RestorePass(todo, failures);
        }

        _original.Clear();
        _pinnedOnce = false;
        return failures.Count == 0
            ? Task.CompletedTask
            : Task.FromException(new IOException($"could not restore the CPU affinity of {string.Join(", ", failures)}"));
    }

    private void RestorePass(IEnumerable<int> tids, List<string> failures)
    {
        foreach (var tid in tids)
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
    }

    public async ValueTask DisposeAsync() => await RestoreAsync().ConfigureAwait(false);
}
