namespace DvdStore.Driver.Results;

/// <summary>How serious a finding is: errors make the run fail (non-zero exit).</summary>
public enum FindingSeverity
{
    Warning,
    Error,
}
