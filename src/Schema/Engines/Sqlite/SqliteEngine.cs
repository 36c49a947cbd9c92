using System.Data;
using System.Text;

using Microsoft.Data.Sqlite;

namespace DvdStore.Schema.Engines.Sqlite;

/// <summary>
/// SQLite, the embedded zero-setup default: a store is one file (<c>Data Source=dvdstore.db</c>). Every connection
/// runs in WAL mode with synchronous=NORMAL, a 30 s busy_timeout and foreign keys on, so many virtual users can read
/// at once while writers take turns (SQLite allows one writer at a time). DS3's procedures become parameterised
/// statements (<see cref="SqliteStoreCommands"/>); the re-order trigger is a real trigger; BROWSE_BY_ACTOR/TITLE
/// use an FTS5 index.
/// </summary>
public sealed class SqliteEngine : IEngine
{
    /// <summary>How long a statement waits for another connection's write lock before SQLITE_BUSY.</summary>
    public const int BusyTimeoutMilliseconds = 30_000;

    private const string Folder = "Sqlite";

    // SQLite result codes (primary code = extended code & 0xFF).
    private const int SqliteBusy = 5;
    private const int SqliteLocked = 6;
    private const int SqliteInterrupt = 9;
    private const int SqliteIoError = 10;
    private const int SqliteCantOpen = 14;
    private const int SqliteAuth = 23;

    /// <summary>Set on every open: WAL lets readers run beside the writer; NORMAL is durable across application crashes in WAL mode.</summary>
    private static readonly string SessionSettings = string.Create(CultureInfo.InvariantCulture,
        $"PRAGMA busy_timeout = {BusyTimeoutMilliseconds}; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;");

    private readonly SqliteDialect _dialect = new();

    public EngineKind Kind => EngineKind.Sqlite;

    public string DisplayName => "SQLite";

    public EngineProfile Profile => SqliteProfile.Instance;

    public DbConnection CreateConnection(string connectionString)
    {
        var connection = new SqliteConnection(connectionString);
        // The open handler: pooled connections keep settings, but a bulk writer may have changed some, so apply every open.
        connection.StateChange += ApplySessionSettings;
        return connection;
    }

    /// <summary>Unchanged: Microsoft.Data.Sqlite's pool has no maximum.</summary>
    public string WithPoolFor(string connectionString, int connections) => connectionString;

    /// <summary>None: an SQLite file has no server and no connection limit.</summary>
    public Task<ConnectionHeadroom?> ConnectionHeadroomAsync(DbConnection connection, CancellationToken cancellationToken) => Task.FromResult<ConnectionHeadroom?>(null);

    /// <summary>Read by Microsoft.Data.Sqlite's own builder (Password, for encrypted builds).</summary>
    public string RedactConnection(string connectionString) => ConnectionSecrets.Redact(connectionString, static s => new SqliteConnectionStringBuilder(s));

    public string? StoreFile(string connectionString) => SqliteStoreFile.Of(connectionString);

    public string Parameter(string name) => "@" + name;

    public string RenderDdl(SchemaPhase phase)
    {
        var text = new StringBuilder();
        foreach (var statement in Statements(phase))
        {
            text.Append(statement.TrimEnd().TrimEnd(';')).Append(";\n\n");
        }

        if (phase == SchemaPhase.Programmability)
        {
            text.Append("-- SQLite has no stored procedures: SqliteStoreCommands runs these statements, prepared once per connection,\n")
                .Append("-- in one transaction per call (PURCHASE: BEGIN IMMEDIATE; roll back when an item's stock UPDATE changes no row).\n");
            foreach (var (name, sql) in SqliteProcedures.All)
            {
                text.Append("\n-- ").Append(name).Append('\n');
                foreach (var line in sql.Split('\n'))
                {
                    text.Append("--   ").Append(line).Append('\n');
                }
            }
        }

        return text.ToString();
    }

    public string CreateTableSql(TableSpec table) => _dialect.CreateTable(table);

    public async Task CreateAsync(DbConnection connection, SchemaPhase phase, CancellationToken cancellationToken)
    {
        // DDL is transactional in SQLite: a phase is built completely or not at all.
        using var transaction = Sqlite(connection).BeginTransaction(deferred: false);
        foreach (var statement in Statements(phase))
        {
            await using var command = connection.Command(statement, transaction);
            command.CommandTimeout = 0;
            await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
        }

        transaction.Commit();
    }

    public async Task<bool> StoreExistsAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        var names = StoreModel.Tables.Select(t => t.Name).Append(SqliteDialect.FullTextTable).ToArray();
        await using var command = connection.Command(
            $"SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND upper(name) IN ({string.Join(", ", names.Select((_, i) => "@n" + i.ToString(CultureInfo.InvariantCulture)))})");
        for (var i = 0; i < names.Length; i++)
        {
            command.Add("@n" + i.ToString(CultureInfo.InvariantCulture), names[i]);
        }

