namespace DvdStore.Schema.Engines;

/// <summary>
/// The one seam between the store and a database engine. Every engine difference lives behind it, in
/// <c>Engines/&lt;Engine&gt;/</c>: dialect, DDL and procedure scripts, the DS3 procedure calls, the bulk path,
/// error classification and what the server reports of itself. Loader, Driver and Analysis hold no SQL
/// of their own except the portable statements built with <see cref="Parameter"/> and plain identifiers.
/// </summary>
public interface IEngine
{
    EngineKind Kind { get; }

    /// <summary>Human name, e.g. "PostgreSQL".</summary>
    string DisplayName { get; }

    /// <summary>What the rest of the kit may know of this engine: its name, connection defaults, counters, scratch space.</summary>
    EngineProfile Profile { get; }

    /// <summary>A new, unopened connection (pooled by the provider).</summary>
    DbConnection CreateConnection(string connectionString);

    /// <summary>
    /// The connection string without any secret, as this engine's provider reads it (its builder folds every synonym it
    /// accepts, e.g. PSW= and PWD=, into Password), for every line printed and every file written.
    /// </summary>
    string RedactConnection(string connectionString);

    /// <summary>
    /// The full path of the file that holds the store when this engine keeps a store in one file (SQLite), else null (a
    /// server). A connection string the provider refuses (a keyword it does not know, a value it does not take) is a
    /// one-line <see cref="UserError"/>, so it is refused when the option is read.
    /// </summary>
    string? StoreFile(string connectionString) => null;

    /// <summary>The placeholder for a named parameter in command text: <c>@name</c>, or <c>:name</c> on Oracle.</summary>
    string Parameter(string name);

    /// <summary>The full DDL of one build phase, as a DBA would review or run it by hand.</summary>
    string RenderDdl(SchemaPhase phase);

    /// <summary>CREATE TABLE for one table of the model (adoption adds our bookkeeping tables beside a DS3-built store's).</summary>
    string CreateTableSql(TableSpec table);

    /// <summary>Runs one build phase on the connection's database/schema.</summary>
    Task CreateAsync(DbConnection connection, SchemaPhase phase, CancellationToken cancellationToken);

    /// <summary>
    /// The Keys phase of a load, each index built with the engine's parallel build sized to a server of
    /// <paramref name="serverCpus"/> CPUs where it has one (the plain Keys phase elsewhere).
    /// </summary>
    Task CreateKeysAsync(DbConnection connection, int serverCpus, CancellationToken cancellationToken) =>
        CreateAsync(connection, SchemaPhase.Keys, cancellationToken);

    /// <summary>True when any store table already exists on the connection's database/schema.</summary>
    Task<bool> StoreExistsAsync(DbConnection connection, CancellationToken cancellationToken);

    /// <summary>Drops every store object (tables, procedures, trigger, sequences); a no-op where none exist.</summary>
    Task DropAsync(DbConnection connection, CancellationToken cancellationToken);

    /// <summary>Opens the engine's native bulk path for one table.</summary>
    Task<IBulkWriter> OpenBulkWriterAsync(DbConnection connection, TableSpec table, CancellationToken cancellationToken);

    /// <summary>
    /// How a load builds this engine's keys table by table while it streams (see <see cref="IBulkLoadFinisher"/>);
    /// null where the load creates the tables with their keys and runs the Keys phase after every row.
    /// </summary>
    IBulkLoadFinisher? BulkLoadFinisher => null;

    /// <summary>
    /// The tables whose parallel bulk streams would only take turns on this server (each stream's statements hold a
    /// lock on the whole table), so a load keeps each of them one stream; none on most engines.
    /// </summary>
    Task<IReadOnlySet<string>> TablesLoadedAsOneStreamAsync(DbConnection connection, CancellationToken cancellationToken) =>
        Task.FromResult<IReadOnlySet<string>>(new HashSet<string>(StringComparer.Ordinal));

