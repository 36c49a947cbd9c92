using DvdStore.Monitoring;
using DvdStore.Monitoring.Host;
using MySqlConnector;
using Npgsql;
using Xunit.Abstractions;

namespace DvdStore.Tests.Monitoring;

/// <summary>
/// Two samples around a burst of commits on the real test servers: the engine must count at least the commits issued
/// (other sessions may add more) and the local host's CPU counters must move. The burst uses a temporary table of its own.
/// </summary>
public class LiveServerMetricsTests
{
    private const int Transactions = 200;
    private const string PostgreSqlBurstTable = "CREATE TEMP TABLE burst (i int)";

    // Backends publish statistics when idle at most once a second; make the burst's publish now.
    private const string PostgreSqlPublish = "SELECT pg_stat_force_next_flush()";

    private readonly ITestOutputHelper output;

    public LiveServerMetricsTests(ITestOutputHelper output) => this.output = output;

    [SkippableFact]
    public async Task Postgresql_counts_the_burst_of_commits()
    {
        var connection = TestServers.PostgreSql;
        await using var probe = new NpgsqlConnection(connection);
        await probe.OpenAsync();
        await using var pidCommand = probe.Command("SELECT pg_backend_pid()");
        var backendPid = await pidCommand.ScalarAsync<int>(CancellationToken.None);
        var dataDirectory = Environment.GetEnvironmentVariable("DVDSTORE_TEST_PG_DATA") ?? Path.GetTempPath();
        await using var sampler = new ServerMetricsSampler(
            new HostMetricsReader(new LocalFileReader(), dataDirectory, backendPid),
            new EngineCounterSource(EngineCatalog.Get(EngineKind.PostgreSql).Profile.NewCounters(), ct => Open(new NpgsqlConnection(connection), ct)));

        var baseline = await sampler.StartAsync(CancellationToken.None);
        await BurstAsync(new NpgsqlConnection(connection), PostgreSqlBurstTable, PostgreSqlPublish);
        var sample = await sampler.SampleAsync(CancellationToken.None);

        Assert.DoesNotContain(baseline.Warnings, w => !w.Contains("no disk metrics", StringComparison.Ordinal));
        AssertCommitsAndCpu(sample);
        Assert.NotNull(sample.Engine!.Rollbacks);
        Assert.True(sample.Engine.RatesPerSecond.ContainsKey("blks_hit"));
        Assert.True(sample.Engine.RatesPerSecond.ContainsKey("checkpoints_timed"));
        Assert.True(sample.Engine.Gauges["active_backends"] >= 1);
        Assert.NotNull(sample.Host!.CpuSet);
        Assert.NotNull(sample.Host.CpuSetPercent);
    }

    [SkippableFact]
    public async Task Mariadb_counts_the_burst_of_commits()
    {
        var connection = TestServers.MySql;
        var options = new ServerMetricsOptions(ServerMetricsMode.Local, null, Path.GetTempPath(), null);
        await using var sampler = ServerMetricsSampler.Create(options, EngineKind.MySql, ct => Open(new MySqlConnection(connection), ct));

        await sampler.StartAsync(CancellationToken.None);
        await BurstAsync(new MySqlConnection(connection), "CREATE TEMPORARY TABLE burst (i INT) ENGINE=InnoDB", null);
        var sample = await sampler.SampleAsync(CancellationToken.None);

        AssertCommitsAndCpu(sample);
        Assert.True(sample.Engine!.RatesPerSecond["Questions"] > 0);
        Assert.True(sample.Engine.Gauges["Threads_running"] >= 1);
        Assert.StartsWith("server metrics: local host", sampler.Describe());
    }

    [SkippableFact]
    public async Task A_recorder_run_on_postgresql_summarizes_cpu_and_the_commits()
    {
        var connection = TestServers.PostgreSql;
        var options = new ServerMetricsOptions(ServerMetricsMode.Local, null, null, null);
        await using var recorder = ServerMetricsRecorder.Create(
            options, EngineKind.PostgreSql, ct => Open(new NpgsqlConnection(connection), ct), TimeSpan.FromHours(1));
        var from = DateTimeOffset.UtcNow;

        await recorder.StartAsync(CancellationToken.None);
        await BurstAsync(new NpgsqlConnection(connection), PostgreSqlBurstTable, PostgreSqlPublish);
        await recorder.StopAsync(CancellationToken.None);
        var summary = recorder.Summarize(from, DateTimeOffset.UtcNow);

        output.WriteLine(summary.SummaryLine);
        Assert.Empty(summary.Warnings);
        Assert.True(summary.Average.EngineCommits >= Transactions, $"engine counted {summary.Average.EngineCommits} commits, {Transactions} were issued");
        Assert.True(summary.Average.EngineTpm > 0);
        Assert.True(summary.Average.CpuPercent > 0);
        Assert.Contains("engine counters", summary.Source);
        Assert.Contains(" TPM", summary.SummaryLine);
    }

    private void AssertCommitsAndCpu(ServerSample sample)
    {
        output.WriteLine($"{sample.IntervalSeconds:0.000} s: {sample.LiveText()}; commits {sample.Engine?.Commits}, rollbacks {sample.Engine?.Rollbacks}, " +
            $"disk {sample.Host?.Disk?.Device} {sample.Host?.Disk?.Iops:0} IOPS, cpuset {sample.Host?.CpuSet} {sample.Host?.CpuSetPercent:0}%; " +
            string.Join(", ", sample.Engine?.RatesPerSecond.Select(r => $"{r.Key} {r.Value:0.#}/s") ?? []));
        Assert.NotNull(sample.Engine);
        Assert.True(sample.Engine.Commits >= Transactions, $"engine counted {sample.Engine.Commits} commits, {Transactions} were issued");
        Assert.True(sample.Engine.Tpm > 0);
        Assert.NotNull(sample.Host);
        Assert.True(sample.Host.CpuPercent > 0, $"host CPU {sample.Host.CpuPercent}%");
        Assert.True(sample.Host.CpuPercent + sample.Host.IoWaitPercent + sample.Host.StealPercent <= 100.0001);
        Assert.True(sample.Host.MemoryUsedMb > 0);
        Assert.True(sample.IntervalSeconds > 0);
    }

    /// <summary>The burst: <see cref="Transactions"/> commits into a temporary table on a connection of its own, then CPU work for the host counters.</summary>
    private static async Task BurstAsync(DbConnection burst, string createTable, string? publish)
    {
        await using (burst)
        {
            await burst.OpenAsync();
            await burst.ExecuteAsync(createTable, CancellationToken.None);
            for (var i = 0; i < Transactions; i++)
            {
                await using var transaction = await burst.BeginTransactionAsync();
                await using var command = burst.Command("INSERT INTO burst VALUES (@i)", transaction);
                command.Add("i", i);
                await command.ExecuteNonQueryAsync();
                await transaction.CommitAsync();
            }

            if (publish is not null)
            {
                await burst.ExecuteAsync(publish, CancellationToken.None);
            }
        }

        SshTests.BurnCpu();
    }

    private static async Task<DbConnection> Open(DbConnection connection, CancellationToken cancellationToken)
    {
        await connection.OpenAsync(cancellationToken);
        return connection;
    }
}
