using DvdStore.Cli;
using DvdStore.Driver.Environment;
using DvdStore.Studies;
using DvdStore.Tests.Loader;

namespace DvdStore.Tests.Studies;

/// <summary>
/// Issue 6 on the CI machine: a loader-loaded 1MB store on the real PostgreSQL test server, then
/// <c>dvdstore sweep --cpus 1,2 --users 1,2 --reset-between</c> through the CLI in-process. Every step leaves a
/// result labelled with its CPU set, the server gets its CPUs back, the store is reset between steps, and the
/// sweep ends with sweep.json and the Analysis report (vCPU scaling table included).
/// </summary>
[Collection(SweepEndToEndCollection.Name)]
public sealed class SweepEndToEndTests : IDisposable
{
    private readonly string _folder = Path.Combine(Path.GetTempPath(), "dvdstore-sweep-e2e-" + Guid.NewGuid().ToString("N")[..8]);

    [SkippableFact]
    public async Task A_1_to_2_cpu_sweep_on_local_postgres_writes_labelled_steps_restores_the_server_and_ends_with_the_report()
    {
        var (postmaster, before, probe) = await LocalPostgres.PinnerAsync();
        await probe.DisposeAsync();
        await using var database = await LoaderDatabase.CreateAsync(EngineKind.PostgreSql);
        await database.LoadAsync(TestStore.Smallest.Load(1));
        var loadedOrders = await CountOrdersAsync(database.Target);

        var output = new StringWriter();
        var error = new StringWriter();
        var code = await CliApp.RunAsync(
            [
                "sweep", "--engine", "postgres", "--connection", database.Target.ConnectionString, "--size", "1MB",
                "--server-pid", postmaster.ToString(CultureInfo.InvariantCulture), "--cpus", "1,2", "--users", "1,2",
                "--duration", "3s", "--warmup", "1s", "--reset-between", "--seed", "7", "--out", _folder,
            ],
            output,
            error,
            CancellationToken.None);

        var printed = output.ToString();
        Assert.True(code == 0, $"exit {code}: {error}\n{printed}");
        Assert.Equal(before, LocalPostgres.AllowedCpus(postmaster));
        foreach (var pid in new ServerProcessTree(postmaster).Processes())
        {
            var cpus = LocalPostgres.AllowedCpus(pid);
            Assert.True(cpus == before, $"process {pid} ({Describe(pid)}) has CPUs {cpus}, not {before}\n{printed}");
        }

        // One labelled result per set and step (the search always runs both steps: it stops only after measuring).
        var steps = new List<RunResult>();
        foreach (var (set, cpus) in new[] { ("vcpu-1", 1), ("vcpu-2", 2) })
        {
            foreach (var users in new[] { 1, 2 })
            {
                var folder = Path.Combine(_folder, set, $"users-{users}");
                var file = Assert.Single(Directory.GetFiles(folder, "*.json"));
                var result = RunResultReader.Read(file);
                Assert.Equal(set, result.Context.Labels["cpu_set"]);
                Assert.Equal(cpus.ToString(CultureInfo.InvariantCulture), result.Context.Labels["cpus"]);
                Assert.Equal(users.ToString(CultureInfo.InvariantCulture), result.Context.Labels["users"]);
                Assert.True(result.Totals.CommittedOrders > 0, $"{set} with {users} users committed no order");
                steps.Add(result);
            }
        }

        // Reset between steps: what is left is the last step's orders, not all four steps' (measured ones alone add up to more).
        var newOrders = await CountOrdersAsync(database.Target) - loadedOrders;
        Assert.InRange(newOrders, steps[^1].Totals.CommittedOrders, steps.Sum(s => s.Totals.CommittedOrders) - 1);

        var summary = await File.ReadAllTextAsync(Path.Combine(_folder, SweepSummary.FileName));
        Assert.Contains("\"vcpu-2\"", summary, StringComparison.Ordinal);
        Assert.Contains("\"peak\"", summary, StringComparison.Ordinal);

        var markdown = await File.ReadAllTextAsync(Path.Combine(_folder, "report", "report.md"));
        Assert.Contains("vCPU scaling", markdown, StringComparison.Ordinal);
        Assert.True(File.Exists(Path.Combine(_folder, "report", "report.html")));
        Assert.True(File.Exists(Path.Combine(_folder, "report", "tables", "scaling.csv")), string.Join(", ", Directory.GetFiles(Path.Combine(_folder, "report"), "*", SearchOption.AllDirectories)));
        var scaling = await File.ReadAllLinesAsync(Path.Combine(_folder, "report", "tables", "scaling.csv"));
        Assert.Equal(3, scaling.Length);
        Assert.Contains("1 → 2 vCPUs", printed, StringComparison.Ordinal);
        Assert.Contains("sweep vcpu-2: peak", printed, StringComparison.Ordinal);
    }

    public void Dispose()
    {
        if (Directory.Exists(_folder))
        {
            Directory.Delete(_folder, recursive: true);
        }
    }

    private static string Describe(int pid)
    {
        try
        {
            return File.ReadAllText($"/proc/{pid}/cmdline").Replace('\0', ' ').Trim();
        }
        catch (IOException)
        {
            return "gone";
        }
    }

    private static async Task<long> CountOrdersAsync(StoreTarget target)
    {
        await using var connection = await target.OpenAsync(CancellationToken.None);
        await using var command = connection.CreateCommand();
        command.CommandText = "SELECT COUNT(*) FROM ORDERS";
        return Convert.ToInt64(await command.ExecuteScalarAsync(), CultureInfo.InvariantCulture);
    }
}
