namespace DvdStore.Analysis.Reading;

/// <summary>The label names the studies group by. Any other label is kept and shown, and splits groups too.</summary>
public static class LabelKeys
{
    public const string Vcpus = "vcpus";

    /// <summary>Simultaneous multithreading on the server's cores, <see cref="On"/> or <see cref="Off"/>.</summary>
    public const string Smt = "smt";
    public const string On = "on", Off = "off";

    /// <summary>Whether the server was held to its CPUs, <see cref="Pinned"/> or <see cref="Unpinned"/>.</summary>
    public const string Affinity = "affinity";
    public const string Pinned = "pinned", Unpinned = "unpinned";

    /// <summary>How the server's CPUs lie across NUMA nodes, <see cref="OneNode"/> or <see cref="Spread"/>.</summary>
    public const string Numa = "numa";
    public const string OneNode = "one-node", Spread = "spread";

    /// <summary>Which store a DS3 driver log ran on, <see cref="DvdStoreStore"/> or <see cref="Ds3Store"/> (else unknown): its workload.</summary>
    public const string Store = "store";
    public const string DvdStoreStore = "dvdstore", Ds3Store = "ds3";

    public const string Generation = "generation";
    public const string Engine = "engine";
    public const string Size = "size";
    public const string Threads = "threads";
    public const string Host = "host";

    /// <summary>Names a scale-out set: runs with the same value ran at the same time and are summed.</summary>
    public const string ScaleOut = "scaleout";
}
