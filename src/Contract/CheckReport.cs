using System.Text.Json;
using System.Text.Json.Serialization;

namespace DvdStore.Contract;

/// <summary>
/// What `dvdstore check` found, as a user attaches it to a bug report: the tool, the engine, the server's product and
/// version, the scratch store's description and every check's result. Holds no connection string, user or password.
/// </summary>
public sealed record CheckReport(
    string ToolVersion,
    string Engine,
    string? ServerProduct,
    string? ServerVersion,
    string Scratch,
    DateTime StartedUtc,
    double Seconds,
    int Passed,
    int Failed,
    IReadOnlyList<ContractResult> Results)
{
    /// <summary>Checks that do not apply to the engine (counted in neither <see cref="Passed"/> nor <see cref="Failed"/>).</summary>
    public int NotApplicable { get; init; }

    private static readonly JsonSerializerOptions Options = new()
    {
        WriteIndented = true,
        PropertyNamingPolicy = JsonNamingPolicy.CamelCase,
        DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull,
    };

    public Task WriteAsync(Stream stream, CancellationToken cancellationToken) =>
        JsonSerializer.SerializeAsync(stream, this, Options, cancellationToken);

    public static CheckReport Read(string json) => JsonSerializer.Deserialize<CheckReport>(json, Options)!;
}
