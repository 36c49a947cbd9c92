using Npgsql;

namespace DvdStore.Schema.Engines.PostgreSql;

/// <summary>A database of its own (CREATE DATABASE, so the role needs CREATEDB), dropped with its sessions closed.</summary>
public sealed class PostgreSqlScratchSpace : ScratchDatabase<NpgsqlConnection>
{
    protected override async Task CreateDatabaseAsync(NpgsqlConnection connection, string name, CancellationToken cancellationToken)
    {
        await using (var rights = connection.Command("SELECT rolcreatedb OR rolsuper, current_user FROM pg_roles WHERE rolname = current_user"))
        await using (var reader = await rights.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false))
        {
            await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
            if (!reader.GetBoolean(0))
            {
                var role = reader.GetString(1);
                throw new UserError($"role {role} may not create databases, and check builds its test store in a scratch database ({name}) it drops after; grant it with ALTER ROLE {role} CREATEDB, or run check as a role that has CREATEDB.");
            }
        }

        await connection.ExecuteAsync($"CREATE DATABASE {name} ENCODING 'UTF8' TEMPLATE template0", cancellationToken).ConfigureAwait(false);
    }

    protected override string WithDatabase(string connectionString, string name) =>
        new NpgsqlConnectionStringBuilder(connectionString) { Database = name }.ConnectionString;

    protected override void ClearPool(NpgsqlConnection pooled) => NpgsqlConnection.ClearPool(pooled);

    protected override Task DropDatabaseAsync(NpgsqlConnection connection, string name, CancellationToken cancellationToken)
    {
        // WITH (FORCE) (13+) also ends sessions other than ours still on the scratch database.
        var force = connection.PostgreSqlVersion.Major >= 13 ? " WITH (FORCE)" : "";
        return connection.ExecuteAsync($"DROP DATABASE IF EXISTS {name}{force}", cancellationToken);
    }
}