        return await command.ScalarAsync<long>(cancellationToken).ConfigureAwait(false) > 0;
    }

    public async Task DropAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        // Children first, and without foreign-key checks: DROP TABLE would otherwise run an implicit DELETE that
        // checks (and cascades) every reference. The pragma only takes effect outside a transaction.
        await connection.ExecuteAsync("PRAGMA foreign_keys = OFF", cancellationToken).ConfigureAwait(false);
        try
        {
            using var transaction = Sqlite(connection).BeginTransaction(deferred: false);
            foreach (var statement in _dialect.DropTables())
            {
                await connection.ExecuteAsync(statement, cancellationToken, transaction).ConfigureAwait(false);
            }

            transaction.Commit();
        }
        finally
        {
            await connection.ExecuteAsync("PRAGMA foreign_keys = ON", CancellationToken.None).ConfigureAwait(false);
        }
    }

    public async Task<IBulkWriter> OpenBulkWriterAsync(DbConnection connection, TableSpec table, CancellationToken cancellationToken) =>
        await SqliteBulkWriter.OpenAsync(Sqlite(connection), table, cancellationToken).ConfigureAwait(false);

    /// <summary>
    /// Identity keys are INTEGER PRIMARY KEY AUTOINCREMENT, whose counter lives in sqlite_sequence: setting it to
    /// <paramref name="lastId"/> makes the next id <paramref name="lastId"/> + 1. Like InnoDB, SQLite never hands out an
    /// id at or below the table's largest one, so moving back only takes effect once rows above are gone.
    /// </summary>
    public async Task ResetIdentityAsync(DbConnection connection, TableSpec table, long lastId, CancellationToken cancellationToken)
    {
        if (table.IdentityColumn is null)
        {
            throw new ArgumentException($"{table.Name} has no identity column", nameof(table));
        }

        // sqlite_sequence has no key: update the table's row, or add it when nothing was inserted yet.
        await using var command = connection.Command(
            "UPDATE sqlite_sequence SET seq = @last_id WHERE name = @table; " +
            "INSERT INTO sqlite_sequence (name, seq) SELECT @table, @last_id WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = @table)");
        command.Add("@last_id", lastId);
        command.Add("@table", table.Name);
        await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
    }

    public async Task AnalyzeAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        // ANALYZE fills sqlite_stat1 for the planner; optimize records it; the checkpoint folds the load's WAL into the file.
        await connection.ExecuteAsync("ANALYZE", cancellationToken).ConfigureAwait(false);
        await connection.ExecuteAsync("PRAGMA optimize", cancellationToken).ConfigureAwait(false);
        await connection.ExecuteAsync("PRAGMA wal_checkpoint(TRUNCATE)", cancellationToken).ConfigureAwait(false);
    }

    public IStoreCommands CreateStoreCommands(DbConnection connection) => new SqliteStoreCommands(Sqlite(connection));

    public string Ds3DriverAbsence => "DS3 has no SQLite driver";

    public void ClearPool(DbConnection lost) => SqliteConnection.ClearPool((SqliteConnection)lost);

    public FailureKind Classify(Exception error)
    {
        for (var e = error; e is not null; e = e.InnerException)
        {
            switch (e)
            {
                case SqliteException sqlite:
                    return (sqlite.SqliteErrorCode & 0xFF) switch
                    {
                        SqliteBusy or SqliteLocked => FailureKind.Deadlock,
                        SqliteCantOpen or SqliteIoError => FailureKind.Connection,
                        SqliteAuth => FailureKind.Authentication,
                        SqliteInterrupt => FailureKind.Timeout,
                        _ when sqlite.Message.Contains("no such table", StringComparison.OrdinalIgnoreCase) => FailureKind.MissingObject,
                        _ => FailureKind.Other,
                    };
                case TimeoutException:
                    return FailureKind.Timeout;
            }
        }

        return FailureKind.Other;
    }

    public Task<ServerGuarantees> GuaranteesAsync(DbConnection connection, CancellationToken cancellationToken) =>
        SqliteGuarantees.ReadAsync(connection, cancellationToken);

    public async Task<ServerFacts> DescribeServerAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        var settings = new SortedDictionary<string, string>(StringComparer.Ordinal);
        foreach (var pragma in new[] { "journal_mode", "synchronous", "page_size", "cache_size", "busy_timeout", "foreign_keys", "wal_autocheckpoint", "mmap_size", "temp_store" })
        {
            await using var command = connection.Command($"PRAGMA {pragma}");
            settings[pragma] = Convert.ToString(await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false), CultureInfo.InvariantCulture) ?? "";
        }

        settings["data_source"] = Sqlite(connection).DataSource;
        await using var version = connection.Command("SELECT sqlite_version()");
        var text = await version.ScalarAsync<string>(cancellationToken).ConfigureAwait(false) ?? "";
        return new ServerFacts("SQLite", text, settings);
    }

    /// <summary>The statements of one build phase, in order.</summary>
    private IEnumerable<string> Statements(SchemaPhase phase) => phase switch
    {
        SchemaPhase.Tables => _dialect.CreateTables().Concat(_dialect.InsertCategories()),
        SchemaPhase.Keys => _dialect.CreateIndexes().Concat(SqlScript.Load(Folder, "fulltext.sql", ";;").Batches),
        SchemaPhase.Programmability => SqlScript.Load(Folder, "restock_trigger.sql", ";;").Batches,
        _ => throw new ArgumentOutOfRangeException(nameof(phase), phase, null),
    };

    private static void ApplySessionSettings(object sender, StateChangeEventArgs e)
    {
        if (e.CurrentState == ConnectionState.Open && sender is SqliteConnection connection)
        {
            using var command = connection.CreateCommand();
            command.CommandText = SessionSettings;
            command.ExecuteNonQuery();
        }
    }

    private static SqliteConnection Sqlite(DbConnection connection) =>
        connection as SqliteConnection ?? throw new ArgumentException($"SQLite needs a SqliteConnection, not {connection.GetType().Name}", nameof(connection));
}
