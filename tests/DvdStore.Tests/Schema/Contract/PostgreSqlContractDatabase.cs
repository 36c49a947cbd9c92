using DvdStore.Schema.Engines;
using DvdStore.Schema.Engines.PostgreSql;
using DvdStore.Tests.Infrastructure;
using Npgsql;

namespace DvdStore.Tests.Schema.Contract;

/// <summary>A database of its own on the PostgreSQL test server (CREATE DATABASE), dropped after the test class.</summary>
public sealed class PostgreSqlContractDatabase : ContractDatabase
{
    private string? _name;
    private string? _admin;

    public override IEngine Engine { get; } = new PostgreSqlEngine();

    protected override async Task<string> CreateDatabaseAsync()
    {
        _admin = TestServers.PostgreSql;
        _name = "dvdstore_contract_" + Guid.NewGuid().ToString("N");
        await using (var connection = new NpgsqlConnection(_admin))
        {
            await connection.OpenAsync();
            await using var command = new NpgsqlCommand($"CREATE DATABASE {_name}", connection);
            await command.ExecuteNonQueryAsync();
        }

        return new NpgsqlConnectionStringBuilder(_admin) { Database = _name }.ConnectionString;
    }

    protected override async Task DropDatabaseAsync(string connectionString)
    {
        await using (var pooled = new NpgsqlConnection(connectionString))
        {
            NpgsqlConnection.ClearPool(pooled);
        }

        await using var connection = new NpgsqlConnection(_admin);
        await connection.OpenAsync();
        await using var command = new NpgsqlCommand($"DROP DATABASE IF EXISTS {_name} WITH (FORCE)", connection);
        await command.ExecuteNonQueryAsync();
    }
}
