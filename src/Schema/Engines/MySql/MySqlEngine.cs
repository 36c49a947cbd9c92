using System.Text;
using System.Text.RegularExpressions;
using MySqlConnector;

namespace DvdStore.Schema.Engines.MySql;

/// <summary>
/// MySQL 8 and MariaDB 10.6+ through MySqlConnector: InnoDB tables, FULLTEXT searches in BOOLEAN MODE,
/// the DS3 procedures and the re-order trigger from <c>Sql/*.sql</c>, bulk loads with LOAD DATA LOCAL INFILE.
/// </summary>
public sealed partial class MySqlEngine : IEngine
{
    /// <summary>The batch separator of this engine's .sql files (a line holding only it); DELIMITER is a client command.</summary>
    public const string ScriptSeparator = ";;";

    /// <summary>
    /// MySQL 8's default sql_mode. Stored programs are created under it: the server stores it with each procedure (so the
    /// bodies always run under MySQL 8's rules, ONLY_FULL_GROUP_BY included, on MariaDB too), and NO_BACKSLASH_ESCAPES or
    /// ANSI_QUOTES in a server default would change how their text is read.
    /// </summary>
    internal const string MySql8DefaultSqlMode =
        "ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION";

    private const string ProgramSqlMode = MySql8DefaultSqlMode;

    private static readonly string[] ProgrammabilityFiles = ["procedures.sql", "reorder-trigger.sql"];

    private static readonly Lazy<IReadOnlyList<SqlScript>> Scripts = new(() =>
        ProgrammabilityFiles.Select(f => SqlScript.Load("MySql", f, ScriptSeparator)).ToArray());

    private readonly MySqlDialect dialect = new();

    public EngineKind Kind => EngineKind.MySql;

    public string DisplayName => "MySQL";

    public EngineProfile Profile => MySqlProfile.Instance;

    /// <summary>The procedures <c>Sql/procedures.sql</c> creates, in file order.</summary>
    public static IReadOnlyList<string> ProcedureNames =>
        Scripts.Value.SelectMany(s => CreateProcedurePattern().Matches(s.Text)).Select(m => m.Groups[1].Value).ToArray();

    /// <summary>
    /// A MySqlConnection; <c>AllowLoadLocalInfile=true</c> is added unless the string sets it, because the
    /// bulk path (<see cref="MySqlBulkWriter"/>) is LOAD DATA LOCAL INFILE.
    /// </summary>
    public DbConnection CreateConnection(string connectionString)
    {
        var builder = Builder(connectionString);
        if (!SetsKey(connectionString, "allowloadlocalinfile", "allow load local infile"))
        {
            builder.AllowLoadLocalInfile = true;
        }

        return new MySqlConnection(builder.ConnectionString);
    }

    public string WithPoolFor(string connectionString, int connections)
    {
        var builder = Builder(connectionString);
        return PoolSizing.Sized(connectionString, connections, builder.Pooling, (int)Math.Min(builder.MaximumPoolSize, int.MaxValue), "Maximum Pool Size", max =>
        {
            builder.MaximumPoolSize = (uint)max;
            return builder.ConnectionString;
        });
    }

    private MySqlConnectionStringBuilder Builder(string connectionString)
    {
        try
        {
            return new MySqlConnectionStringBuilder(connectionString);
        }
        catch (ArgumentException e)
        {
            throw new UserError($"the --connection value is not a MySQL connection string ({e.Message.Split('\n')[0]}); use e.g. \"{Profile.ExampleConnection}\".");
        }
    }

    /// <summary>Read by MySqlConnector's own builder, which folds pwd= into Password.</summary>
    public string RedactConnection(string connectionString) => ConnectionSecrets.Redact(connectionString, static s => new MySqlConnectionStringBuilder(s));

    public string Parameter(string name) => "@" + name;

