using System.Text.Json;
using System.Text.Json.Nodes;
using Json.Schema;

namespace DvdStore.Tests.Driver;

/// <summary>
/// docs/result.schema.json is the result file's contract: it is exactly the schema of the result model (so a change to
/// the model shows up as a change to the committed schema, which docs/results.md's rule then versions), and a real
/// result, from a real SQLite run and the committed golden file, validates against it.
/// </summary>
public sealed class ResultSchemaTests
{
    private const string UpdateVariable = "DVDSTORE_UPDATE_RESULT_SCHEMA";

    private static string SchemaPath => Path.Combine(RepositoryRoot.Path, "docs", "result.schema.json");

    private static string GoldenPath => Path.Combine(RepositoryRoot.Path, "tests", "DvdStore.Tests", "TestData", "results", "sqlite.result.json");

    // Parsed once: the library registers a schema by its $id and refuses a second registration of the same id.
    private static readonly Lazy<JsonSchema> CommittedSchema = new(static () => JsonSchema.FromText(File.ReadAllText(SchemaPath)));

    [Fact]
    public void The_committed_schema_is_the_result_models_schema()
    {
        var generated = ModelSchema();
        if (Environment.GetEnvironmentVariable(UpdateVariable) == "1")
        {
            File.WriteAllText(SchemaPath, generated.ToJsonString(new JsonSerializerOptions { WriteIndented = true }) + "\n");
        }

        var committed = JsonNode.Parse(File.ReadAllText(SchemaPath));
        Assert.True(JsonNode.DeepEquals(generated, committed),
            $"docs/result.schema.json is not the schema of RunResult: if the change is meant, apply the schemaVersion rule in docs/results.md, then rerun this test with {UpdateVariable}=1 and commit the file.");
    }

    [Fact]
    public async Task A_real_sqlite_runs_result_validates_against_the_schema()
    {
        await using var store = await DriverTestStore.CreateAsync(EngineKind.Sqlite);
        var outcome = await DriverRunner.RunAsync(DriverTestStore.ShortRun(store.Target, TimeSpan.FromSeconds(2), TimeSpan.Zero), TextWriter.Null, CancellationToken.None);

        var json = await File.ReadAllTextAsync(outcome.ResultPath);
        AssertValid(json, outcome.ResultPath);
        Assert.Contains("\"schemaVersion\": " + RunResult.CurrentSchemaVersion, json, StringComparison.Ordinal);
    }

    [Fact]
    public void The_golden_result_validates_and_a_damaged_one_does_not()
    {
        var golden = File.ReadAllText(GoldenPath);
        AssertValid(golden, GoldenPath);

        // The schema can fail: a missing section, a wrong type, an unknown field and another version are each refused.
        foreach (var (what, damage) in new (string, Action<JsonObject>)[]
        {
            ("no totals", static r => r.Remove("totals")),
            ("opm a string", static r => r["totals"]!["opm"] = "many"),
            ("an unknown field", static r => r["surprise"] = 1),
            ("another schemaVersion", static r => r["schemaVersion"] = RunResult.CurrentSchemaVersion + 1),
            ("an unknown outcome", static r => r["outcome"] = "Finished"),
        })
        {
            var result = JsonNode.Parse(golden)!.AsObject();
            damage(result);
            Assert.False(Evaluate(result.ToJsonString()).IsValid, $"a result with {what} validated");
        }
    }

    private static void AssertValid(string json, string source)
    {
        var evaluation = Evaluate(json);
        var errors = (evaluation.Details ?? [])
            .Where(static d => d.Errors is { Count: > 0 })
            .SelectMany(static d => d.Errors!.Select(e => $"{d.InstanceLocation}: {e.Value}"))
            .Take(10);
        Assert.True(evaluation.IsValid, $"{source} does not follow docs/result.schema.json:\n" + string.Join('\n', errors));
    }

    private static EvaluationResults Evaluate(string json)
    {
        using var document = JsonDocument.Parse(json);
        return CommittedSchema.Value.Evaluate(document.RootElement, new EvaluationOptions { OutputFormat = Json.Schema.OutputFormat.List });
    }

    /// <summary>
    /// The schema of the result as System.Text.Json writes it, read from the result's own serialization metadata
    /// (<see cref="ResultJsonContext"/>): every object lists the fields always written as required and refuses unknown
    /// ones; enums are their names; the format name and version are constants.
    /// </summary>
    private static JsonNode ModelSchema()
    {
        var definitions = new SortedDictionary<string, JsonNode>(StringComparer.Ordinal);
        var body = ResultSchemaWriter.ObjectSchema(ResultJsonContext.Default.RunResult, definitions);
        var properties = body["properties"]!.AsObject();
        properties["format"] = new JsonObject { ["const"] = RunResult.FormatName };
        properties["schemaVersion"] = new JsonObject { ["const"] = RunResult.CurrentSchemaVersion };

        var root = new JsonObject
        {
            ["$schema"] = "https://json-schema.org/draft/2020-12/schema",
            ["$id"] = $"urn:dvdstore:run-result:{RunResult.CurrentSchemaVersion}",
            ["title"] = "dvdstore run result",
            ["description"] = "One driver run as written to RUN.result.json (generated from the result model by ResultSchemaTests; the rule for schemaVersion is in docs/results.md).",
        };
        foreach (var (key, value) in body.ToList())
        {
            body.Remove(key);
            root[key] = value;
        }

        root["$defs"] = new JsonObject(definitions.Select(static d => KeyValuePair.Create(d.Key, (JsonNode?)d.Value)));
        return root;
    }
}
