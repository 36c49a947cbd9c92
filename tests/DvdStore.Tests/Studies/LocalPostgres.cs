using DvdStore.Studies;
using Npgsql;

namespace DvdStore.Tests.Studies;

/// <summary>The PostgreSQL test server as a local process (Npgsql directly: only its pid is needed, not a store).</summary>
internal static class LocalPostgres
{
    public static async Task<int> PostmasterPidAsync()
    {
        TestServers.SkipIfEnvironment(!OperatingSystem.IsLinux(), "CPU pinning is Linux only");
        TestServers.SkipIfEnvironment(Environment.ProcessorCount < 2, "one CPU: nothing to pin");
        await using var connection = await OpenAsync();
        var backend = await BackendPidAsync(connection);
        TestServers.SkipIfEnvironment(!File.Exists($"/proc/{backend}/stat"), "the PostgreSQL test server is not on this machine");
        var stat = await File.ReadAllTextAsync($"/proc/{backend}/stat");
        var postmaster = int.Parse(stat[(stat.LastIndexOf(')') + 2)..].Split(' ')[1], CultureInfo.InvariantCulture);
        return postmaster;
    }

    /// <summary>The postmaster, the CPUs it may run on now, and a pinner for it; skips (fails in CI) where pinning cannot work here.</summary>
    public static async Task<(int Postmaster, string AllowedCpus, ICpuPinner Pinner)> PinnerAsync()
    {
        var postmaster = await PostmasterPidAsync();
        var before = AllowedCpus(postmaster);
        var pinner = CpuPinning.TryCreate(postmaster, out var reason);
        TestServers.SkipIfEnvironment(pinner is null, reason);
        return (postmaster, before, pinner!);
    }

    public static async Task<NpgsqlConnection> OpenAsync()
    {
        var connection = new NpgsqlConnection(TestServers.PostgreSql);
        await connection.OpenAsync();
        return connection;
    }

    public static async Task<int> BackendPidAsync(DbConnection connection)
    {
        await using var command = connection.CreateCommand();
        command.CommandText = "SELECT pg_backend_pid()";
        return Convert.ToInt32(await command.ExecuteScalarAsync(), CultureInfo.InvariantCulture);
    }

    public static string AllowedCpus(int pid) =>
        File.ReadLines($"/proc/{pid}/status").First(static l => l.StartsWith("Cpus_allowed_list:", StringComparison.Ordinal))["Cpus_allowed_list:".Length..].Trim();
}