    public string RenderDdl(SchemaPhase phase)
    {
        var text = new StringBuilder();
        switch (phase)
        {
            case SchemaPhase.Tables:
            case SchemaPhase.Keys:
                text.Append("-- DvdStore ").Append(phase).Append(" phase for MySQL 8 / MariaDB 10.6+ (statements end with ';').\n");
                foreach (var statement in Statements(phase))
                {
                    text.Append(statement).Append(";\n");
                }

                break;
            case SchemaPhase.Programmability:
                text.Append("-- Run with: mysql --delimiter=';;' <database>\n");
                text.Append("SET SESSION sql_mode = '").Append(ProgramSqlMode).Append("'\n").Append(ScriptSeparator).Append('\n');
                foreach (var script in Scripts.Value)
                {
                    text.Append(script.Text.TrimEnd()).Append('\n');
                }

                break;
            default:
                throw new ArgumentOutOfRangeException(nameof(phase), phase, null);
        }

        return text.ToString();
    }

    public string CreateTableSql(TableSpec table) => dialect.CreateTable(table);

    public async Task CreateAsync(DbConnection connection, SchemaPhase phase, CancellationToken cancellationToken)
    {
        await RequireDatabaseAsync(connection, cancellationToken).ConfigureAwait(false);
        await RequireSupportedServerAsync(connection, cancellationToken).ConfigureAwait(false);
        if (phase != SchemaPhase.Programmability)
        {
            try
            {
                await connection.ExecuteAllAsync(Statements(phase), cancellationToken).ConfigureAwait(false);
            }
            finally
            {
                // The Keys phase turns foreign key checks off for its ALTERs; never leave them off when one fails.
                await connection.ExecuteAsync(MySqlDialect.ForeignKeyChecksOn, CancellationToken.None).ConfigureAwait(false);
            }

            return;
        }

        await using var modeCommand = connection.Command("SELECT @@SESSION.sql_mode");
        var savedMode = await modeCommand.ScalarAsync<string>(cancellationToken).ConfigureAwait(false) ?? "";
        await SetSqlModeAsync(connection, ProgramSqlMode, cancellationToken).ConfigureAwait(false);
        try
        {
            await connection.ExecuteAllAsync(Scripts.Value.SelectMany(s => s.Batches), cancellationToken).ConfigureAwait(false);
        }
        catch (MySqlException e) when (e.Number == (int)MySqlErrorCode.BinLogCreateRoutineNeedSuper)
        {
            throw new UserError("the server has binary logging on and this user may not create the store's trigger and procedures; " +
                "grant it SUPER (or SET_USER_ID), or run SET GLOBAL log_bin_trust_function_creators = 1 as an administrator.", e);
        }
        finally
        {
            await SetSqlModeAsync(connection, savedMode, CancellationToken.None).ConfigureAwait(false);
        }
    }

    public async Task<bool> StoreExistsAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        await RequireDatabaseAsync(connection, cancellationToken).ConfigureAwait(false);
        var names = StoreModel.Tables.Select((t, i) => (t.Name, Parameter: "@t" + i.ToString(CultureInfo.InvariantCulture))).ToArray();
        // UPPER: with lower_case_table_names=1 (Windows, macOS) the dictionary holds lower-case names.
        await using var command = connection.Command(
            "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND UPPER(TABLE_NAME) IN (" +
            string.Join(", ", names.Select(n => n.Parameter)) + ")");
        foreach (var (name, parameter) in names)
        {
            command.Add(parameter, name);
        }

