using System.Globalization;
using DvdStore.Schema.Engines.Common;
using Npgsql;

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
