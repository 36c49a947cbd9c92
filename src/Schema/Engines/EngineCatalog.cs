using DvdStore.Schema.Engines.MySql;
using DvdStore.Schema.Engines.Oracle;
using DvdStore.Schema.Engines.PostgreSql;
using DvdStore.Schema.Engines.Sqlite;
using DvdStore.Schema.Engines.SqlServer;

namespace DvdStore.Schema.Engines;

/// <summary>
/// The one registry of engines, keyed by the names users call them by (each engine's <see cref="EngineProfile"/> says
/// its name and aliases). Everything outside <c>Engines/</c> reaches an engine, and what it may know of it, through here.
/// </summary>
public static class EngineCatalog
{
    /// <summary>Every engine, in the order help shows them; the first is the default (it needs no server).</summary>
    public static readonly IReadOnlyList<IEngine> All =
    [
        new SqliteEngine(), new PostgreSqlEngine(), new MySqlEngine(), new SqlServerEngine(), new OracleEngine(),
    ];

    private static readonly Dictionary<string, IEngine> ByName = All
        .SelectMany(static e => e.Profile.AllNames.Select(n => (Name: n, Engine: e)))
        .ToDictionary(static p => p.Name, static p => p.Engine, StringComparer.OrdinalIgnoreCase);

    /// <summary>CLI names, in the order help shows them.</summary>
    public static readonly IReadOnlyList<string> Names = All.Select(static e => e.Profile.Name).ToList();

    /// <summary>The engine used when none is named: the first, which needs no server.</summary>
    public static IEngine Default => All[0];

    /// <summary>The engine that keeps a store in a local file (the quickstart's).</summary>
    public static IEngine FileEngine => All.First(static e => e.Profile.FileConnection is not null);

    /// <summary>The names of the engines that run on a server, for help text.</summary>
    public static IEnumerable<string> ServerNames => All.Where(static e => !e.Profile.InProcess).Select(static e => e.Profile.Name);

    /// <summary>Where to find a server's main pid, per engine that says, for help and errors: "PostgreSQL: …; MySQL: …".</summary>
    public static string ServerPidHints => string.Join("; ", All.Where(static e => e.Profile.ServerPidHint is not null)
        .Select(static e => $"{e.DisplayName}: {e.Profile.ServerPidHint}"));

    public static IEngine Get(EngineKind kind) => All.First(e => e.Kind == kind);

    public static string NameOf(EngineKind kind) => Get(kind).Profile.Name;

    /// <summary>The engine of a name (or alias), or null.</summary>
    public static IEngine? Find(string? name) => ByName.GetValueOrDefault((name ?? "").Trim());

    /// <summary>Finds an engine by its CLI name (a few common aliases accepted).</summary>
    public static IEngine Parse(string? name) =>
        Find(name) ?? throw new UserError($"unknown engine '{name}'; use --engine {string.Join('|', Names)}.");
}
