using DvdStore.Schema.Engines.MySql;
using MySqlConnector;

namespace DvdStore.Tests.Schema.MySql;

/// <summary>
/// A database of its own on the MariaDB/MySQL test server (dvd_&lt;guid&gt;), created on first use and dropped
/// when the test class is done, so test classes can run in parallel on one server.
/// Without a configured server the first use skips the test.
/// </summary>
public class MySqlTestDatabase : IAsyncLifetime
{
    private readonly SemaphoreSlim gate = new(1, 1);
    private string? serverConnection;
    private bool ready;

    public MySqlEngine Engine { get; } = (MySqlEngine)EngineCatalog.Get(EngineKind.MySql);

    public string DatabaseName { get; } = "dvd_" + Guid.NewGuid().ToString("N");

    /// <summary>The connection string of this database (skips the test when no server is configured).</summary>
    public string ConnectionString
    {
        get
        {
            var builder = new MySqlConnectionStringBuilder(TestServers.MySql) { Database = DatabaseName };
            return builder.ConnectionString;
        }
    }

    /// <summary>Creates the database (once) and anything <see cref="PrepareAsync"/> adds; returns an open connection to it.</summary>
    public async Task<MySqlConnection> OpenAsync()
    {
        var connectionString = ConnectionString;
        await gate.WaitAsync();
        try
        {
            if (!ready)
            {
                serverConnection = TestServers.MySql;
                await using (var server = (MySqlConnection)Engine.CreateConnection(serverConnection))
                {
                    await server.OpenAsync();
                    await using var create = new MySqlCommand($"CREATE DATABASE {DatabaseName} CHARACTER SET utf8mb4", server);
                    await create.ExecuteNonQueryAsync();
                }

                await using (var connection = (MySqlConnection)Engine.CreateConnection(connectionString))
                {
                    await connection.OpenAsync();
                    await SetSessionModeAsync(connection);
                    await PrepareAsync(connection);
                }

                ready = true;
            }
        }
        finally
        {
            gate.Release();
        }

        var opened = (MySqlConnection)Engine.CreateConnection(connectionString);
        await opened.OpenAsync();
        await SetSessionModeAsync(opened);
        return opened;
    }

    public Task InitializeAsync() => Task.CompletedTask;

    public async Task DisposeAsync()
    {
        if (serverConnection is null)
        {
            return;
        }

        await using var server = (MySqlConnection)Engine.CreateConnection(serverConnection);
        await server.OpenAsync();
        await using var drop = new MySqlCommand($"DROP DATABASE IF EXISTS {DatabaseName}", server);
        await drop.ExecuteNonQueryAsync();
    }

    /// <summary>The sql_mode every connection of this database runs under; null keeps the server's default.</summary>
    protected virtual string? SessionSqlMode => null;

    /// <summary>Runs once on a fresh, empty database.</summary>
    protected virtual Task PrepareAsync(MySqlConnection connection) => Task.CompletedTask;

    private async Task SetSessionModeAsync(MySqlConnection connection)
    {
        if (SessionSqlMode is null)
        {
            return;
        }

        await using var command = new MySqlCommand("SET SESSION sql_mode = @mode, NAMES utf8mb4", connection);
        command.Parameters.AddWithValue("@mode", SessionSqlMode);
        await command.ExecuteNonQueryAsync();
    }
}
