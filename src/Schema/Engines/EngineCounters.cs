using DvdStore.Schema.Engines.MySql;
using DvdStore.Schema.Engines.Oracle;
using DvdStore.Schema.Engines.PostgreSql;
using DvdStore.Schema.Engines.Sqlite;
using DvdStore.Schema.Engines.SqlServer;

namespace DvdStore.Schema.Engines;

/// <summary>The engine counter reader of each engine (kept beside <see cref="IEngine"/>, not in it, so the seam stays unchanged).</summary>
public static class EngineCounters
{
    /// <summary>A new reader; readers remember what they learnt of the server (its version), so use one per server.</summary>
    public static IEngineCounters For(EngineKind kind) => kind switch
    {
        EngineKind.PostgreSql => new PostgreSqlCounters(),
        EngineKind.MySql => new MySqlCounters(),
        EngineKind.SqlServer => new SqlServerCounters(),
        EngineKind.Oracle => new OracleCounters(),
        EngineKind.Sqlite => new SqliteCounters(),
        _ => throw new ArgumentOutOfRangeException(nameof(kind), kind, "unknown engine"),
    };
}
