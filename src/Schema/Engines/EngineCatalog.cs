using DvdStore.Schema.Engines.MySql;
using DvdStore.Schema.Engines.Oracle;
using DvdStore.Schema.Engines.PostgreSql;
using DvdStore.Schema.Engines.Sqlite;
using DvdStore.Schema.Engines.SqlServer;

namespace DvdStore.Schema.Engines;

/// <summary>Every engine, and the names users call them by on the command line.</summary>
public static class EngineCatalog
{
    public static readonly IReadOnlyList<IEngine> All =
    [
        new SqliteEngine(), new PostgreSqlEngine(), new MySqlEngine(), new SqlServerEngine(), new OracleEngine(),
    ];

    /// <summary>CLI names, in the order help shows them.</summary>
    public static readonly IReadOnlyList<string> Names = ["sqlite", "postgres", "mysql", "sqlserver", "oracle"];

    public static IEngine Get(EngineKind kind) => All.First(e => e.Kind == kind);

    public static string NameOf(EngineKind kind) => Names[All.ToList().FindIndex(e => e.Kind == kind)];

    /// <summary>Finds an engine by its CLI name (a few common aliases accepted).</summary>
    public static IEngine Parse(string? name)
    {
        var kind = (name ?? "").Trim().ToLowerInvariant() switch
        {
            "sqlite" => EngineKind.Sqlite,
            "postgres" or "postgresql" or "pg" or "pgsql" => EngineKind.PostgreSql,
            "mysql" or "mariadb" => EngineKind.MySql,
            "sqlserver" or "mssql" => EngineKind.SqlServer,
            "oracle" => EngineKind.Oracle,
            _ => throw new UserError($"unknown engine '{name}'; use --engine {string.Join('|', Names)}."),
        };
        return Get(kind);
    }
}
