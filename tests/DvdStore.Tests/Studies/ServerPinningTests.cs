using DvdStore.Driver.Environment;
using DvdStore.Studies;

namespace DvdStore.Tests.Studies;

/// <summary>
/// Pins a real local PostgreSQL (the test server) to one CPU and back; needs Linux, 2+ CPUs and permission.
/// </summary>
public class ServerPinningTests
{
    [SkippableFact]
    public async Task Pinning_a_local_postgres_to_cpu_0_reaches_every_process_and_new_backends_and_is_restored()
    {
        var (postmaster, before, pinner) = await LocalPostgres.PinnerAsync();

        await using (pinner)
        {
            await pinner.PinAsync([0], CancellationToken.None);

            var tree = new ServerProcessTree(postmaster);
            Assert.True(tree.Processes().Count > 1, "postmaster has background workers");
            Assert.All(tree.Processes(), pid => Assert.Equal("0", LocalPostgres.AllowedCpus(pid)));

            // A backend forked after the pin inherits CPU 0 from the postmaster.
            await using var connection = await LocalPostgres.OpenAsync();
            Assert.Equal("0", LocalPostgres.AllowedCpus(await LocalPostgres.BackendPidAsync(connection)));
        }

        Assert.Equal(before, LocalPostgres.AllowedCpus(postmaster));
        Assert.All(new ServerProcessTree(postmaster).Processes(), pid => Assert.Equal(before, LocalPostgres.AllowedCpus(pid)));
    }

    [SkippableFact]
    public async Task A_failure_inside_the_pinned_block_still_restores_the_servers_cpus()
    {
        var (postmaster, before, pinner) = await LocalPostgres.PinnerAsync();

        await Assert.ThrowsAsync<InvalidOperationException>(async () =>
        {
            await using (pinner)
            {
                await pinner.PinAsync([1], CancellationToken.None);
                Assert.Equal("1", LocalPostgres.AllowedCpus(postmaster));
                throw new InvalidOperationException("step failed");
            }
        });

        Assert.Equal(before, LocalPostgres.AllowedCpus(postmaster));
    }

    [Fact]
    public void A_missing_server_process_gives_a_one_line_reason_and_no_pinner()
    {
        var pinner = CpuPinning.TryCreate(int.MaxValue - 7, out var reason);

        Assert.Null(pinner);
        Assert.DoesNotContain('\n', reason);
        Assert.NotEmpty(reason);
    }
}
