using DvdStore.Cli;
using static DvdStore.Tests.Infrastructure.InProcessCli;

namespace DvdStore.Tests.Monitoring;

/// <summary>`dvdstore server-metrics` end to end through the CLI.</summary>
public class ServerMetricsCommandTests
{
    [SkippableFact]
    public async Task Samples_mariadb_and_the_local_host_and_prints_the_cost()
    {
        var connection = TestServers.MySql;
        var (code, output, error) = await RunAsync(
            "server-metrics", "--engine", "mysql", "--connection", connection, "--server-data-dir", Path.GetTempPath(),
            "--server-pid", Environment.ProcessId.ToString(CultureInfo.InvariantCulture), "--interval", "0.05", "--count", "3");

        Assert.Equal("", error);
        Assert.Equal(0, code);
        Assert.StartsWith("server metrics: local host", output);
        AssertText.ContainsAll(output, "engine counters", "average: server CPU ", " TPM", "sampling cost: ");
        Assert.DoesNotContain("Password=", output);
    }

    [Fact]
    public async Task An_unreachable_ssh_host_is_one_warning_and_the_command_goes_on()
    {
        // server-metrics refuses a store it cannot reach, so the SQLite file must exist; the ssh host is what fails here.
        var store = TestServers.TempFile("s.db");
        await File.WriteAllBytesAsync(store, []);
        var (code, output, error) = await RunAsync(
            "server-metrics", "--engine", "sqlite", "--connection", $"Data Source={store}",
            "--server-metrics", "ssh", "--server-host", "nobody@127.0.0.1:1", "--interval", "0.05", "--count", "2", "--quiet");

        Assert.Equal("", error);
        Assert.Equal(0, code);
        AssertText.ContainsAll(output, "warning: server host metrics off for the rest of the run: cannot read nobody@127.0.0.1:1 over ssh: ",
            "warning: no engine counters: SQLite", "average: nothing measured");
    }

    [Theory]
    [InlineData("--server-metrics", "ssh")]
    [InlineData("--interval", "0")]
    [InlineData("--server-host", "bench@db1")]
    public async Task Wrong_options_are_one_line_user_errors(string option, string value)
    {
        var (code, _, error) = await RunAsync("server-metrics", "--engine", "sqlite", option, value);

        Assert.NotEqual(0, code);
        Assert.StartsWith("error: ", error);
        Assert.Single(error.TrimEnd().Split('\n'));
    }
}
