using System.Data.Common;
using DvdStore.Schema.Engines;

namespace DvdStore.Tests.Schema.Contract;

/// <summary>
/// A class fixture: one fresh, empty database per test class, made on first use and removed when the class is
/// done. Engines subclass it with how to make and remove a database (CREATE/DROP DATABASE, a temp file).
/// A missing test server surfaces in the test itself as a skip (locally) or a failure (CI), not as a fixture error.
/// </summary>
public abstract class ContractDatabase : IAsyncLifetime
{
    private string? _connectionString;

    public abstract IEngine Engine { get; }

    /// <summary>The fresh database's connection string (tests of one class run one at a time, so no lock is needed).</summary>
    public async Task<string> ConnectionStringAsync() => _connectionString ??= await CreateDatabaseAsync();

    public Task InitializeAsync() => Task.CompletedTask;

    public async Task DisposeAsync()
    {
        if (_connectionString is not null)
        {
            await DropDatabaseAsync(_connectionString);
        }
    }

    /// <summary>
    /// The batches a DBA's client sends when running <see cref="IEngine.RenderDdl"/> of <paramref name="phase"/> by hand
    /// (psql and sqlite3 take the text as it is; mysql splits on its --delimiter).
    /// </summary>
    public virtual IEnumerable<string> RenderedBatches(SchemaPhase phase, string ddl) => [ddl];

    /// <summary>Every store object as the server's own catalog describes it (columns, indexes, keys, routines, triggers), one sorted line each.</summary>
    public abstract Task<IReadOnlyList<string>> DescribeCatalogAsync(DbConnection connection);

    /// <summary>Makes an empty database and returns its connection string (throws SkipException via TestServers when there is no server).</summary>
    protected abstract Task<string> CreateDatabaseAsync();

    /// <summary>Removes the database made by <see cref="CreateDatabaseAsync"/>.</summary>
    protected abstract Task DropDatabaseAsync(string connectionString);
}
