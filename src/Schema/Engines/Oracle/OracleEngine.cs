using System.Text;
using System.Text.RegularExpressions;

namespace DvdStore.Schema.Engines.Oracle;

/// <summary>
/// Oracle 19c+ through Oracle's managed provider, loaded at run time (<see cref="OracleProvider"/>): sequence-fed ids,
/// Oracle Text CONTEXT indexes for the searches, the DS3 procedures in PL/SQL with DS3's interface (a found count and
/// associative-array results), a BEFORE UPDATE re-order trigger and array-bound bulk inserts. Everything but <see cref="CreateConnection"/> works on any DbConnection
/// the provider made; <see cref="RenderDdl"/> needs no provider at all.
/// </summary>
public sealed partial class OracleEngine : IEngine
{
    /// <summary>The batch separator of this engine's .sql files and of rendered DDL: a line holding only "/", as in SQL*Plus.</summary>
    public const string ScriptSeparator = "/";

    private static readonly OracleDialect Dialect = new();

    private static readonly string[] ProgrammabilityFiles = ["types.sql", "procedures.sql", "search-procedures.sql", "reorder-trigger.sql"];

    private readonly Func<DbProviderFactory> providerFactory;

    public OracleEngine()
        : this(OracleProvider.Factory)
    {
    }

    /// <summary>An engine whose connections come from <paramref name="providerFactory"/> (tests pass a recording provider).</summary>
    public OracleEngine(Func<DbProviderFactory> providerFactory) => this.providerFactory = providerFactory;

    public EngineKind Kind => EngineKind.Oracle;

    public string DisplayName => "Oracle";

    public EngineProfile Profile => OracleProfile.Instance;

    /// <summary>One .sql file of this engine's Sql/ folder, split on "/" lines.</summary>
    public static SqlScript Script(string fileName) => SqlScript.Load("Oracle", fileName, ScriptSeparator);

    /// <summary>Every stored program the Programmability phase creates, as (USER_OBJECTS type, name), in creation order.</summary>
    public static IReadOnlyList<(string Type, string Name)> ProgramObjects =>
        ProgrammabilityFiles.SelectMany(f => CreateProgramPattern().Matches(Script(f).Text))
            .Select(m => (m.Groups[1].Value, m.Groups[2].Value)).ToArray();

    /// <summary>
    /// The statements and PL/SQL units of one build phase, each sent on its own; a load's Keys phase builds each index
    /// with PARALLEL n (n = the server's CPUs, <paramref name="serverCpus"/>), then sets it back to NOPARALLEL so the
    /// store's queries are not planned in parallel afterwards.
    /// </summary>
    public static IReadOnlyList<string> Batches(SchemaPhase phase, int? serverCpus = null) => phase switch
    {
        SchemaPhase.Tables => [.. Dialect.CreateTables(), .. Dialect.InsertCategories(), "COMMIT"],
        SchemaPhase.Keys => [.. StoreModel.Indexes.SelectMany(i => ParallelBuild(i, serverCpus)), .. Dialect.CreateForeignKeys(), .. Script("text-indexes.sql").Batches],
        SchemaPhase.Programmability => ProgrammabilityFiles.SelectMany(f => Script(f).Batches).ToArray(),
        _ => throw new ArgumentOutOfRangeException(nameof(phase), phase, "unknown phase"),
    };

    /// <summary>
    /// One PL/SQL block that drops whatever store objects exist: stored programs and sequences, then the tables with
    /// CASCADE CONSTRAINTS PURGE (their indexes, Oracle Text indexes and foreign keys go with them).
    /// </summary>
    public static string DropBlock()
    {
        static string List(IEnumerable<string> names) => string.Join(", ", names.Select(n => $"'{n}'"));
        var programs = ProgramObjects.Select(o => o.Name).Concat(OracleDialect.Sequences.Values);
        return $$"""
            BEGIN
                FOR o IN (SELECT OBJECT_TYPE, OBJECT_NAME FROM USER_OBJECTS
                          WHERE OBJECT_TYPE IN ('TRIGGER', 'PROCEDURE', 'FUNCTION', 'PACKAGE', 'SEQUENCE')
                          AND OBJECT_NAME IN ({{List(programs)}})) LOOP
                    EXECUTE IMMEDIATE 'DROP ' || o.OBJECT_TYPE || ' ' || o.OBJECT_NAME;
                END LOOP;
                FOR t IN (SELECT TABLE_NAME FROM USER_TABLES WHERE TABLE_NAME IN ({{List(StoreModel.Tables.Select(t => t.Name))}})) LOOP
                    EXECUTE IMMEDIATE 'DROP TABLE ' || t.TABLE_NAME || ' CASCADE CONSTRAINTS PURGE';
                END LOOP;
            END;
            """;
    }

