using DvdStore.Schema.Engines.Common;
using Npgsql;

namespace DvdStore.Schema.Engines.PostgreSql;

/// <summary>A database of its own (CREATE DATABASE, so the role needs CREATEDB), dropped with its sessions closed.</summary>
public sealed class PostgreSqlScratchSpace : IScratchSpace
{
    public async Task<ScratchStore> CreateAsync(string connectionString, CancellationToken cancellationToken)
    {
        var name = ScratchStore.NewName();
        await using var connection = new NpgsqlConnection(connectionString);
        await connection.OpenAsync(cancellationToken).ConfigureAwait(false);
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
        var scratch = new NpgsqlConnectionStringBuilder(connectionString) { Database = name }.ConnectionString;
        return new ScratchStore($"database {name}", name, scratch, connectionString);
    }

    public async Task DropAsync(ScratchStore scratch, CancellationToken cancellationToken)
    {
        await using (var pooled = new NpgsqlConnection(scratch.ConnectionString))
        {
            NpgsqlConnection.ClearPool(pooled);
        }

        await using var connection = new NpgsqlConnection(scratch.AdminConnectionString);
        await connection.OpenAsync(cancellationToken).ConfigureAwait(false);
        // WITH (FORCE) (13+) also ends sessions other than ours still on the scratch database.
        var force = connection.PostgreSqlVersion.Major >= 13 ? " WITH (FORCE)" : "";
        await connection.ExecuteAsync($"DROP DATABASE IF EXISTS {scratch.Name}{force}", cancellationToken).ConfigureAwait(false);
    }
}
