namespace DvdStore.Studies;

/// <summary>How a growing CPU set takes hardware threads; either way one socket is filled before the next.</summary>
public enum ThreadFill
{
    /// <summary>One thread per core across the socket first, the cores' other threads after (the usual cloud vCPU count of physical cores).</summary>
    CoresFirst,

    /// <summary>Both (all) threads of a core before the next core (how hypervisors hand out vCPU pairs).</summary>
    ThreadsFirst,
}
