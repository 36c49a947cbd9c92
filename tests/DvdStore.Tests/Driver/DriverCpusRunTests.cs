using DvdStore.Cli;
using DvdStore.Driver.Environment;
using DvdStore.Driver.Parameters;
using DvdStore.Studies;
using DvdStore.Tests.Studies;
using DvdStore.Tests.Trust;

namespace DvdStore.Tests.Driver;

/// <summary>
/// <c>dvdstore run --driver-cpus 1</c> as a real child process (pinning is process-wide, so never in the test
/// host) on a loaded SQLite store: while it runs every one of its threads may use CPU 1 only, and the result's
/// client context records CPU 1 as the driver's CPUs.
/// </summary>
public sealed class DriverCpusRunTests : IDisposable
{
    private static readonly TimeSpan Limit = TimeSpan.FromMinutes(2);
    private readonly string _folder = Path.GetDirectoryName(TestServers.TempFile("x"))!;

    [SkippableFact]
    public async Task Run_with_driver_cpus_1_pins_every_thread_and_records_cpu_1_in_the_client_context()
    {
        Skip.IfNot(OperatingSystem.IsLinux(), "--driver-cpus pins with sched_setaffinity (Linux)");
        Skip.If(Environment.ProcessorCount < 2, "one CPU: CPU 1 does not exist");
        var connection = $"Data Source={Path.Combine(_folder, "store.db")}";
        var output = new StringWriter();
        var error = new StringWriter();
        Assert.Equal(0, await CliApp.RunAsync(["load", "--size", "1MB", "--parallel-tables", "2", "--connection", connection], output, error, CancellationToken.None));

        var results = Path.Combine(_folder, "results");
        using var cli = CliProcess.Start("run", "--connection", connection, "--db_size=1MB", "--duration=3s", "--warmup=0", "--driver-cpus", "1", "--out", results);
        Assert.True(await cli.WaitForOutputAsync("issuing Start", Limit), cli.Output + cli.Error);
        var threads = AllowedCpus(new ServerProcessTree(cli.Id).Threads(cli.Id));
        Assert.Equal(0, await cli.WaitAsync(Limit));

        Assert.True(threads.Count > 5, $"only {threads.Count} threads seen");
        Assert.All(threads, t => Assert.True(t.Cpus == "1", $"thread {t.Id} may use CPUs {t.Cpus}"));
        var result = RunResultReader.Read(Assert.Single(Directory.GetFiles(results, "*.result.json")));
        Assert.Equal(("1", 1), (result.Context.Client.AffinityCpus, result.Context.Client.AffinityCpuCount));
        Assert.Equal("1", result.Parameters["driver_cpus"]);
        Assert.True(result.Totals.CommittedOrders > 0, cli.Output);
    }

    [Fact]
    public void The_driver_cpus_parameter_becomes_the_settings_list_and_is_recorded_with_the_parameters()
    {
        var settings = new RunParameterSet().ApplyArguments(["--driver-cpus=2,3", "--db_size=1MB"]).Build();
        var json = new RunParameterSet().Apply("driver_cpus", "4-7", "test").Build();

        Assert.Equal([2, 3], settings.DriverCpus);
        Assert.Equal("2-3", settings.ToParameters()["driver_cpus"]);
        Assert.Equal([4, 5, 6, 7], json.DriverCpus);
        Assert.Null(new RunParameterSet().Build().DriverCpus);
        Assert.Equal("", new RunParameterSet().Build().ToParameters()["driver_cpus"]);
    }

    public void Dispose()
    {
        Microsoft.Data.Sqlite.SqliteConnection.ClearAllPools();
        Directory.Delete(_folder, recursive: true);
    }

    /// <summary>Cpus_allowed_list of these processes or threads, read from /proc; ids gone meanwhile are left out.</summary>
    internal static List<(int Id, string Cpus)> AllowedCpus(IEnumerable<int> ids)
    {
        var threads = new List<(int, string)>();
        foreach (var tid in ids)
        {
            try
            {
                threads.Add((tid, LocalPostgres.AllowedCpus(tid)));
            }
            catch (IOException)
            {
                // The thread or process ended between listing and reading.
            }
        }

        return threads;
    }
}
