using System.Text.RegularExpressions;
using Npgsql;

namespace DvdStore.Schema.Engines.PostgreSql;

/// <summary>
/// PostgreSQL (Npgsql): DS3's PG build with the common semantics. The store lives in the connection's current
/// schema (the first existing schema of <c>Search Path</c>, <c>public</c> by default); every phase runs in one
/// transaction, so a failed phase leaves nothing half-built.
/// </summary>
public sealed partial class PostgreSqlEngine : IEngine
{
    private const string Folder = "PostgreSql";
    private const string Separator = ";";

    /// <summary>Every function the scripts create, for <see cref="DropAsync"/>.</summary>
    private static readonly string[] FunctionNames =
    [
        "login", "new_customer", "new_member", "browse_by_category", "browse_by_actor", "browse_by_title",
        "get_prod_reviews", "get_prod_reviews_by_stars", "get_prod_reviews_by_date", "get_prod_reviews_by_actor",
        "get_prod_reviews_by_title", "new_prod_review", "new_review_helpfulness", "purchase", "restock_order",
    ];

    private static readonly string[] ProgrammabilityScripts = ["functions.sql", "restock.sql"];

    private readonly PostgreSqlDialect _dialect;
    private readonly PostgreSqlLoadFinisher _finisher;

    public PostgreSqlEngine()
    {
        _dialect = new PostgreSqlDialect();
        _finisher = new PostgreSqlLoadFinisher(_dialect);
    }

    public EngineKind Kind => EngineKind.PostgreSql;

    public string DisplayName => "PostgreSQL";

    public EngineProfile Profile => PostgreSqlProfile.Instance;

    public DbConnection CreateConnection(string connectionString) => new NpgsqlConnection(Builder(connectionString).ConnectionString);

    public string WithPoolFor(string connectionString, int connections)
    {
        var builder = Builder(connectionString);
        return PoolSizing.Sized(connectionString, connections, builder.Pooling, builder.MaxPoolSize, "Maximum Pool Size", max =>
        {
            builder.MaxPoolSize = max;
            return builder.ConnectionString;
        });
    }

    /// <summary>Read by Npgsql's own builder, which folds PSW= and PWD= into Password.</summary>
    public string RedactConnection(string connectionString) => ConnectionSecrets.Redact(connectionString, static s => new NpgsqlConnectionStringBuilder(s));

    public string Parameter(string name) => "@" + name;

    public string RenderDdl(SchemaPhase phase) => phase switch
    {
        SchemaPhase.Programmability => string.Join("\n\n", ProgrammabilityScripts.Select(s => SqlScript.Load(Folder, s, Separator).Text.TrimEnd())),
        _ => $"-- DvdStore {phase} phase for PostgreSQL 13+ (psql -v ON_ERROR_STOP=1 -f <file>; the store goes into the first schema of search_path).\n"
            + string.Join("\n\n", Statements(phase).Select(s => s + ";")),
    };

    public string CreateTableSql(TableSpec table) => _dialect.CreateTable(table);

    public async Task CreateAsync(DbConnection connection, SchemaPhase phase, CancellationToken cancellationToken)
    {
        if (phase == SchemaPhase.Tables)
        {
            await CreateSchemaOfSearchPathAsync(connection, cancellationToken).ConfigureAwait(false);
        }

        await using var transaction = await connection.BeginTransactionAsync(cancellationToken).ConfigureAwait(false);
        foreach (var statement in Statements(phase))
        {
            await connection.ExecuteAsync(statement, cancellationToken, transaction).ConfigureAwait(false);
        }

        await transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
    }

