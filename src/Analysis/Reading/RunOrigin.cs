namespace DvdStore.Analysis.Reading;

/// <summary>What kind of file a run was read from.</summary>
public enum RunOrigin
{
    /// <summary>A result.json written by `dvdstore run`.</summary>
    DvdStoreResult,

    /// <summary>A DS3 driver console log (periodic lines and the Final summary).</summary>
    Ds3Log,

    /// <summary>A DS3 driver out_filename CSV (periodic rows only).</summary>
    Ds3Csv,
}