    /// <summary>Recreates the table's sequence so its next value is <paramref name="lastId"/> + 1 (19c has no portable RESTART).</summary>
    public static IReadOnlyList<string> ResetIdentityStatements(TableSpec table, long lastId)
    {
        var sequence = OracleDialect.SequenceOf(table);
        return
        [
            $"BEGIN EXECUTE IMMEDIATE 'DROP SEQUENCE {sequence}'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -2289 THEN RAISE; END IF; END;",
            OracleDialect.CreateSequence(sequence, checked(lastId + 1)),
        ];
    }

    /// <summary>ODP.NET's keyword for the pool's maximum and its default.</summary>
    public const string MaxPoolSizeKey = "Max Pool Size";

    public const int DefaultMaxPoolSize = 100;

    public const string StoreExistsSqlPrefix = "SELECT COUNT(*) FROM USER_TABLES WHERE TABLE_NAME IN (";

    public const string AnalyzeBlock = "BEGIN DBMS_STATS.GATHER_TABLE_STATS(ownname => USER, tabname => :table_name, cascade => TRUE); END;";

    /// <summary>Compile errors of the store's programs: CREATE OR REPLACE succeeds even when the body does not compile.</summary>
    public static string CompileErrorsSql =>
        "SELECT NAME, TYPE, LINE, TEXT FROM USER_ERRORS WHERE NAME IN (" +
        string.Join(", ", ProgramObjects.Select(o => $"'{o.Name}'")) + ") ORDER BY NAME, SEQUENCE";

    public DbConnection CreateConnection(string connectionString)
    {
        var connection = providerFactory().CreateConnection()
            ?? throw new InvalidOperationException("the Oracle provider made no connection.");
        try
        {
            connection.ConnectionString = connectionString;
        }
        catch (ArgumentException e)
        {
            connection.Dispose();
            throw new UserError($"the --connection value is not an Oracle connection string ({e.Message.Split('\n')[0]}); use e.g. \"{Profile.ExampleConnection}\".");
        }

        OracleBinding.TryBindByName(connection);
        return connection;
    }

    /// <summary>
    /// ODP.NET pools at most 100 connections by default ("Max Pool Size"); the provider is loaded at run time, so the
    /// string is read with the generic builder.
    /// </summary>
    public string WithPoolFor(string connectionString, int connections)
    {
        DbConnectionStringBuilder builder;
        try
        {
            builder = new DbConnectionStringBuilder { ConnectionString = connectionString };
        }
        catch (ArgumentException e)
        {
            throw new UserError($"the --connection value is not an Oracle connection string ({e.Message.Split('\n')[0]}); use e.g. \"{Profile.ExampleConnection}\".");
        }

        var pooling = !builder.TryGetValue("Pooling", out var p) || !bool.TryParse(p?.ToString(), out var on) || on;
        var maximum = builder.TryGetValue(MaxPoolSizeKey, out var m) && int.TryParse(m?.ToString(), NumberStyles.Integer, CultureInfo.InvariantCulture, out var set) ? set : DefaultMaxPoolSize;
        return PoolSizing.Sized(connectionString, connections, pooling, maximum, MaxPoolSizeKey, max =>
        {
            builder[MaxPoolSizeKey] = max.ToString(CultureInfo.InvariantCulture);
            return builder.ConnectionString;
        });
    }

    /// <summary>Not checked: the PROCESSES/SESSIONS limits need DBA views an ordinary store user may not read.</summary>
    public Task<ConnectionHeadroom?> ConnectionHeadroomAsync(DbConnection connection, CancellationToken cancellationToken) => Task.FromResult<ConnectionHeadroom?>(null);

    /// <summary>
    /// ODP.NET is loaded at run time, so its builder is not at hand: Password, Proxy Password and every other keyword
    /// naming a password are removed by hand.
    /// </summary>
    public string RedactConnection(string connectionString) => ConnectionSecrets.RedactGeneric(connectionString);

    public string Parameter(string name) => ":" + name;

    public string RenderDdl(SchemaPhase phase)
    {
        var text = new StringBuilder();
        text.Append("-- DvdStore ").Append(phase).Append(" phase for Oracle 19c+ (SQL*Plus/SQLcl: each statement ends with a '/' line).\n");
        foreach (var batch in Batches(phase))
        {
            text.Append(batch).Append('\n').Append(ScriptSeparator).Append('\n');
        }

        return text.ToString();
    }

    public string CreateTableSql(TableSpec table) => Dialect.CreateTable(table);

    /// <summary>One index's build: plain, or with PARALLEL n on a server of <paramref name="serverCpus"/> CPUs and NOPARALLEL after.</summary>
    public static IEnumerable<string> ParallelBuild(IndexSpec index, int? serverCpus) => serverCpus is not { } cpus
        ? [Dialect.CreateIndex(index)]
        : [string.Create(CultureInfo.InvariantCulture, $"{Dialect.CreateIndex(index)} PARALLEL {Math.Max(1, cpus)}"), $"ALTER INDEX {OracleDialect.ShortName(index.Name)} NOPARALLEL"];

