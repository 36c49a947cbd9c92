namespace DvdStore.Schema.Engines;

/// <summary>The database engines the store runs on; the CLI spells them sqlite|postgres|mysql|sqlserver|oracle.</summary>
public enum EngineKind
{
    Sqlite,
    PostgreSql,
    MySql,
    SqlServer,
    Oracle,
}
