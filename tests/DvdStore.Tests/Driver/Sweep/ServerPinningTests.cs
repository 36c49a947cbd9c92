using System.Data.Common;
using System.Globalization;
using DvdStore.Driver.Sweep;
using DvdStore.Tests.Infrastructure;
using Npgsql;

namespace DvdStore.Tests.Driver.Sweep;

/// <summary>
/// Pins a real local PostgreSQL (the test server) to one CPU and back; needs Linux, 2+ CPUs and permission.
/// Npgsql directly: only the server's pid is needed, not the store.
/// </summary>
public class ServerPinningTests
{
    [SkippableFact]
    public async Task Pinning_a_local_postgres_to_cpu_0_reaches_every_process_and_new_backends_and_is_restored()
    {
        var postmaster = await LocalPostgresAsync();
        var before = AllowedCpus(postmaster);
        var pinner = CpuPinning.TryCreate(postmaster, out var reason);
        Skip.If(pinner is null, reason);

        await using (pinner)
        {
            await pinner!.PinAsync([0], CancellationToken.None);

            var tree = new ServerProcessTree(postmaster);
            Assert.True(tree.Processes().Count > 1, "postmaster has background workers");
            Assert.All(tree.Processes(), pid => Assert.Equal("0", AllowedCpus(pid)));

            // A backend forked after the pin inherits CPU 0 from the postmaster.
            await using var connection = await OpenAsync();
            Assert.Equal("0", AllowedCpus(await BackendPidAsync(connection)));
        }

        Assert.Equal(before, AllowedCpus(postmaster));
        Assert.All(new ServerProcessTree(postmaster).Processes(), pid => Assert.Equal(before, AllowedCpus(pid)));
    }

    [SkippableFact]
    public async Task A_failure_inside_the_pinned_block_still_restores_the_servers_cpus()
    {
        var postmaster = await LocalPostgresAsync();
        var before = AllowedCpus(postmaster);
        var pinner = CpuPinning.TryCreate(postmaster, out var reason);
        Skip.If(pinner is null, reason);

        await Assert.ThrowsAsync<InvalidOperationException>(async () =>
        {
            await using (pinner)
            {
                await pinner!.PinAsync([1], CancellationToken.None);
                Assert.Equal("1", AllowedCpus(postmaster));
                throw new InvalidOperationException("step failed");
            }
        });

        Assert.Equal(before, AllowedCpus(postmaster));
    }

    [Fact]
    public void A_missing_server_process_gives_a_one_line_reason_and_no_pinner()
    {
        var pinner = CpuPinning.TryCreate(int.MaxValue - 7, out var reason);

        Assert.Null(pinner);
        Assert.DoesNotContain('\n', reason);
        Assert.NotEmpty(reason);
    }

    private static async Task<int> LocalPostgresAsync()
    {
        Skip.IfNot(OperatingSystem.IsLinux(), "CPU pinning is Linux only");
        Skip.If(Environment.ProcessorCount < 2, "one CPU: nothing to pin");
        await using var connection = await OpenAsync();
        var backend = await BackendPidAsync(connection);
        Skip.IfNot(File.Exists($"/proc/{backend}/stat"), "the PostgreSQL test server is not on this machine");
        var stat = await File.ReadAllTextAsync($"/proc/{backend}/stat");
        var postmaster = int.Parse(stat[(stat.LastIndexOf(')') + 2)..].Split(' ')[1], CultureInfo.InvariantCulture);
        return postmaster;
    }

    private static async Task<NpgsqlConnection> OpenAsync()
    {
        var connection = new NpgsqlConnection(TestServers.PostgreSql);
        await connection.OpenAsync();
        return connection;
    }

    private static async Task<int> BackendPidAsync(DbConnection connection)
    {
        await using var command = connection.CreateCommand();
        command.CommandText = "SELECT pg_backend_pid()";
        return Convert.ToInt32(await command.ExecuteScalarAsync(), CultureInfo.InvariantCulture);
    }

    private static string AllowedCpus(int pid) =>
        File.ReadLines($"/proc/{pid}/status").First(static l => l.StartsWith("Cpus_allowed_list:", StringComparison.Ordinal))["Cpus_allowed_list:".Length..].Trim();
}
