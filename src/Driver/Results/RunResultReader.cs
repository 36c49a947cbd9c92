using System.Text.Json;

using DvdStore.Schema;
using DvdStore.Schema.Files;

namespace DvdStore.Driver.Results;

/// <summary>
/// Reads a result file written by <see cref="JsonResultWriter"/>. Anything else — another JSON file, a
/// result of an unknown schema version, a truncated file — is a <see cref="UserError"/> naming the file and the problem.
/// </summary>
public static class RunResultReader
{
    public static RunResult Read(string path)
    {
        string text;
        try
        {
            text = BoundedFile.ReadAllText(path, BoundedFile.ResultChars) ?? throw TooLarge(path);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new UserError($"cannot read run result {path}: {e.Message}");
        }

        return Parse(text, path);
    }

    public static async Task<RunResult> ReadAsync(string path, CancellationToken cancellationToken)
    {
        string text;
        try
        {
            text = await BoundedFile.ReadAllTextAsync(path, BoundedFile.ResultChars, cancellationToken).ConfigureAwait(false) ?? throw TooLarge(path);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new UserError($"cannot read run result {path}: {e.Message}");
        }

        return Parse(text, path);
    }

    /// <summary>A file over the ceiling is not a result (e.g. /dev/zero); it is refused, not read whole.</summary>
    public static UserError TooLarge(string path) =>
        new($"{path} holds more than {BoundedFile.Describe(BoundedFile.ResultChars)}; no run result or DS3 log is that large (is it the right file?).");

    /// <summary>Parses result JSON; <paramref name="source"/> names it in error messages.</summary>
    public static RunResult Parse(string json, string source)
    {
        // Look at the identifying fields first, so a foreign file gets "not a result", not a type error.
        int version;
        try
        {
            using var document = JsonDocument.Parse(json);
            var root = document.RootElement;
            if (root.ValueKind != JsonValueKind.Object
                || !root.TryGetProperty("format", out var format)
                || format.ValueKind != JsonValueKind.String
                || format.GetString() != RunResult.FormatName)
            {
                throw new UserError($"{source} is not a dvdstore run result (no \"format\": \"{RunResult.FormatName}\"); give a result.json written by 'dvdstore run'.");
            }

            if (!root.TryGetProperty("schemaVersion", out var versionElement) || !versionElement.TryGetInt32(out version))
            {
                throw new UserError($"{source} has no schemaVersion; it is damaged or not a dvdstore run result.");
            }
        }
        catch (JsonException e)
        {
            throw new UserError($"{source} is not valid JSON ({e.Message}); it is damaged or not a dvdstore run result.");
        }

        if (version != RunResult.CurrentSchemaVersion)
        {
            throw new UserError($"{source} has result schema version {version}, this dvdstore reads version {RunResult.CurrentSchemaVersion}; use the dvdstore version that wrote it.");
        }

        try
        {
            var result = JsonSerializer.Deserialize(json, ResultJsonContext.Default.RunResult)
                ?? throw new UserError($"{source} holds no run result.");
            RunResultFigures.Check(result, source);
            return result;
        }
        catch (JsonException e)
        {
            throw new UserError($"{source} does not match result schema version {version} ({e.Message}).");
        }
    }
}
