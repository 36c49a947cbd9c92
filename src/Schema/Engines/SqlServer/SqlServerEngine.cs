using Microsoft.Data.SqlClient;

namespace DvdStore.Schema.Engines.SqlServer;

/// <summary>
/// SQL Server 2019+ through Microsoft.Data.SqlClient: IDENTITY ids, T-SQL procedures with DS3's names and parameters,
/// an AFTER UPDATE re-order trigger, full-text search on PRODUCTS(ACTOR, TITLE) and SqlBulkCopy loads.
/// </summary>
public sealed class SqlServerEngine : IEngine
{
    internal const string BatchSeparator = "GO";
    internal const string FullTextCatalog = "FULLTEXTCAT_DSPROD";

    /// <summary>Resets an identity so the next generated id is @lastId + 1 (a never-used identity takes the reseed value itself).</summary>
    internal const string ResetIdentitySql = """
        DECLARE @next BIGINT = @lastId;
        IF EXISTS (SELECT 1 FROM sys.identity_columns WHERE object_id = OBJECT_ID(@table) AND last_value IS NULL)
            SET @next = @lastId + 1;
        DBCC CHECKIDENT (@table, RESEED, @next) WITH NO_INFOMSGS;
        """;

    internal const string PopulateStatusSql = $"SELECT CAST(FULLTEXTCATALOGPROPERTY('{FullTextCatalog}', 'PopulateStatus') AS INT)";

    private static readonly SqlServerDialect Dialect = new();

    public EngineKind Kind => EngineKind.SqlServer;

    public string DisplayName => "SQL Server";

    public EngineProfile Profile => SqlServerProfile.Instance;

    /// <summary>SELECT of how many store tables exist in the connection's default schema.</summary>
    internal static string StoreExistsSql =>
        $"SELECT COUNT(*) FROM sys.tables WHERE schema_id = SCHEMA_ID() AND name IN ({string.Join(", ", StoreModel.Tables.Select(t => $"'{t.Name}'"))})";

    public DbConnection CreateConnection(string connectionString)
    {
        try
        {
            return new SqlConnection(connectionString);
        }
        catch (ArgumentException e)
        {
            throw new UserError($"the --connection value is not a SQL Server connection string ({e.Message}); e.g. \"{Profile.ExampleConnection}\".");
        }
    }

    public string WithPoolFor(string connectionString, int connections)
    {
        SqlConnectionStringBuilder builder;
        try
        {
            builder = new SqlConnectionStringBuilder(connectionString);
        }
        catch (ArgumentException e)
        {
            throw new UserError($"the --connection value is not a SQL Server connection string ({e.Message}); e.g. \"{Profile.ExampleConnection}\".");
        }

        return PoolSizing.Sized(connectionString, connections, builder.Pooling, builder.MaxPoolSize, "Max Pool Size", max =>
        {
            builder.MaxPoolSize = max;
            return builder.ConnectionString;
        });
    }

    /// <summary>Not checked: SQL Server's default is 32,767 user connections, far above what one driver opens.</summary>
    public Task<ConnectionHeadroom?> ConnectionHeadroomAsync(DbConnection connection, CancellationToken cancellationToken) => Task.FromResult<ConnectionHeadroom?>(null);

    /// <summary>Read by SqlClient's own builder, which folds PWD= into Password.</summary>
    public string RedactConnection(string connectionString) => ConnectionSecrets.Redact(connectionString, static s => new SqlConnectionStringBuilder(s));

    public string Parameter(string name) => "@" + name;

    /// <summary>One .sql file of this engine's Sql/ folder, split on GO lines.</summary>
    internal static SqlScript Script(string fileName) => SqlScript.Load("SqlServer", fileName, BatchSeparator);

    /// <summary>
    /// The batches of one build phase, each sent on its own (GO-separated when printed); a load's Keys phase builds each
    /// index with MAXDOP = the server's CPUs (<paramref name="serverCpus"/>; the server's own MAXDOP setting otherwise).
    /// </summary>
    internal static IReadOnlyList<string> Batches(SchemaPhase phase, int? serverCpus = null) => phase switch
    {
        SchemaPhase.Tables => [.. Dialect.CreateTables(), .. Dialect.InsertCategories()],
        SchemaPhase.Keys => [.. StoreModel.Indexes.Select(i => Dialect.CreateIndex(i) + ParallelBuild(serverCpus)), .. Dialect.CreateForeignKeys(), .. Script("fulltext.sql").Batches],
        SchemaPhase.Programmability => [.. Script("procedures.sql").Batches, .. Script("reorder-trigger.sql").Batches],
        _ => throw new ArgumentOutOfRangeException(nameof(phase), phase, "unknown phase"),
    };

