namespace DvdStore.Driver.Running;

/// <summary>DS3's log_timestamp: the prefix of periodic lines.</summary>
public enum LogTimestamp
{
    None,
    Utc,
    Local,
}
