using DvdStore.Driver.Environment;
using DvdStore.Driver.Results;
using DvdStore.Driver.Running;

namespace DvdStore.Analysis.Comparisons;

/// <summary>
/// Runs whose OPM may be the client's limit rather than the server's: the driver found itself saturated or the host's
/// CPUs taken (client-saturation, host-contention), was client-bound, or shared the server's CPUs
/// (driver-shares-server-cpus). They stay out of headlines unless <see cref="AnalysisOptions.IncludeClientBound"/>.
/// </summary>
public static class ClientLimited
{
    public static IReadOnlyList<string> Codes { get; } = ["client-bound", ClientSaturation.DriverCode, ClientSaturation.HostCode, DriverAffinity.SharedCpusCode];

    /// <summary>The run's findings that make it a measurement of the client.</summary>
    public static IReadOnlyList<Finding> Findings(RunResult result) =>
        result.Findings.Where(static f => Codes.Contains(f.Code, StringComparer.Ordinal)).ToList();
}