    /// <summary>
    /// One line each for the server settings that hold a load of this store below what its plan asks for on a server of
    /// <paramref name="serverCpus"/> CPUs (a table that cannot be cut, an index build given fewer workers), each naming
    /// the setting and how to change it; none when the server is set for the plan, or the engine has no such settings.
    /// </summary>
    Task<IReadOnlyList<string>> LoadSettingWarningsAsync(DbConnection connection, int serverCpus, CancellationToken cancellationToken) =>
        Task.FromResult<IReadOnlyList<string>>([]);

    /// <summary>Makes the next generated id of <paramref name="table"/>'s identity column <paramref name="lastId"/> + 1.</summary>
    Task ResetIdentityAsync(DbConnection connection, TableSpec table, long lastId, CancellationToken cancellationToken);

    /// <summary>Refreshes optimizer statistics (ANALYZE and its kin).</summary>
    Task AnalyzeAsync(DbConnection connection, CancellationToken cancellationToken);

    /// <summary>
    /// Brings a store DS3's own scripts built for this engine to the column names the kit reads, before it is adopted;
    /// returns what it changed (one line) or null. Most engines' DS3 stores need nothing.
    /// </summary>
    Task<string?> AlignDs3StoreAsync(DbConnection connection, CancellationToken cancellationToken) => Task.FromResult<string?>(null);

    /// <summary>The DS3 procedure calls on an open connection, one instance per virtual user.</summary>
    IStoreCommands CreateStoreCommands(DbConnection connection);

    /// <summary>
    /// Calls made the way DS3's own driver for this engine makes them, on an open connection; null where the kit
    /// reproduces no DS3 driver for this engine (DS3 has no SQLite driver).
    /// </summary>
    IDs3DriverCalls? CreateDs3DriverCalls(DbConnection connection) => null;

    /// <summary>Why <see cref="CreateDs3DriverCalls"/> is null on this engine, as a check row's note.</summary>
    string Ds3DriverAbsence => $"not run: the kit does not reproduce DS3's {DisplayName} driver";

    /// <summary>What an exception from this engine's provider means (deadlock, lost connection, …).</summary>
    FailureKind Classify(Exception error);

    /// <summary>
    /// After <paramref name="lost"/>'s session died: empties the provider's pool for its connection string, so a
    /// reconnect opens a new session instead of a pooled one that died with it (sessions killed from the server side
    /// die together); sessions in use are dropped when returned. A no-op where the provider keeps no pool.
    /// </summary>
    void ClearPool(DbConnection lost)
    {
    }

    /// <summary>
    /// The folder the server keeps its data in, as the server names it (a path on the server's host); null where the
    /// engine has none or the role may not read it.
    /// </summary>
    Task<string?> DataDirectoryAsync(DbConnection connection, CancellationToken cancellationToken) => Task.FromResult<string?>(null);

    /// <summary>
    /// The uniqueness and references the server enforces on the store's tables now (see <see cref="ServerGuarantees"/>),
    /// so verify need not count them again; only what the catalog really proves (nothing by default).
    /// </summary>
    Task<ServerGuarantees> GuaranteesAsync(DbConnection connection, CancellationToken cancellationToken) => Task.FromResult(ServerGuarantees.None);

    /// <summary>The server's product, version and the settings that matter for a run.</summary>
    Task<ServerFacts> DescribeServerAsync(DbConnection connection, CancellationToken cancellationToken);

    /// <summary>
    /// The connection string with a provider pool that holds at least <paramref name="connections"/> connections at once
    /// (the driver keeps one per virtual user for the whole run). Unchanged when the pool is big enough, unbounded or
    /// off; a <see cref="UserError"/> when the string itself sets a smaller maximum.
    /// </summary>
    string WithPoolFor(string connectionString, int connections);

    /// <summary>
    /// How many connections the server accepts from this client now (its connection limits minus the connections in
    /// use); null where the engine has no such limit or does not say.
    /// </summary>
    Task<ConnectionHeadroom?> ConnectionHeadroomAsync(DbConnection connection, CancellationToken cancellationToken);
}
