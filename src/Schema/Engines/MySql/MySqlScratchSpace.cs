using MySqlConnector;

namespace DvdStore.Schema.Engines.MySql;

/// <summary>A database of its own in utf8mb4 (CREATE DATABASE), dropped after.</summary>
public sealed class MySqlScratchSpace : ScratchDatabase<MySqlConnection>
{
    protected override async Task CreateDatabaseAsync(MySqlConnection connection, string name, CancellationToken cancellationToken)
    {
        try
        {
            await connection.ExecuteAsync($"CREATE DATABASE {name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci", cancellationToken).ConfigureAwait(false);
        }
        catch (MySqlException e) when (e.ErrorCode is MySqlErrorCode.DatabaseAccessDenied or MySqlErrorCode.AccessDenied)
        {
            await using var who = connection.Command("SELECT CURRENT_USER()");
            var user = await who.ScalarAsync<string>(cancellationToken).ConfigureAwait(false);
            throw new UserError($"user {user} may not create databases, and check builds its test store in a scratch database ({name}) it drops after; grant it with GRANT ALL PRIVILEGES ON `dvdstore\\_check\\_%`.* TO {user}, or run check as a user that may CREATE DATABASE.");
        }
    }

    protected override string WithDatabase(string connectionString, string name) =>
        new MySqlConnectionStringBuilder(connectionString) { Database = name }.ConnectionString;

    protected override void ClearPool(MySqlConnection pooled) => MySqlConnection.ClearPool(pooled);

    protected override Task DropDatabaseAsync(MySqlConnection connection, string name, CancellationToken cancellationToken) =>
        connection.ExecuteAsync($"DROP DATABASE IF EXISTS {name}", cancellationToken);
}
