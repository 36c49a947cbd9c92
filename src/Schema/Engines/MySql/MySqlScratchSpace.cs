using DvdStore.Schema.Engines.Common;
using MySqlConnector;

namespace DvdStore.Schema.Engines.MySql;

/// <summary>A database of its own in utf8mb4 (CREATE DATABASE), dropped after.</summary>
public sealed class MySqlScratchSpace : IScratchSpace
{
    public async Task<ScratchStore> CreateAsync(string connectionString, CancellationToken cancellationToken)
    {
        var name = ScratchStore.NewName();
        await using var connection = new MySqlConnection(connectionString);
        await connection.OpenAsync(cancellationToken).ConfigureAwait(false);
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

        var scratch = new MySqlConnectionStringBuilder(connectionString) { Database = name }.ConnectionString;
        return new ScratchStore($"database {name}", name, scratch, connectionString);
    }

    public async Task DropAsync(ScratchStore scratch, CancellationToken cancellationToken)
    {
        await using (var pooled = new MySqlConnection(scratch.ConnectionString))
        {
            MySqlConnection.ClearPool(pooled);
        }

        await using var connection = new MySqlConnection(scratch.AdminConnectionString);
        await connection.OpenAsync(cancellationToken).ConfigureAwait(false);
        await connection.ExecuteAsync($"DROP DATABASE IF EXISTS {scratch.Name}", cancellationToken).ConfigureAwait(false);
    }
}
