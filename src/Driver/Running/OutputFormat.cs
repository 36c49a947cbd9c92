namespace DvdStore.Driver.Running;

/// <summary>How the live output looks: DS3's lines plus percentiles (text), or DS3's lines exactly (ds3).</summary>
public enum OutputFormat
{
    Text,
    Ds3,
}
