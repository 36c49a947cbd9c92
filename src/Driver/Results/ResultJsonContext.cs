using System.Text.Json.Serialization;

namespace DvdStore.Driver.Results;

/// <summary>Source-generated JSON metadata for the result file: camelCase, indented, enums as strings.</summary>
[JsonSourceGenerationOptions(
    PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase,
    WriteIndented = true,
    UseStringEnumConverter = true,
    DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull)]
[JsonSerializable(typeof(RunResult))]
internal sealed partial class ResultJsonContext : JsonSerializerContext
{
}
