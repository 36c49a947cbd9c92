using System.Text.RegularExpressions;

using DvdStore.Schema.Engines.SqlServer;

using Microsoft.SqlServer.Dac.Model;

namespace DvdStore.Tests.Schema.SqlServer;

/// <summary>
/// The whole SQL Server store — every batch of the Tables, Keys and Programmability phases — built into a DacFx
/// <see cref="TSqlModel"/> for one SQL Server version, the offline stand-in for a server's name resolution.
/// DacFx models objects only from CREATE statements, so CREATE OR ALTER is read as CREATE (same body);
/// data statements cannot be modelled, so the category INSERTs and the driver's price lookup are validated inside a
/// wrapper procedure (DS_MODEL_CHECK_*) whose body is exactly that text. Both the errors DacFx raises while adding
/// a batch and those of <see cref="TSqlModel.Validate"/> are collected as <see cref="Problems"/>.
/// System objects (sys.*) are not in the model: resolving them needs master.dacpac, which the NuGet package does
/// not ship, so the runtime queries on DMVs are checked by <see cref="SqlServerDmvColumnTests"/> instead.
/// </summary>
internal sealed class SqlServerDacModel : IDisposable
{
    private static readonly Regex CreateOrAlter = new(@"\bCREATE\s+OR\s+ALTER\b", RegexOptions.IgnoreCase);

    private static readonly System.Collections.Concurrent.ConcurrentDictionary<string, Lazy<SqlServerDacModel>> Built = new();

    private readonly List<string> _problems = [];

    private SqlServerDacModel(SqlServerVersion version, Func<string, string> mutate)
    {
        Model = new TSqlModel(version, new TSqlModelOptions());
        foreach (var phase in Enum.GetValues<SchemaPhase>())
        {
            foreach (var batch in SqlServerEngine.Batches(phase).Where(b => !IsCategoryInsert(b)))
            {
                Add($"{phase} batch", mutate(batch));
            }
        }

        var categories = string.Join(";\n", SqlServerEngine.Batches(SchemaPhase.Tables).Where(IsCategoryInsert));
        Add("category rows", WrapInProcedure("DS_MODEL_CHECK_CATEGORIES", [], mutate(categories)));
        var prices = SqlServerCommandBuilder.Prices([3, 1, 7]);
        var priceParameters = prices.Parameters.Cast<Microsoft.Data.SqlClient.SqlParameter>().Select(p => p.ParameterName).ToArray();
        Add("price lookup", WrapInProcedure("DS_MODEL_CHECK_PRICES", priceParameters, mutate(prices.CommandText)));
        _problems.AddRange(Model.Validate()
            .Where(m => m.MessageType is Microsoft.SqlServer.Dac.DacMessageType.Error or Microsoft.SqlServer.Dac.DacMessageType.Warning)
            .Select(m => $"{m.MessageType} {m.Prefix}{m.Number}: {m.Message}"));
    }

    public TSqlModel Model { get; }

    /// <summary>Every error or warning from adding the batches and from validating the model; empty when the store resolves.</summary>
    public IReadOnlyList<string> Problems => _problems;

    /// <summary>SQL Server 2019 (Sql150) and 2022 (Sql160), the versions the kit supports.</summary>
    public static TheoryData<string> Versions => [nameof(SqlServerVersion.Sql150), nameof(SqlServerVersion.Sql160)];

    public static SqlServerDacModel Build(string version, Func<string, string> mutate) =>
        new(Enum.Parse<SqlServerVersion>(version), mutate);

    /// <summary>The unchanged store's model for one version, built once per test run and shared (never disposed).</summary>
    public static SqlServerDacModel Store(string version) =>
        Built.GetOrAdd(version, v => new Lazy<SqlServerDacModel>(() => Build(v, s => s))).Value;

    public IReadOnlyList<TSqlObject> UserObjects(ModelTypeClass type) =>
        Model.GetObjects(DacQueryScopes.UserDefined, type).ToList();

    public TSqlObject Table(string name) =>
        UserObjects(ModelSchema.Table).Single(t => t.Name.Parts[^1] == name);

    public void Dispose() => Model.Dispose();

    private static bool IsCategoryInsert(string batch) => batch.StartsWith("INSERT INTO CATEGORIES", StringComparison.Ordinal);

    private static string WrapInProcedure(string name, IReadOnlyList<string> intParameters, string body) =>
        $"CREATE PROCEDURE {name} {string.Join(", ", intParameters.Select(p => p + " INT"))}\nAS\nBEGIN\n{body};\nEND";

    private void Add(string source, string batch)
    {
        var modelled = CreateOrAlter.Replace(batch, "CREATE");
        try
        {
            Model.AddObjects(modelled);
        }
        catch (DacModelException e)
        {
            _problems.Add($"{source}: {string.Join("; ", e.Messages.Select(m => $"{m.Prefix}{m.Number} {m.Message}").Distinct())}\n{modelled}");
        }
    }
}
