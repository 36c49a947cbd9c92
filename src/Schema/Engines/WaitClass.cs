namespace DvdStore.Schema.Engines;

/// <summary>
/// The few kinds of wait every engine's own wait events fall into, so a sweep on one engine reads like one on another.
/// Each engine's reader (<c>Engines/&lt;Engine&gt;/&lt;E&gt;Waits.cs</c>) maps its own event names to these.
/// </summary>
public enum WaitClass
{
    /// <summary>Working, or queued for a CPU: an active session with no wait.</summary>
    Cpu,

    /// <summary>Waiting for another session's row, table or object lock (a heavyweight lock, an enqueue).</summary>
    Lock,

    /// <summary>Waiting for an in-memory latch, mutex or lightweight lock on a shared structure.</summary>
    Latch,

    /// <summary>Waiting for a data page to be read (from disk or the OS cache) into the engine's buffer cache.</summary>
    DataRead,

    /// <summary>Waiting for the log: writing or flushing it at commit, WAL locks, replication of the commit.</summary>
    LogWrite,

    /// <summary>Waiting for the client: the network, or a session idle inside an open transaction.</summary>
    Client,

    /// <summary>Everything else (a sleep the application asked for, background I/O, parallel-query coordination).</summary>
    Other,
}

/// <summary>The wait classes' names in result files and reports.</summary>
public static class WaitClasses
{
    /// <summary>Every class, in the order reports stack them (CPU at the bottom).</summary>
    public static readonly IReadOnlyList<WaitClass> All = Enum.GetValues<WaitClass>();

    /// <summary>The CPU class's key, "cpu".</summary>
    public const string CpuKey = "cpu";

    /// <summary>The key in a result file's <c>server.waits.classes</c>, e.g. "logWrite".</summary>
    public static string Key(this WaitClass waitClass) => waitClass switch
    {
        WaitClass.Cpu => CpuKey,
        WaitClass.Lock => "lock",
        WaitClass.Latch => "latch",
        WaitClass.DataRead => "dataRead",
        WaitClass.LogWrite => "logWrite",
        WaitClass.Client => "client",
        _ => "other",
    };

    /// <summary>The name a reader sees, e.g. "log/commit write".</summary>
    public static string Label(this WaitClass waitClass) => waitClass switch
    {
        WaitClass.Cpu => "CPU",
        WaitClass.Lock => "lock",
        WaitClass.Latch => "latch/LWLock",
        WaitClass.DataRead => "data read",
        WaitClass.LogWrite => "log/commit write",
        WaitClass.Client => "client/network",
        _ => "other",
    };

    /// <summary>The class whose <see cref="Key"/> is <paramref name="key"/>; null for a key this version does not know.</summary>
    public static WaitClass? FromKey(string key) => All.Cast<WaitClass?>().FirstOrDefault(c => c!.Value.Key() == key);
}
