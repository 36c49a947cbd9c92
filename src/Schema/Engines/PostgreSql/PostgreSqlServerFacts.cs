using Npgsql;
using static System.FormattableString;

namespace DvdStore.Schema.Engines.PostgreSql;

/// <summary>The server's version and the settings that shape a run's results.</summary>
internal static class PostgreSqlServerFacts
{
    private static readonly string[] SettingNames =
    [
        "server_version", "shared_buffers", "max_connections", "synchronous_commit", "fsync", "full_page_writes",
        "work_mem", "effective_cache_size", "wal_level", "max_wal_size", "checkpoint_timeout", "random_page_cost",
        "effective_io_concurrency", "max_worker_processes", "max_parallel_workers_per_gather", "huge_pages",
        "default_transaction_isolation", "server_encoding", "lc_collate", "lc_ctype", "server_version_num",
        "wal_buffers", "wal_sync_method", "commit_delay", "checkpoint_completion_target", "max_parallel_workers",
        "jit", "autovacuum", "data_checksums", "block_size", "maintenance_work_mem", "default_text_search_config",
    ];

    public static async Task<ServerFacts> DescribeAsync(NpgsqlConnection connection, CancellationToken cancellationToken)
    {
        var settings = new SortedDictionary<string, string>(StringComparer.Ordinal);
        string version;
        await using (var command = connection.Command("SELECT version()"))
        {
            version = await command.ScalarAsync<string>(cancellationToken).ConfigureAwait(false) ?? "";
        }

        await using (var command = connection.Command("SELECT name, current_setting(name) FROM pg_settings WHERE name = ANY(@names)"))
        {
            command.Add("names", SettingNames);
            await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
            while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
            {
                settings[reader.GetString(0)] = reader.GetString(1);
            }
        }

        if (await ServerCpuCountAsync(connection, cancellationToken).ConfigureAwait(false) is { } cpus)
        {
            settings["cpu_count"] = cpus.ToString(CultureInfo.InvariantCulture);
        }

        return new ServerFacts("PostgreSQL", version, settings);
    }

    /// <summary>
    /// Connections this role may still open on this database: the tightest of max_connections (less the slots reserved
    /// for superusers, and for pg_use_reserved_connections on PostgreSQL 16+, unless the role may use them), the role's
    /// CONNECTION LIMIT and the database's (superusers are held to neither), each less the client connections in use.
    /// </summary>
    public static async Task<ConnectionHeadroom> HeadroomAsync(NpgsqlConnection connection, CancellationToken cancellationToken)
    {
        await using var command = connection.Command(
            """
            SELECT current_setting('max_connections')::int,
                   current_setting('superuser_reserved_connections')::int,
                   coalesce(current_setting('reserved_connections', true)::int, 0),
                   r.rolsuper,
                   coalesce((SELECT bool_or(pg_has_role(current_user, u.oid, 'MEMBER')) FROM pg_roles u WHERE u.rolname = 'pg_use_reserved_connections'), false),
                   r.rolconnlimit, d.datconnlimit,
                   (SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend')::int,
                   (SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend' AND usename = current_user)::int,
                   (SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend' AND datname = current_database())::int,
                   current_user, current_database()
            FROM pg_roles r, pg_database d WHERE r.rolname = current_user AND d.datname = current_database()
            """);
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
        var (max, superReserved, reserved, super, useReserved) = (reader.GetInt32(0), reader.GetInt32(1), reader.GetInt32(2), reader.GetBoolean(3), reader.GetBoolean(4));
        var (roleLimit, databaseLimit, inUse, roleInUse, databaseInUse) = (reader.GetInt32(5), reader.GetInt32(6), reader.GetInt32(7), reader.GetInt32(8), reader.GetInt32(9));
        var (role, database) = (reader.GetString(10), reader.GetString(11));

        // The asking connection is one of those in use and stays with the client (pooled), so it counts as available.
        var held = super ? 0 : superReserved + (useReserved ? 0 : reserved);
        var reservedText = held == 0 ? "" : useReserved || reserved == 0
            ? Invariant($" - superuser_reserved_connections {superReserved}")
            : Invariant($" - superuser_reserved_connections {superReserved} - reserved_connections {reserved}");
        var limits = new List<ConnectionHeadroom>
        {
            new(max - held - inUse + 1, Invariant($"max_connections {max}{reservedText} - {inUse} in use"), "max_connections"),
        };
        if (!super && roleLimit >= 0)
        {
            limits.Add(new(roleLimit - roleInUse + 1, Invariant($"CONNECTION LIMIT {roleLimit} of role {role} - {roleInUse} in use"), $"the CONNECTION LIMIT of role {role}"));
        }

        if (!super && databaseLimit >= 0)
        {
            limits.Add(new(databaseLimit - databaseInUse + 1, Invariant($"CONNECTION LIMIT {databaseLimit} of database {database} - {databaseInUse} in use"), $"the CONNECTION LIMIT of database {database}"));
        }

        return limits.MinBy(static l => l.Available)!;
    }

    /// <summary>
    /// Logical CPUs of the server host from /proc/cpuinfo, readable only by roles allowed to read server files
    /// (superuser or pg_read_server_files); null when not allowed, not Linux, or unreadable.
    /// </summary>
    private static async Task<int?> ServerCpuCountAsync(NpgsqlConnection connection, CancellationToken cancellationToken)
    {
        await using (var check = connection.Command(
            "SELECT rolsuper OR pg_has_role(current_user, 'pg_read_server_files', 'MEMBER') FROM pg_roles WHERE rolname = current_user"))
        {
            if (!await check.ScalarAsync<bool>(cancellationToken).ConfigureAwait(false))
            {
                return null;
            }
        }

        try
        {
            await using var command = connection.Command(
                "SELECT count(*) FROM regexp_split_to_table(pg_read_file('/proc/cpuinfo'), E'\\n') AS line WHERE line LIKE 'processor%'");
            var count = await command.ScalarAsync<int>(cancellationToken).ConfigureAwait(false);
            return count > 0 ? count : null;
        }
        catch (PostgresException)
        {
            // Not Linux, or the file is hidden from the server: the count is simply unknown.
            return null;
        }
    }
}
