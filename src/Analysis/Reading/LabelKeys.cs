namespace DvdStore.Analysis.Reading;

/// <summary>The label names the studies group by. Any other label is kept and shown, and splits groups too.</summary>
public static class LabelKeys
{
    public const string Vcpus = "vcpus";
    public const string Smt = "smt";
    public const string Affinity = "affinity";
    public const string Numa = "numa";
    public const string Generation = "generation";
    public const string Engine = "engine";
    public const string Size = "size";
    public const string Threads = "threads";
    public const string Host = "host";

    /// <summary>Names a scale-out set: runs with the same value ran at the same time and are summed.</summary>
    public const string ScaleOut = "scaleout";

    /// <summary>Values of <see cref="Smt"/>.</summary>
    public const string On = "on";
    public const string Off = "off";

    /// <summary>Values of <see cref="Affinity"/>.</summary>
    public const string Pinned = "pinned";
    public const string Unpinned = "unpinned";

    /// <summary>Values of <see cref="Numa"/>.</summary>
    public const string OneNode = "one-node";
    public const string Spread = "spread";
}
