using System.Data.Common;
using DvdStore.Schema.Engines.Common;
using DvdStore.Schema.Engines.MySql;
using DvdStore.Schema.Engines.Oracle;
using DvdStore.Schema.Engines.PostgreSql;
using DvdStore.Schema.Engines.Sqlite;
using DvdStore.Schema.Engines.SqlServer;

namespace DvdStore.Schema.Engines;

/// <summary>
/// What one database is, whatever name a connection reached it by, so two targets given as 127.0.0.1 and localhost
/// are seen to be one: each engine's own identity query (in its folder), SQLite the store file's real path.
/// </summary>
public static class DatabaseIdentity
{
    public static async Task<string> ReadAsync(IEngine engine, DbConnection connection, CancellationToken cancellationToken)
    {
        if (engine.Kind == EngineKind.Sqlite)
        {
            return "sqlite|" + await SqliteDatabaseIdentity.ReadAsync(connection, cancellationToken).ConfigureAwait(false);
        }

        var sql = engine.Kind switch
        {
            EngineKind.PostgreSql => PostgreSqlDatabaseIdentity.Sql,
            EngineKind.MySql => MySqlDatabaseIdentity.Sql,
            EngineKind.SqlServer => SqlServerDatabaseIdentity.Sql,
            EngineKind.Oracle => OracleDatabaseIdentity.Sql,
            _ => throw new ArgumentOutOfRangeException(nameof(engine), engine.Kind, "no identity query for this engine"),
        };
        await using var command = connection.Command(sql);
        return engine.Kind + "|" + (await command.ScalarAsync<string>(cancellationToken).ConfigureAwait(false) ?? "");
    }
}