    public Task CreateAsync(DbConnection connection, SchemaPhase phase, CancellationToken cancellationToken) =>
        CreateAsync(connection, phase, null, cancellationToken);

    /// <summary>The indexes are built one after another, so each may use every CPU of the server.</summary>
    public Task CreateKeysAsync(DbConnection connection, int serverCpus, CancellationToken cancellationToken) =>
        CreateAsync(connection, SchemaPhase.Keys, serverCpus, cancellationToken);

    private async Task CreateAsync(DbConnection connection, SchemaPhase phase, int? serverCpus, CancellationToken cancellationToken)
    {
        foreach (var batch in Batches(phase, serverCpus))
        {
            try
            {
                await connection.ExecuteAsync(batch, cancellationToken).ConfigureAwait(false);
            }
            catch (DbException e) when (batch.Contains("CTXSYS.CONTEXT", StringComparison.Ordinal))
            {
                throw new UserError($"cannot build the Oracle Text index ({e.Message.Split('\n')[0].Trim()}); the store's searches need Oracle Text " +
                    "(CTXSYS) installed and the store user granted CTXAPP (GRANT CTXAPP TO <user>).", e);
            }
        }

        if (phase == SchemaPhase.Programmability)
        {
            await RequireCompiledAsync(connection, cancellationToken).ConfigureAwait(false);
        }
    }

    public async Task<bool> StoreExistsAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        await using var command = connection.CreateCommand();
        OracleBinding.BindByName(command);
        var names = StoreModel.Tables.Select((t, i) => (t.Name, Parameter: "t" + i.ToString(CultureInfo.InvariantCulture))).ToArray();
        command.CommandText = StoreExistsSqlPrefix + string.Join(", ", names.Select(n => ":" + n.Parameter)) + ")";
        foreach (var (name, parameter) in names)
        {
            OracleBinding.In(command, parameter, OracleDbTypeName.Varchar2, name);
        }

        return OracleBinding.ToInt64(await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false)) > 0;
    }

    public Task DropAsync(DbConnection connection, CancellationToken cancellationToken) =>
        connection.ExecuteAsync(DropBlock(), cancellationToken);

    public Task<IBulkWriter> OpenBulkWriterAsync(DbConnection connection, TableSpec table, CancellationToken cancellationToken) =>
        Task.FromResult<IBulkWriter>(new OracleBulkWriter(connection, StoreTable(table)));

    public Task ResetIdentityAsync(DbConnection connection, TableSpec table, long lastId, CancellationToken cancellationToken) =>
        connection.ExecuteAllAsync(ResetIdentityStatements(StoreTable(table), lastId), cancellationToken);

    public async Task AnalyzeAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        foreach (var table in StoreModel.Tables)
        {
            await using var command = connection.CreateCommand();
            command.CommandText = AnalyzeBlock;
            command.CommandTimeout = 0;
            OracleBinding.BindByName(command);
            OracleBinding.In(command, "table_name", OracleDbTypeName.Varchar2, table.Name);
            await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
        }
    }

    public IStoreCommands CreateStoreCommands(DbConnection connection) => new OracleStoreCommands(connection);

    public FailureKind Classify(Exception error) => OracleFailures.Classify(error);

    public Task<ServerFacts> DescribeServerAsync(DbConnection connection, CancellationToken cancellationToken) =>
        OracleServerFacts.DescribeAsync(connection, cancellationToken);

    public Task<ServerGuarantees> GuaranteesAsync(DbConnection connection, CancellationToken cancellationToken) =>
        OracleGuarantees.ReadAsync(connection, cancellationToken);

    private static async Task RequireCompiledAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        var errors = new List<string>();
        await using var command = connection.Command(CompileErrorsSql);
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            errors.Add(string.Create(CultureInfo.InvariantCulture,
                $"{reader.GetValue(1)} {reader.GetValue(0)} line {reader.GetValue(2)}: {Convert.ToString(reader.GetValue(3), CultureInfo.InvariantCulture)?.Trim()}"));
        }

        if (errors.Count > 0)
        {
            throw new InvalidOperationException("Oracle did not compile the store's programs: " + string.Join("; ", errors));
        }
    }

    private static TableSpec StoreTable(TableSpec table) =>
        StoreModel.Tables.Any(t => t.Name == table.Name) ? table : throw new ArgumentException($"{table.Name} is not a store table", nameof(table));

    [GeneratedRegex(@"^CREATE OR REPLACE (PACKAGE|FUNCTION|PROCEDURE|TRIGGER) (\w+)", RegexOptions.Multiline)]
    private static partial Regex CreateProgramPattern();
}
