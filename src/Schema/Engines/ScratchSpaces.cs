using DvdStore.Schema.Engines.MySql;
using DvdStore.Schema.Engines.Oracle;
using DvdStore.Schema.Engines.PostgreSql;
using DvdStore.Schema.Engines.Sqlite;
using DvdStore.Schema.Engines.SqlServer;

namespace DvdStore.Schema.Engines;

/// <summary>The scratch space of each engine (beside <see cref="IEngine"/>, not in it, like <see cref="EngineCounters"/>).</summary>
public static class ScratchSpaces
{
    public static IScratchSpace For(EngineKind kind) => kind switch
    {
        EngineKind.PostgreSql => new PostgreSqlScratchSpace(),
        EngineKind.MySql => new MySqlScratchSpace(),
        EngineKind.SqlServer => new SqlServerScratchSpace(),
        EngineKind.Oracle => new OracleScratchSpace(),
        EngineKind.Sqlite => new SqliteScratchSpace(),
        _ => throw new ArgumentOutOfRangeException(nameof(kind), kind, "unknown engine"),
    };

    /// <summary>A fresh name a DBA recognises: dvdstore_check_ and 8 hex digits.</summary>
    public static string NewName() => "dvdstore_check_" + Guid.NewGuid().ToString("N")[..8];
}
