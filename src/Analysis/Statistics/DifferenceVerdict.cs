namespace DvdStore.Analysis.Statistics;

/// <summary>Whether a difference between two configurations stands out of their run-to-run noise.</summary>
public enum DifferenceVerdict
{
    /// <summary>The 95 % interval of the difference excludes zero.</summary>
    Significant,

    /// <summary>The 95 % interval of the difference includes zero: smaller than the noise.</summary>
    WithinNoise,

    /// <summary>A side has a single run, so the noise is unknown.</summary>
    Unknown,
}
