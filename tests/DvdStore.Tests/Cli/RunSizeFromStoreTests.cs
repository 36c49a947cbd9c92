using DvdStore.Cli;
using static DvdStore.Tests.Infrastructure.InProcessCli;

namespace DvdStore.Tests.Cli;

/// <summary>`run` reads the size from the store it drives; a --size that differs is refused in one line.</summary>
public sealed class RunSizeFromStoreTests
{
    [Fact]
    public async Task Run_without_size_takes_the_stores_and_a_different_size_is_refused()
    {
        var connection = $"Data Source={TestServers.TempFile("sized.db")}";
        var results = Path.GetDirectoryName(TestServers.TempFile("results-x"))!;
        var (loaded, _, loadError) = await RunAsync("load", "--size", "1MB", "--parallel-tables", "1", "--connection", connection);
        Assert.True(loaded == 0, loadError);

        var (code, output, error) = await RunAsync("run", "--connection", connection, "--users", "1", "--duration", "1s", "--warmup", "0", "--out", Path.Combine(results, "a"));
        Assert.True(code == 0, error);
        Assert.Contains("db_size=1MB", output, StringComparison.Ordinal);

        (code, _, error) = await RunAsync("run", "--connection", connection, "--size", "10MB", "--duration", "1s", "--warmup", "0", "--out", Path.Combine(results, "b"));
        Assert.NotEqual(0, code);
        AssertUserError.OneLineOutput(error, "loaded with --size 1MB");
        Assert.False(Directory.Exists(Path.Combine(results, "b")) && Directory.EnumerateFiles(Path.Combine(results, "b")).Any());
    }
}
