using DvdStore.Contract;

namespace DvdStore.Tests.Schema.Contract;

/// <summary>
/// A class fixture: one fresh, empty database per test class, made on first use and removed when the class is
/// done, by the engine's scratch space (the one `dvdstore check` uses: CREATE/DROP DATABASE, a temp file).
/// A missing test server surfaces in the test itself as a skip (locally) or a failure (CI), not as a fixture error.
/// </summary>
public abstract class ContractDatabase : IAsyncLifetime
{
    private ScratchStore? _scratch;

    public abstract IEngine Engine { get; }

    /// <summary>The fresh database's connection string (tests of one class run one at a time, so no lock is needed).</summary>
    public async Task<string> ConnectionStringAsync() => (_scratch ??= await CreateDatabaseAsync()).ConnectionString;

    /// <summary>An open connection to the class's database, holding the <see cref="ContractStore"/> built anew (any earlier store dropped first).</summary>
    public async Task<DbConnection> OpenNewStoreAsync()
    {
        var connection = Engine.CreateConnection(await ConnectionStringAsync());
        await connection.OpenAsync();
        await Engine.DropAsync(connection, CancellationToken.None);
        await ContractStore.BuildAsync(Engine, connection);
        return connection;
    }

    public Task InitializeAsync() => Task.CompletedTask;

    public async Task DisposeAsync()
    {
        if (_scratch is not null)
        {
            await DropDatabaseAsync(_scratch);
        }
    }

    /// <summary>
    /// The batches a DBA's client sends when running <see cref="IEngine.RenderDdl"/> of <paramref name="phase"/> by hand
    /// (psql and sqlite3 take the text as it is; mysql splits on its --delimiter).
    /// </summary>
    public virtual IEnumerable<string> RenderedBatches(SchemaPhase phase, string ddl) => [ddl];

    /// <summary>Every store object as the server's own catalog describes it (columns, indexes, keys, routines, triggers), one sorted line each.</summary>
    public async Task<IReadOnlyList<string>> DescribeCatalogAsync(DbConnection connection)
    {
        var lines = new List<string>();
        foreach (var query in CatalogQueries)
        {
            await using var command = connection.Command(query);
            await using var reader = await command.ExecuteReaderAsync();
            while (await reader.ReadAsync())
            {
                lines.Add(reader.GetString(0));
            }
        }

        return lines.Order(StringComparer.Ordinal).ToList();
    }

    /// <summary>The catalog queries behind <see cref="DescribeCatalogAsync"/>: each returns one text column, a line per object.</summary>
    protected abstract IReadOnlyList<string> CatalogQueries { get; }

    /// <summary>The test server's connection string (throws SkipException via TestServers when there is no server).</summary>
    protected abstract string ServerConnectionString();

    /// <summary>Makes an empty database on the test server.</summary>
    protected virtual Task<ScratchStore> CreateDatabaseAsync() =>
        EngineCatalog.Get(Engine.Kind).Profile.NewScratchSpace().CreateAsync(ServerConnectionString(), CancellationToken.None);

    /// <summary>Removes the database made by <see cref="CreateDatabaseAsync"/>.</summary>
    protected virtual Task DropDatabaseAsync(ScratchStore scratch) => EngineCatalog.Get(Engine.Kind).Profile.NewScratchSpace().DropAsync(scratch, CancellationToken.None);
}