        return await command.ScalarAsync<long>(cancellationToken).ConfigureAwait(false) > 0;
    }

    public async Task DropAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        await RequireDatabaseAsync(connection, cancellationToken).ConfigureAwait(false);
        var statements = new List<string> { "DROP TRIGGER IF EXISTS RESTOCK" };
        statements.AddRange(ProcedureNames.Select(p => $"DROP PROCEDURE IF EXISTS {p}"));
        statements.AddRange(dialect.DropTables());
        await connection.ExecuteAllAsync(statements, cancellationToken).ConfigureAwait(false);
    }

    public async Task<IBulkWriter> OpenBulkWriterAsync(DbConnection connection, TableSpec table, CancellationToken cancellationToken)
    {
        var mySql = AsMySql(connection);
        if (!new MySqlConnectionStringBuilder(mySql.ConnectionString).AllowLoadLocalInfile)
        {
            throw new UserError("bulk loading into MySQL needs AllowLoadLocalInfile=true in --connection (remove AllowLoadLocalInfile=false, or add AllowLoadLocalInfile=true).");
        }

        await using (var command = connection.Command("SELECT @@GLOBAL.local_infile"))
        {
            if (await command.ScalarAsync<long>(cancellationToken).ConfigureAwait(false) == 0)
            {
                throw new UserError("the server does not allow LOAD DATA LOCAL INFILE (local_infile=OFF, MySQL 8's default), which bulk loading uses; " +
                    "enable it as an administrator with SET GLOBAL local_infile = 1 (or local_infile=1 under [mysqld] in my.cnf) and load again.");
            }
        }

        return await MySqlBulkWriter.OpenAsync(mySql, table, cancellationToken).ConfigureAwait(false);
    }

    public IBulkLoadFinisher BulkLoadFinisher => new MySqlLoadFinisher(this, dialect);

    /// <summary>
    /// The AUTO_INCREMENT tables when innodb_autoinc_lock_mode is below 2 (MariaDB's default 1): LOAD DATA then holds
    /// the table's AUTO-INC lock to the end of each statement, even with every id given, so two streams into such a
    /// table take turns. Mode 2 (MySQL 8's default) takes no table lock, and those tables are cut like the others.
    /// </summary>
    public async Task<IReadOnlySet<string>> TablesLoadedAsOneStreamAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        await using var command = connection.Command(AutoIncrementLockModeSql);
        return AutoIncrementTablesTakeTurns(await command.ScalarAsync<long>(cancellationToken).ConfigureAwait(false))
            ? StoreModel.Tables.Where(t => t.IdentityColumn is not null).Select(t => t.Name).ToHashSet(StringComparer.Ordinal)
            : new HashSet<string>(StringComparer.Ordinal);
    }

    internal const string AutoIncrementLockModeSql = "SELECT @@innodb_autoinc_lock_mode";

    public async Task<IReadOnlyList<string>> LoadSettingWarningsAsync(DbConnection connection, int serverCpus, CancellationToken cancellationToken)
    {
        await using var command = connection.Command(AutoIncrementLockModeSql);
        return AutoIncrementLockModeWarning(await command.ScalarAsync<long>(cancellationToken).ConfigureAwait(false)) is { } warning ? [warning] : [];
    }

    /// <summary>The warning when <paramref name="lockMode"/> keeps the AUTO_INCREMENT tables to one stream each, or null.</summary>
    internal static string? AutoIncrementLockModeWarning(long lockMode) => AutoIncrementTablesTakeTurns(lockMode)
        ? string.Create(CultureInfo.InvariantCulture, $"innodb_autoinc_lock_mode is {lockMode}: {string.Join(", ", StoreModel.Tables.Where(t => t.IdentityColumn is not null).Select(t => t.Name))} load as one stream each, not cut by key range (each LOAD DATA holds the table's AUTO-INC lock to its end, so cut streams would only take turns); set innodb_autoinc_lock_mode=2 under [mysqld] in my.cnf and restart the server to load them on every stream.")
        : null;

    public async Task<string?> DataDirectoryAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        await using var command = connection.Command("SELECT @@datadir");
        return await command.ScalarAsync<string>(cancellationToken).ConfigureAwait(false);
    }

    /// <summary>True when bulk statements into one AUTO_INCREMENT table hold its table lock (lock modes 0 and 1).</summary>
    internal static bool AutoIncrementTablesTakeTurns(long lockMode) => lockMode < 2;

    public async Task ResetIdentityAsync(DbConnection connection, TableSpec table, long lastId, CancellationToken cancellationToken)
    {
        if (table.IdentityColumn is null)
        {
            throw new ArgumentException($"{table.Name} has no identity column", nameof(table));
        }

        // DDL takes no parameters; the name is a store table and the value a number. InnoDB never sets the counter
        // at or below the largest id present, so this only moves it back to lastId + 1 when no rows above remain.
        var sql = string.Create(CultureInfo.InvariantCulture, $"ALTER TABLE {StoreTableName(table)} AUTO_INCREMENT = {checked(lastId + 1)}");
        await connection.ExecuteAsync(sql, cancellationToken).ConfigureAwait(false);
    }

    public async Task AnalyzeAsync(DbConnection connection, CancellationToken cancellationToken) =>
        await connection.ExecuteAsync("ANALYZE TABLE " + string.Join(", ", StoreModel.Tables.Select(t => t.Name)), cancellationToken).ConfigureAwait(false);

    public IStoreCommands CreateStoreCommands(DbConnection connection) => new MySqlStoreCommands(AsMySql(connection));

    public IDs3DriverCalls CreateDs3DriverCalls(DbConnection connection) => new MySqlDs3DriverCalls(AsMySql(connection));

    public Task<string?> AlignDs3StoreAsync(DbConnection connection, CancellationToken cancellationToken) =>
        MySqlDs3Store.AlignAsync(AsMySql(connection), cancellationToken);

    public FailureKind Classify(Exception error) =>
        FailureChain.Classify(error, e => e is MySqlException my ? ClassifyNumber(my) : null);

    public void ClearPool(DbConnection lost) => MySqlConnection.ClearPool(AsMySql(lost));

    public Task<ServerGuarantees> GuaranteesAsync(DbConnection connection, CancellationToken cancellationToken) =>
        MySqlGuarantees.ReadAsync(connection, cancellationToken);

    public async Task<ServerFacts> DescribeServerAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        await using var versionCommand = connection.Command("SELECT VERSION()");
        var version = await versionCommand.ScalarAsync<string>(cancellationToken).ConfigureAwait(false) ?? "";
        var product = version.Contains("MariaDB", StringComparison.OrdinalIgnoreCase) ? "MariaDB" : "MySQL";

        var settings = new SortedDictionary<string, string>(StringComparer.Ordinal);
        // SHOW ... WHERE lists only the variables this server has (thread_pool_size: MariaDB, Percona, MySQL Enterprise).
        var names = ServerSettingNames.Select((n, i) => (Name: n, Parameter: "@v" + i.ToString(CultureInfo.InvariantCulture))).ToArray();
        await using var command = connection.Command(
            "SHOW GLOBAL VARIABLES WHERE Variable_name IN (" + string.Join(", ", names.Select(n => n.Parameter)) + ")");
        foreach (var (name, parameter) in names)
        {
            command.Add(parameter, name);
        }

        await using (var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false))
        {
            while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
            {
                settings[reader.GetString(0)] = reader.IsDBNull(1) ? "" : reader.GetString(1);
            }
        }

        return new ServerFacts(product, version, settings);
    }

    /// <summary>
    /// Connections this account may still open: max_connections less Threads_connected, and the account's
    /// max_user_connections (the session value: the account's own limit, else the global one; 0 = none) less its
    /// connections in use. The asking connection stays with the client (pooled), so it counts as available.
    /// </summary>
    public async Task<ConnectionHeadroom?> ConnectionHeadroomAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        await using var command = connection.Command(
            """
            SELECT @@GLOBAL.max_connections, @@SESSION.max_user_connections,
                   (SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE USER = SUBSTRING_INDEX(CURRENT_USER(), '@', 1)),
                   CURRENT_USER()
            """);
        long max, userMax, userInUse;
        string account;
        await using (var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false))
        {
            await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
            (max, userMax, userInUse, account) = (Convert.ToInt64(reader.GetValue(0), CultureInfo.InvariantCulture), Convert.ToInt64(reader.GetValue(1), CultureInfo.InvariantCulture),
                Convert.ToInt64(reader.GetValue(2), CultureInfo.InvariantCulture), reader.GetString(3));
        }

        await using var status = connection.Command("SHOW GLOBAL STATUS LIKE 'Threads_connected'");
        long inUse = 0;
        await using (var reader = await status.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false))
        {
            if (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
            {
                inUse = Convert.ToInt64(reader.GetValue(1), CultureInfo.InvariantCulture);
            }
        }

        var server = new ConnectionHeadroom(max - inUse + 1, FormattableString.Invariant($"max_connections {max} - Threads_connected {inUse}"), "max_connections");
        var user = userMax > 0
            ? new ConnectionHeadroom(userMax - userInUse + 1, FormattableString.Invariant($"max_user_connections {userMax} of {account} - {userInUse} in use"), $"max_user_connections of {account}")
            : null;
        return user is not null && user.Available < server.Available ? user : server;
    }

    /// <summary>Server variables recorded with a run: memory, durability, concurrency, full-text and load settings.</summary>
    internal static readonly IReadOnlyList<string> ServerSettingNames =
    [
        "version_comment", "version_compile_machine", "innodb_buffer_pool_size", "innodb_buffer_pool_instances",
        "innodb_flush_log_at_trx_commit", "innodb_flush_method", "innodb_doublewrite", "innodb_log_file_size",
        "innodb_redo_log_capacity", "innodb_io_capacity", "innodb_io_capacity_max", "innodb_thread_concurrency",
        "innodb_read_io_threads", "innodb_write_io_threads", "innodb_adaptive_hash_index", "innodb_ft_min_token_size",
        "innodb_ft_max_token_size", "innodb_ft_enable_stopword", "max_connections", "thread_handling", "thread_pool_size",
        "thread_cache_size", "table_open_cache", "sync_binlog", "log_bin", "binlog_format", "transaction_isolation",
        "tx_isolation", "performance_schema", "local_infile", "character_set_server", "collation_server",
        "lower_case_table_names", "sql_mode",
    ];

    private static FailureKind? ClassifyNumber(MySqlException e) => e.Number switch
    {
        // 1205 (lock wait timeout) ends the procedure's transaction like a deadlock does: retrying is the cure.
        1213 or 1205 => FailureKind.Deadlock,
        1045 or 1044 or 1698 or 1251 or 2059 => FailureKind.Authentication,
        // Server errors 1040 too many connections, 1053 shutdown, 1152/1927 aborted/killed connection, 4031 idle
        // timeout; client errors 2002/2003/2006/2013; MySqlConnector's 1042 unable to connect.
        1040 or 1042 or 1053 or 1152 or 1927 or 4031 or 2002 or 2003 or 2006 or 2013 => FailureKind.Connection,
        // 1146 no such table, 1305 no such procedure: the store is not built (1049 unknown database stays Other: fix --connection).
        1146 or 1305 => FailureKind.MissingObject,
        // MySqlConnector's command timeout, MySQL's max_execution_time, MariaDB's max_statement_time.
        (int)MySqlErrorCode.CommandTimeoutExpired or 3024 or 1969 => FailureKind.Timeout,
        _ => null,
    };

    private IEnumerable<string> Statements(SchemaPhase phase) => phase switch
    {
        SchemaPhase.Tables => dialect.CreateTables().Concat(dialect.InsertCategories()),
        SchemaPhase.Keys =>
        [
            MySqlDialect.KeepEveryWord,
            .. dialect.CreateIndexes(),
            MySqlDialect.ForeignKeyChecksOff,
            .. dialect.CreateForeignKeys(),
            MySqlDialect.ForeignKeyChecksOn,
        ],
        _ => throw new ArgumentOutOfRangeException(nameof(phase), phase, null),
    };

    private static async Task SetSqlModeAsync(DbConnection connection, string mode, CancellationToken cancellationToken)
    {
        await using var command = connection.Command("SET SESSION sql_mode = @mode");
        command.Add("@mode", mode);
        await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
    }

    private static async Task RequireDatabaseAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        await using var command = connection.Command("SELECT DATABASE()");
        if (await command.ScalarAsync<string>(cancellationToken).ConfigureAwait(false) is null)
        {
            throw new UserError("the MySQL connection names no database; add Database=<name> to --connection (create it first with CREATE DATABASE <name>).");
        }
    }

    private static MySqlConnection AsMySql(DbConnection connection) =>
        connection as MySqlConnection ?? throw new ArgumentException($"expected a MySqlConnection, got {connection.GetType().Name}", nameof(connection));

    // Names go into DDL text, so only plain identifiers (all store tables are) are accepted.
    private static string StoreTableName(TableSpec table) =>
        PlainIdentifierPattern().IsMatch(table.Name) ? table.Name : throw new ArgumentException($"'{table.Name}' is not a plain table name", nameof(table));

    private static bool SetsKey(string connectionString, params string[] keys)
    {
        var builder = new DbConnectionStringBuilder { ConnectionString = connectionString };
        return builder.Keys.Cast<string>().Any(k => keys.Contains(k.ToLowerInvariant()));
    }

    [GeneratedRegex("^[A-Za-z_][A-Za-z0-9_]*$")]
    private static partial Regex PlainIdentifierPattern();

    [GeneratedRegex(@"^CREATE PROCEDURE (\w+)", RegexOptions.Multiline)]
    private static partial Regex CreateProcedurePattern();
}
