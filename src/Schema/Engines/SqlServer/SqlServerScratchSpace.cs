using Microsoft.Data.SqlClient;

namespace DvdStore.Schema.Engines.SqlServer;

/// <summary>A database of its own (CREATE DATABASE: CREATE ANY DATABASE, e.g. the dbcreator role), dropped with its sessions ended.</summary>
public sealed class SqlServerScratchSpace : ScratchDatabase<SqlConnection>
{
    protected override async Task CreateDatabaseAsync(SqlConnection connection, string name, CancellationToken cancellationToken)
    {
        await using (var rights = connection.Command("SELECT CASE WHEN HAS_PERMS_BY_NAME(NULL, NULL, 'CREATE ANY DATABASE') = 1 THEN N'' ELSE SUSER_SNAME() END"))
        {
            var login = await rights.ScalarAsync<string>(cancellationToken).ConfigureAwait(false);
            if (!string.IsNullOrEmpty(login))
            {
                throw new UserError($"login {login} may not create databases, and check builds its test store in a scratch database ({name}) it drops after; grant it with ALTER SERVER ROLE dbcreator ADD MEMBER [{login}] (or GRANT CREATE ANY DATABASE TO [{login}]).");
            }
        }

        await connection.ExecuteAsync($"CREATE DATABASE [{name}]", cancellationToken).ConfigureAwait(false);
    }

    protected override string WithDatabase(string connectionString, string name) =>
        new SqlConnectionStringBuilder(connectionString) { InitialCatalog = name }.ConnectionString;

    protected override void ClearPool(SqlConnection pooled) => SqlConnection.ClearPool(pooled);

    protected override Task DropDatabaseAsync(SqlConnection connection, string name, CancellationToken cancellationToken) =>
        connection.ExecuteAsync(
            $"IF DB_ID(N'{name}') IS NOT NULL BEGIN ALTER DATABASE [{name}] SET SINGLE_USER WITH ROLLBACK IMMEDIATE; DROP DATABASE [{name}]; END",
            cancellationToken);
}
