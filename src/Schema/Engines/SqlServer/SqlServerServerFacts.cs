using Microsoft.Data.SqlClient;

namespace DvdStore.Schema.Engines.SqlServer;

/// <summary>
/// What a SQL Server reports of itself: version and edition (SERVERPROPERTY), the CPUs and memory it sees
/// (sys.dm_os_sys_info, which needs VIEW SERVER STATE) and max degree of parallelism.
/// </summary>
internal static class SqlServerServerFacts
{
    internal const string VersionSql =
        "SELECT CAST(SERVERPROPERTY('ProductVersion') AS NVARCHAR(128)), CAST(SERVERPROPERTY('Edition') AS NVARCHAR(128)), @@VERSION";

    internal const string SysInfoSql =
        "SELECT cpu_count, hyperthread_ratio, socket_count, cores_per_socket, numa_node_count, physical_memory_kb FROM sys.dm_os_sys_info";

    internal const string MaxDopSql =
        "SELECT CAST(value_in_use AS INT) FROM sys.configurations WHERE name = 'max degree of parallelism'";

    public static async Task<ServerFacts> DescribeAsync(DbConnection connection, string product, CancellationToken cancellationToken)
    {
        var settings = new Dictionary<string, string>();
        string version;
        await using (var command = connection.Command(VersionSql))
        await using (var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false))
        {
            await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
            version = reader.GetString(0);
            settings["edition"] = reader.GetString(1);
            settings["version_banner"] = reader.GetString(2).Split('\n')[0].Trim();
        }

        // sys.dm_os_sys_info needs VIEW SERVER STATE (error 300 when denied); without it the run still records the version.
        try
        {
            await using var command = connection.Command(SysInfoSql);
            await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
            if (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
            {
                for (var i = 0; i < reader.FieldCount; i++)
                {
                    settings[reader.GetName(i)] = Convert.ToString(reader.GetValue(i), CultureInfo.InvariantCulture) ?? "";
                }
            }
        }
        catch (SqlException e) when (e.Number is 300 or 297)
        {
            settings["sys_info"] = "unavailable (needs VIEW SERVER STATE)";
        }

        await using (var command = connection.Command(MaxDopSql))
        {
            settings["max degree of parallelism"] = Convert.ToString(await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false), CultureInfo.InvariantCulture) ?? "";
        }

        return new ServerFacts(product, version, settings);
    }
}
