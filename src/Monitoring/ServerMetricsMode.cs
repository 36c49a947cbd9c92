namespace DvdStore.Monitoring;

/// <summary>Where host metrics come from: <c>--server-metrics local|ssh|off</c>.</summary>
public enum ServerMetricsMode
{
    /// <summary>The server runs on the driver's machine: read this machine's /proc.</summary>
    Local,

    /// <summary>Read the server's /proc over SSH (<c>--server-host</c>).</summary>
    Ssh,

    /// <summary>No host metrics; engine counters are still read.</summary>
    Off,
}
