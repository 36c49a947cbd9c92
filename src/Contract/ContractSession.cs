namespace DvdStore.Contract;

/// <summary>
/// What a contract check works on: an engine and an empty scratch database (or schema) of its own, which each check
/// fills with a fresh <see cref="ContractData"/> store, so checks never see each other's writes.
/// </summary>
public sealed class ContractSession(IEngine engine, string connectionString)
{
    private readonly List<string> _notes = [];

    public IEngine Engine { get; } = engine;

    /// <summary>The scratch database's connection string (never printed: it may hold a password).</summary>
    public string ConnectionString { get; } = connectionString;

    /// <summary>
    /// Runs after every store a check builds. Tests use it to break the store on purpose (drop a routine) and see
    /// the checks that need it fail; null in `dvdstore check`.
    /// </summary>
    public Func<DbConnection, CancellationToken, Task>? AfterBuild { get; init; }

    /// <summary>What the current check noted (a limit read, a permission missing but not needed); cleared per check.</summary>
    public IReadOnlyList<string> Notes => _notes;

    public void Note(string note) => _notes.Add(note);

    /// <summary>Why the current check does not apply to this engine (set by the check, which then returns).</summary>
    public string? NotApplicableReason { get; private set; }

    public void NotApplicable(string reason) => NotApplicableReason = reason;

    public void ClearNotes()
    {
        _notes.Clear();
        NotApplicableReason = null;
    }

    /// <summary>An open connection to the scratch database.</summary>
    public async Task<DbConnection> OpenAsync(CancellationToken cancellationToken)
    {
        var connection = Engine.CreateConnection(ConnectionString);
        try
        {
            await connection.OpenAsync(cancellationToken).ConfigureAwait(false);
            return connection;
        }
        catch
        {
            await connection.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    /// <summary>An open connection to a freshly built store holding <see cref="ContractData"/>.</summary>
    public async Task<DbConnection> NewStoreAsync(CancellationToken cancellationToken)
    {
        var connection = await OpenAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            await Engine.DropAsync(connection, cancellationToken).ConfigureAwait(false);
            await BuildStoreAsync(connection, cancellationToken).ConfigureAwait(false);
            return connection;
        }
        catch
        {
            await connection.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    /// <summary>Tables, the fixture rows through the bulk writer, identities reset, keys, programmability: the loader's order.</summary>
    public async Task BuildStoreAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        await Engine.CreateAsync(connection, SchemaPhase.Tables, cancellationToken).ConfigureAwait(false);
        foreach (var (table, rows) in ContractData.Tables)
        {
            await using var writer = await Engine.OpenBulkWriterAsync(connection, table, cancellationToken).ConfigureAwait(false);
            await writer.WriteAsync(rows, cancellationToken).ConfigureAwait(false);
            Expect.Equal((long)rows.Count, await writer.CompleteAsync(cancellationToken).ConfigureAwait(false));
        }

        foreach (var table in StoreModel.Tables.Where(t => t.IdentityColumn is not null))
        {
            await Engine.ResetIdentityAsync(connection, table, ContractData.LastId(table), cancellationToken).ConfigureAwait(false);
        }

        await Engine.CreateAsync(connection, SchemaPhase.Keys, cancellationToken).ConfigureAwait(false);
        await Engine.CreateAsync(connection, SchemaPhase.Programmability, cancellationToken).ConfigureAwait(false);
        if (AfterBuild is not null)
        {
            await AfterBuild(connection, cancellationToken).ConfigureAwait(false);
        }
    }
}