    public async Task<bool> StoreExistsAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        await using var command = connection.Command(
            "SELECT EXISTS (SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ANY(@names))");
        command.Add("names", StoreModel.Tables.Select(t => t.Name.ToLowerInvariant()).ToArray());
        return await command.ScalarAsync<bool>(cancellationToken).ConfigureAwait(false);
    }

    public async Task DropAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        // Qualified with the current schema: an unqualified DROP could find a same-named object further along the search path.
        var statements = new List<string>();
        await using (var command = connection.Command(
            """
            SELECT format('DROP TABLE IF EXISTS %I.%I CASCADE', table_schema, table_name)
            FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ANY(@tables)
            UNION ALL
            SELECT format('DROP FUNCTION IF EXISTS %I.%I(%s) CASCADE', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid))
            FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
            WHERE n.nspname = current_schema() AND p.proname = ANY(@functions)
            """))
        {
            command.Add("tables", StoreModel.Tables.Select(t => t.Name.ToLowerInvariant()).ToArray());
            command.Add("functions", FunctionNames);
            await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
            while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
            {
                statements.Add(reader.GetString(0));
            }
        }

        await using var transaction = await connection.BeginTransactionAsync(cancellationToken).ConfigureAwait(false);
        foreach (var statement in statements)
        {
            await connection.ExecuteAsync(statement, cancellationToken, transaction).ConfigureAwait(false);
        }

        await transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
    }

    public async Task<IBulkWriter> OpenBulkWriterAsync(DbConnection connection, TableSpec table, CancellationToken cancellationToken) =>
        await PostgreSqlBulkWriter.OpenAsync((NpgsqlConnection)connection, table, cancellationToken).ConfigureAwait(false);

    public IBulkLoadFinisher BulkLoadFinisher => _finisher;

    public async Task ResetIdentityAsync(DbConnection connection, TableSpec table, long lastId, CancellationToken cancellationToken)
    {
        var column = table.IdentityColumn ?? throw new ArgumentException($"{table.Name} has no identity column", nameof(table));
        // setval(seq, n, false) makes n the next value; identity sequences start at 1, so lastId 0 gives 1.
        await using var command = connection.Command("SELECT setval(pg_get_serial_sequence(@table, @column), @next, false)");
        command.Add("table", table.Name.ToLowerInvariant());
        command.Add("column", column.ToLowerInvariant());
        command.Add("next", lastId + 1);
        await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// VACUUM (ANALYZE), as DS3's build ends: statistics, plus the visibility map and hint bits a fresh COPY lacks, so
    /// the run neither pays for setting hint bits nor misses index-only scans. Runs outside any transaction, as VACUUM must.
    /// </summary>
    public async Task AnalyzeAsync(DbConnection connection, CancellationToken cancellationToken) =>
        await connection.ExecuteAsync("VACUUM (ANALYZE) " + string.Join(", ", StoreModel.Tables.Select(t => t.Name)), cancellationToken).ConfigureAwait(false);

    public IStoreCommands CreateStoreCommands(DbConnection connection) => new PostgreSqlStoreCommands((NpgsqlConnection)connection);

    public IDs3DriverCalls CreateDs3DriverCalls(DbConnection connection) => new PostgreSqlDs3DriverCalls((NpgsqlConnection)connection);

    public FailureKind Classify(Exception error) => PostgreSqlFailures.Classify(error);

    public void ClearPool(DbConnection lost) => NpgsqlConnection.ClearPool((NpgsqlConnection)lost);

    /// <summary>
    /// Warns when the server's worker pool (max_worker_processes, max_parallel_workers) is smaller than the parallel
    /// workers a load gives one index build on <paramref name="serverCpus"/> CPUs (the last, biggest build runs alone):
    /// CREATE INDEX then gets fewer, whatever max_parallel_maintenance_workers the load sets.
    /// </summary>
    public async Task<IReadOnlyList<string>> LoadSettingWarningsAsync(DbConnection connection, int serverCpus, CancellationToken cancellationToken)
    {
        await using var command = connection.Command("SELECT current_setting('max_worker_processes')::int, current_setting('max_parallel_workers')::int");
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
        return IndexWorkerCapWarning(PostgreSqlLoadFinisher.ParallelWorkers(serverCpus, 1), reader.GetInt32(0), reader.GetInt32(1)) is { } warning ? [warning] : [];
    }

    /// <summary>The warning when the server's worker settings cap an index build below <paramref name="wanted"/> workers, or null.</summary>
    internal static string? IndexWorkerCapWarning(int wanted, int maxWorkerProcesses, int maxParallelWorkers) =>
        Math.Min(maxWorkerProcesses, maxParallelWorkers) < wanted
            ? string.Create(CultureInfo.InvariantCulture, $"max_worker_processes is {maxWorkerProcesses} and max_parallel_workers {maxParallelWorkers}: an index build gets at most {Math.Min(maxWorkerProcesses, maxParallelWorkers)} parallel workers of the {wanted} the load asks for on this server; set both to at least {wanted} in postgresql.conf and restart the server (max_worker_processes needs a restart) for index builds that use every CPU.")
            : null;

    /// <summary>data_directory: readable by superusers and pg_read_all_settings members only (null for others).</summary>
    public async Task<string?> DataDirectoryAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        try
        {
            await using var command = connection.Command("SELECT current_setting('data_directory')");
            return await command.ScalarAsync<string>(cancellationToken).ConfigureAwait(false);
        }
        catch (PostgresException)
        {
            return null;
        }
    }

    public Task<ServerGuarantees> GuaranteesAsync(DbConnection connection, CancellationToken cancellationToken) =>
        PostgreSqlGuarantees.ReadAsync(connection, cancellationToken);

    public Task<ServerFacts> DescribeServerAsync(DbConnection connection, CancellationToken cancellationToken) =>
        PostgreSqlServerFacts.DescribeAsync((NpgsqlConnection)connection, cancellationToken);

    public async Task<ConnectionHeadroom?> ConnectionHeadroomAsync(DbConnection connection, CancellationToken cancellationToken) =>
        await PostgreSqlServerFacts.HeadroomAsync((NpgsqlConnection)connection, cancellationToken).ConfigureAwait(false);

    private NpgsqlConnectionStringBuilder Builder(string connectionString)
    {
        try
        {
            return new NpgsqlConnectionStringBuilder(connectionString);
        }
        catch (ArgumentException e)
        {
            throw new UserError($"the --connection value is not a PostgreSQL connection string ({e.Message.Split('\n')[0]}); use e.g. \"{Profile.ExampleConnection}\".");
        }
    }

    private IEnumerable<string> Statements(SchemaPhase phase) => phase switch
    {
        SchemaPhase.Tables => _dialect.TablesPhase(),
        SchemaPhase.Keys => _dialect.KeysPhase(),
        SchemaPhase.Programmability => ProgrammabilityScripts.SelectMany(s => SqlScript.Load(Folder, s, Separator).Batches),
        _ => throw new ArgumentOutOfRangeException(nameof(phase), phase, null),
    };

    /// <summary>A store in a named schema (<c>Search Path=ds3</c>): creates that schema when it does not exist yet.</summary>
    internal static async Task CreateSchemaOfSearchPathAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        var searchPath = new NpgsqlConnectionStringBuilder(connection.ConnectionString).SearchPath;
        var first = searchPath?.Split(',')[0].Trim();
        if (string.IsNullOrEmpty(first) || first.StartsWith('$'))
        {
            return;
        }

        if (!SchemaName().IsMatch(first))
        {
            throw new UserError($"the schema '{first}' in Search Path is not a plain identifier; use letters, digits and _ (e.g. Search Path=ds3).");
        }

        // Validated as a plain identifier above, so it can stand in the statement unquoted (and folds to lower case as PG does).
        await connection.ExecuteAsync($"CREATE SCHEMA IF NOT EXISTS {first}", cancellationToken).ConfigureAwait(false);
    }

    [GeneratedRegex("^[A-Za-z_][A-Za-z0-9_]*$")]
    private static partial Regex SchemaName();
}
