namespace DvdStore.Tests.Trust;

/// <summary>
/// A real engine (SQLite in the tests) whose store commands lose purchase connections through <see cref="PurchaseFaults"/>,
/// and which classifies those losses as <see cref="FailureKind.Connection"/>; everything else is the real engine's.
/// </summary>
internal sealed class FaultyEngine(IEngine inner, PurchaseFaults faults) : IEngine
{
    public EngineKind Kind => inner.Kind;

    public string DisplayName => inner.DisplayName;

    public EngineProfile Profile => inner.Profile;

    public IStoreCommands CreateStoreCommands(DbConnection connection) => new FaultyStoreCommands(inner.CreateStoreCommands(connection), faults);

    public FailureKind Classify(Exception error) => error is LostConnectionException ? FailureKind.Connection : inner.Classify(error);

    public DbConnection CreateConnection(string connectionString) => inner.CreateConnection(connectionString);

    public string RedactConnection(string connectionString) => inner.RedactConnection(connectionString);

    public string Parameter(string name) => inner.Parameter(name);

    public string RenderDdl(SchemaPhase phase) => inner.RenderDdl(phase);

    public string CreateTableSql(TableSpec table) => inner.CreateTableSql(table);

    public Task CreateAsync(DbConnection connection, SchemaPhase phase, CancellationToken cancellationToken) => inner.CreateAsync(connection, phase, cancellationToken);

    public Task<bool> StoreExistsAsync(DbConnection connection, CancellationToken cancellationToken) => inner.StoreExistsAsync(connection, cancellationToken);

    public Task DropAsync(DbConnection connection, CancellationToken cancellationToken) => inner.DropAsync(connection, cancellationToken);

    public Task<IBulkWriter> OpenBulkWriterAsync(DbConnection connection, TableSpec table, CancellationToken cancellationToken) => inner.OpenBulkWriterAsync(connection, table, cancellationToken);

    public Task ResetIdentityAsync(DbConnection connection, TableSpec table, long lastId, CancellationToken cancellationToken) => inner.ResetIdentityAsync(connection, table, lastId, cancellationToken);

    public Task AnalyzeAsync(DbConnection connection, CancellationToken cancellationToken) => inner.AnalyzeAsync(connection, cancellationToken);

    public Task<ServerFacts> DescribeServerAsync(DbConnection connection, CancellationToken cancellationToken) => inner.DescribeServerAsync(connection, cancellationToken);

    public string WithPoolFor(string connectionString, int connections) => inner.WithPoolFor(connectionString, connections);

    public Task<ConnectionHeadroom?> ConnectionHeadroomAsync(DbConnection connection, CancellationToken cancellationToken) => inner.ConnectionHeadroomAsync(connection, cancellationToken);
}
