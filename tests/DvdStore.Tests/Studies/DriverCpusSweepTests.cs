using DvdStore.Driver.Environment;
using DvdStore.Monitoring.Proc;
using DvdStore.Studies;
using DvdStore.Tests.Driver;
using DvdStore.Tests.Loader;
using DvdStore.Tests.Trust;

namespace DvdStore.Tests.Studies;

/// <summary>
/// Issue 6, "the driver can be kept off those CPUs", on the real PostgreSQL test server: <c>dvdstore sweep
/// --cpus 1 --driver-cpus 1</c> as a child process (the driver pins itself, so never in the test host) runs the
/// server on CPU 0 and the driver on CPU 1 and says so in the step's result; without --driver-cpus the step
/// warns that driver and server share CPU 0. The server's CPUs are restored after each sweep.
/// </summary>
[Collection(SweepEndToEndCollection.Name)]
public sealed class DriverCpusSweepTests : IDisposable
{
    private static readonly TimeSpan Limit = TimeSpan.FromMinutes(2);
    private readonly string _folder = Path.Combine(Path.GetTempPath(), "dvdstore-driver-cpus-" + Guid.NewGuid().ToString("N")[..8]);

    [SkippableFact]
    public async Task A_sweep_with_driver_cpus_1_runs_the_server_on_cpu_0_and_the_driver_on_cpu_1_and_without_it_warns()
    {
        var (postmaster, before, probe) = await LocalPostgres.PinnerAsync();
        await probe.DisposeAsync();
        var driverBefore = LocalPostgres.AllowedCpus(Environment.ProcessId);
        TestServers.SkipIfEnvironment(!(new[] { before, driverBefore }.All(l => CpuList.Parse(l) is var c && c.Contains(0) && c.Contains(1))), $"server CPUs {before}, test CPUs {driverBefore}: this test needs CPUs 0 and 1 for both");
        await using var database = await LoaderDatabase.CreateAsync(EngineKind.PostgreSql);
        await database.LoadAsync(TestStore.Smallest.Load(1));

        var apart = await SweepAsync("apart", postmaster, database.Target.ConnectionString, "--driver-cpus", "1");

        Assert.Contains("driver: pinned to CPUs 1 (--driver-cpus)", apart.Output, StringComparison.Ordinal);
        Assert.Contains("cpu sets: vcpu-1 [0]", apart.Output, StringComparison.Ordinal);
        Assert.Contains("\"driver_cpus\": \"1\"", await File.ReadAllTextAsync(Path.Combine(_folder, "apart", SweepSummary.FileName)), StringComparison.Ordinal);
        Assert.Equal(("0", "1"), (apart.Result.Context.Labels["cpu_list"], apart.Result.Context.Labels["driver_cpus"]));
        Assert.Equal(("1", 1), (apart.Result.Context.Client.AffinityCpus, apart.Result.Context.Client.AffinityCpuCount));
        Assert.Equal("0", apart.Result.ServerMetrics?.CpuSet);
        Assert.DoesNotContain(apart.Result.Findings, f => f.Code == DriverAffinity.SharedCpusCode);
        AssertRestored(postmaster, before, apart.Output);

        var shared = await SweepAsync("shared", postmaster, database.Target.ConnectionString);

        Assert.Equal(("0", driverBefore), (shared.Result.Context.Labels["cpu_list"], shared.Result.Context.Labels["driver_cpus"]));
        var warning = Assert.Single(shared.Result.Findings, f => f.Code == DriverAffinity.SharedCpusCode);
        Assert.Equal(FindingSeverity.Warning, warning.Severity);
        Assert.Contains("CPU 0 of the server's set 0", warning.Message, StringComparison.Ordinal);
        Assert.Contains("e.g. --driver-cpus 1", warning.Message, StringComparison.Ordinal);
        Assert.Contains("warning: driver-shares-server-cpus", shared.Output, StringComparison.Ordinal);
        AssertRestored(postmaster, before, shared.Output);
    }

    public void Dispose()
    {
        if (Directory.Exists(_folder))
        {
            Directory.Delete(_folder, recursive: true);
        }
    }

    private async Task<(string Output, RunResult Result)> SweepAsync(string name, int postmaster, string connection, params string[] extra)
    {
        var folder = Path.Combine(_folder, name);
        string[] arguments =
        [
            "sweep", "--engine", "postgres", "--connection", connection, "--size", "1MB",
            "--server-pid", postmaster.ToString(CultureInfo.InvariantCulture), "--cpus", "1", "--users", "1",
            "--duration", "2s", "--warmup", "0", "--seed", "7", "--reset-between", "--out", folder, .. extra,
        ];
        var (code, output) = await CliProcess.RunAsync(Limit, arguments);
        Assert.True(code == 0, $"exit {code}: {output}");
        var file = Assert.Single(Directory.GetFiles(Path.Combine(folder, "vcpu-1", "users-1"), "*.json"));
        return (output, RunResultReader.Read(file));
    }

    private static void AssertRestored(int postmaster, string before, string output)
    {
        // The child driver has just exited: its backends may still be ending, so a process gone meanwhile is skipped.
        foreach (var (pid, cpus) in DriverCpusRunTests.AllowedCpus(new ServerProcessTree(postmaster).Processes()))
        {
            Assert.True(cpus == before, $"server process {pid} has CPUs {cpus}, not {before}\n{output}");
        }
    }
}
