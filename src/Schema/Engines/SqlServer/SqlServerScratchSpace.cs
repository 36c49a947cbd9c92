using DvdStore.Schema.Engines.Common;
using Microsoft.Data.SqlClient;

namespace DvdStore.Schema.Engines.SqlServer;

/// <summary>A database of its own (CREATE DATABASE: CREATE ANY DATABASE, e.g. the dbcreator role), dropped with its sessions ended.</summary>
public sealed class SqlServerScratchSpace : IScratchSpace
{
    public async Task<ScratchStore> CreateAsync(string connectionString, CancellationToken cancellationToken)
    {
        var name = ScratchStore.NewName();
        await using var connection = new SqlConnection(connectionString);
        await connection.OpenAsync(cancellationToken).ConfigureAwait(false);
        await using (var rights = connection.Command("SELECT CASE WHEN HAS_PERMS_BY_NAME(NULL, NULL, 'CREATE ANY DATABASE') = 1 THEN N'' ELSE SUSER_SNAME() END"))
        {
            var login = await rights.ScalarAsync<string>(cancellationToken).ConfigureAwait(false);
            if (!string.IsNullOrEmpty(login))
            {
                throw new UserError($"login {login} may not create databases, and check builds its test store in a scratch database ({name}) it drops after; grant it with ALTER SERVER ROLE dbcreator ADD MEMBER [{login}] (or GRANT CREATE ANY DATABASE TO [{login}]).");
            }
        }

        await connection.ExecuteAsync($"CREATE DATABASE [{name}]", cancellationToken).ConfigureAwait(false);
        var scratch = new SqlConnectionStringBuilder(connectionString) { InitialCatalog = name }.ConnectionString;
        return new ScratchStore($"database {name}", name, scratch, connectionString);
    }

    public async Task DropAsync(ScratchStore scratch, CancellationToken cancellationToken)
    {
        await using (var pooled = new SqlConnection(scratch.ConnectionString))
        {
            SqlConnection.ClearPool(pooled);
        }

        await using var connection = new SqlConnection(scratch.AdminConnectionString);
        await connection.OpenAsync(cancellationToken).ConfigureAwait(false);
        await connection.ExecuteAsync(
            $"IF DB_ID(N'{scratch.Name}') IS NOT NULL BEGIN ALTER DATABASE [{scratch.Name}] SET SINGLE_USER WITH ROLLBACK IMMEDIATE; DROP DATABASE [{scratch.Name}]; END",
            cancellationToken).ConfigureAwait(false);
    }
}
