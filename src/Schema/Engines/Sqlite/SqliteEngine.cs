using System.Data.Common;
using DvdStore.Schema.Engines.Commands;
using DvdStore.Schema.Model;

namespace DvdStore.Schema.Engines.Sqlite;

/// <summary>SQLite: PLACEHOLDER until this engine is written.</summary>
public sealed class SqliteEngine : IEngine
{
    public EngineKind Kind => EngineKind.Sqlite;

    public string DisplayName => "SQLite";

    public DbConnection CreateConnection(string connectionString) => throw new NotImplementedException();

    public string Parameter(string name) => "@" + name;

    public string RenderDdl(SchemaPhase phase) => throw new NotImplementedException();

    public Task CreateAsync(DbConnection connection, SchemaPhase phase, CancellationToken cancellationToken) => throw new NotImplementedException();

    public Task<bool> StoreExistsAsync(DbConnection connection, CancellationToken cancellationToken) => throw new NotImplementedException();

    public Task DropAsync(DbConnection connection, CancellationToken cancellationToken) => throw new NotImplementedException();

    public Task<IBulkWriter> OpenBulkWriterAsync(DbConnection connection, TableSpec table, CancellationToken cancellationToken) => throw new NotImplementedException();

    public Task ResetIdentityAsync(DbConnection connection, TableSpec table, long lastId, CancellationToken cancellationToken) => throw new NotImplementedException();

    public Task AnalyzeAsync(DbConnection connection, CancellationToken cancellationToken) => throw new NotImplementedException();

    public IStoreCommands CreateStoreCommands(DbConnection connection) => throw new NotImplementedException();

    public FailureKind Classify(Exception error) => FailureKind.Other;

    public Task<ServerFacts> DescribeServerAsync(DbConnection connection, CancellationToken cancellationToken) => throw new NotImplementedException();
}
