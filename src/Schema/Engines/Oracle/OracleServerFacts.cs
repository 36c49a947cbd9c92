namespace DvdStore.Schema.Engines.Oracle;

/// <summary>
/// What an Oracle server reports of itself: the version banner (V$VERSION), the host's CPUs as Oracle sees them
/// (V$OSSTAT NUM_CPUS, NUM_CPU_CORES, NUM_CPU_SOCKETS, memory) and the instance parameters that shape a run (V$PARAMETER).
/// V$OSSTAT and V$PARAMETER need SELECT_CATALOG_ROLE (or SELECT ANY DICTIONARY); without it the run records why they are missing.
/// </summary>
public static class OracleServerFacts
{
    public const string VersionSql = "SELECT BANNER_FULL FROM V$VERSION WHERE BANNER_FULL LIKE 'Oracle%'";

    /// <summary>PRODUCT_COMPONENT_VERSION is readable by every user, unlike V$ views.</summary>
    public const string ComponentVersionSql = "SELECT PRODUCT, VERSION_FULL FROM PRODUCT_COMPONENT_VERSION";

    public const string OsStatSql =
        "SELECT STAT_NAME, VALUE FROM V$OSSTAT WHERE STAT_NAME IN ('NUM_CPUS', 'NUM_CPU_CORES', 'NUM_CPU_SOCKETS', 'PHYSICAL_MEMORY_BYTES')";

    /// <summary>Instance parameters recorded with a run: CPUs, memory, concurrency, durability and optimizer settings.</summary>
    public static readonly IReadOnlyList<string> ParameterNames =
    [
        "cpu_count", "parallel_max_servers", "sga_target", "sga_max_size", "pga_aggregate_target", "memory_target",
        "db_cache_size", "shared_pool_size", "inmemory_size", "use_large_pages", "db_block_size", "processes", "sessions",
        "db_writer_processes", "filesystemio_options", "disk_asynch_io", "commit_logging", "commit_wait", "cursor_sharing",
        "optimizer_mode", "optimizer_features_enable", "statistics_level", "compatible", "db_name", "cluster_database",
        "resource_manager_plan",
    ];

    public static string ParameterSql =>
        "SELECT NAME, VALUE FROM V$PARAMETER WHERE NAME IN (" + string.Join(", ", ParameterNames.Select(n => $"'{n}'")) + ")";

    public static async Task<ServerFacts> DescribeAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        var settings = new SortedDictionary<string, string>(StringComparer.Ordinal);
        var version = "";
        foreach (var (product, componentVersion) in await PairsAsync(connection, ComponentVersionSql, cancellationToken).ConfigureAwait(false))
        {
            if (product.StartsWith("Oracle", StringComparison.OrdinalIgnoreCase))
            {
                version = componentVersion;
            }
        }

        if (await TryPairsAsync(connection, VersionSql, "banner", settings, cancellationToken).ConfigureAwait(false) is [var banner, ..])
        {
            settings["banner"] = banner.Key.Split('\n')[0].Trim();
        }

        foreach (var (name, value) in await TryPairsAsync(connection, OsStatSql, "os", settings, cancellationToken).ConfigureAwait(false))
        {
            settings["os." + name.ToLowerInvariant()] = value;
        }

        foreach (var (name, value) in await TryPairsAsync(connection, ParameterSql, "parameters", settings, cancellationToken).ConfigureAwait(false))
        {
            settings[name] = value;
        }

        return new ServerFacts("Oracle", version, settings);
    }

    /// <summary>Runs one dictionary query; when the user may not read the view, records why and returns no rows.</summary>
    private static async Task<IReadOnlyList<KeyValuePair<string, string>>> TryPairsAsync(DbConnection connection, string sql, string what,
        IDictionary<string, string> settings, CancellationToken cancellationToken)
    {
        try
        {
            return await PairsAsync(connection, sql, cancellationToken).ConfigureAwait(false);
        }
        catch (DbException e) when (OracleFailures.Classify(e) == FailureKind.MissingObject)
        {
            settings[what + ".unavailable"] = "needs SELECT_CATALOG_ROLE (" + e.Message.Split('\n')[0].Trim() + ")";
            return [];
        }
    }

    private static async Task<IReadOnlyList<KeyValuePair<string, string>>> PairsAsync(DbConnection connection, string sql, CancellationToken cancellationToken)
    {
        var pairs = new List<KeyValuePair<string, string>>();
        await using var command = connection.Command(sql);
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            var key = Convert.ToString(reader.GetValue(0), CultureInfo.InvariantCulture) ?? "";
            var value = reader.FieldCount > 1 && !reader.IsDBNull(1) ? Convert.ToString(reader.GetValue(1), CultureInfo.InvariantCulture) ?? "" : "";
            pairs.Add(new(key, value));
        }

        return pairs;
    }
}
