using System.Text.Json;
using DvdStore.Schema.Files;

namespace DvdStore.Driver.Results;

/// <summary>Writes a <see cref="RunResult"/> as indented JSON, atomically.</summary>
public static class JsonResultWriter
{
    public static Task WriteAsync(RunResult result, string path, CancellationToken cancellationToken) =>
        AtomicFile.WriteAsync(
            path,
            stream => JsonSerializer.SerializeAsync(stream, result, ResultJsonContext.Default.RunResult, cancellationToken),
            cancellationToken);

    public static string ToJson(RunResult result) => JsonSerializer.Serialize(result, ResultJsonContext.Default.RunResult);

    /// <summary>The result as one line of JSON (for stdout collection, e.g. kubectl logs); analyze reads such lines from any log.</summary>
    public static string ToJsonLine(RunResult result) => System.Text.Json.Nodes.JsonNode.Parse(ToJson(result))!.ToJsonString();
}