    /// <summary>Everything DropAsync sends: procedures and the full-text index, the tables children first, then the catalog.</summary>
    internal static IReadOnlyList<string> DropBatches() =>
        [.. Script("drop.sql").Batches, .. Dialect.DropTables(), .. Script("drop-catalog.sql").Batches];

    /// <summary>UPDATE STATISTICS for every store table.</summary>
    internal static IReadOnlyList<string> AnalyzeBatches() => StoreModel.Tables.Select(t => $"UPDATE STATISTICS {t.Name}").ToArray();

    public string RenderDdl(SchemaPhase phase) =>
        string.Concat(Batches(phase).Select(b => b + "\n" + BatchSeparator + "\n"));

    public string CreateTableSql(TableSpec table) => Dialect.CreateTable(table);

    public Task CreateAsync(DbConnection connection, SchemaPhase phase, CancellationToken cancellationToken) =>
        CreateAsync(connection, phase, null, cancellationToken);

    /// <summary>The indexes are built one after another, so each may use every CPU of the server.</summary>
    public Task CreateKeysAsync(DbConnection connection, int serverCpus, CancellationToken cancellationToken) =>
        CreateAsync(connection, SchemaPhase.Keys, serverCpus, cancellationToken);

    /// <summary>WITH (MAXDOP = n) for an index built on <paramref name="serverCpus"/> CPUs; nothing when the count is unknown.</summary>
    internal static string ParallelBuild(int? serverCpus) =>
        serverCpus is { } cpus ? string.Create(CultureInfo.InvariantCulture, $" WITH (MAXDOP = {Math.Max(1, cpus)})") : "";

    private async Task CreateAsync(DbConnection connection, SchemaPhase phase, int? serverCpus, CancellationToken cancellationToken)
    {
        await connection.ExecuteAllAsync(Batches(phase, serverCpus), cancellationToken).ConfigureAwait(false);
        if (phase == SchemaPhase.Keys)
        {
            await WaitForFullTextPopulationAsync(connection, cancellationToken).ConfigureAwait(false);
        }
    }

    public async Task<bool> StoreExistsAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        await using var command = connection.Command(StoreExistsSql);
        return await command.ScalarAsync<int>(cancellationToken).ConfigureAwait(false) > 0;
    }

    public Task DropAsync(DbConnection connection, CancellationToken cancellationToken) =>
        connection.ExecuteAllAsync(DropBatches(), cancellationToken);

    public Task<IBulkWriter> OpenBulkWriterAsync(DbConnection connection, TableSpec table, CancellationToken cancellationToken) =>
        Task.FromResult<IBulkWriter>(new SqlServerBulkWriter(Sql(connection), table));

    public async Task ResetIdentityAsync(DbConnection connection, TableSpec table, long lastId, CancellationToken cancellationToken)
    {
        if (table.IdentityColumn is null)
        {
            throw new ArgumentException($"{table.Name} has no identity column.", nameof(table));
        }

        await using var command = connection.Command(ResetIdentitySql);
        command.Add("@table", table.Name, System.Data.DbType.AnsiString);
        command.Add("@lastId", lastId, System.Data.DbType.Int64);
        await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
    }

    public Task AnalyzeAsync(DbConnection connection, CancellationToken cancellationToken) =>
        connection.ExecuteAllAsync(AnalyzeBatches(), cancellationToken);

    public IStoreCommands CreateStoreCommands(DbConnection connection) => new SqlServerStoreCommands(Sql(connection));

    public FailureKind Classify(Exception error) => SqlServerFailures.Classify(error);

    public void ClearPool(DbConnection lost) => SqlConnection.ClearPool((SqlConnection)lost);

    public Task<ServerFacts> DescribeServerAsync(DbConnection connection, CancellationToken cancellationToken) =>
        SqlServerServerFacts.DescribeAsync(connection, DisplayName, cancellationToken);

    public Task<ServerGuarantees> GuaranteesAsync(DbConnection connection, CancellationToken cancellationToken) =>
        SqlServerGuarantees.ReadAsync(connection, cancellationToken);

    private static SqlConnection Sql(DbConnection connection) =>
        connection as SqlConnection ?? throw new ArgumentException($"a SQL Server connection is needed, not {connection.GetType().Name}.", nameof(connection));

    /// <summary>Full-text population runs in the background; searches see every product only once it is idle (status 0).</summary>
    private static async Task WaitForFullTextPopulationAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        await using var command = connection.Command(PopulateStatusSql);
        while (await command.ScalarAsync<int>(cancellationToken).ConfigureAwait(false) != 0)
        {
            await Task.Delay(TimeSpan.FromSeconds(1), cancellationToken).ConfigureAwait(false);
        }
    }
}
