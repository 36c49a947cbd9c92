using DvdStore.Cli;
using DvdStore.Schema.Sizing;

namespace DvdStore.Tests.Loader;

/// <summary>
/// A load onto a server on this machine is checked against the free space of the data directory the server names
/// (PostgreSQL's data_directory, MariaDB's @@datadir; the test servers run on 127.0.0.1 with their data under /tmp):
/// a 10TB store is refused before anything is made, in one line naming the directory and --ignore-free-space, which
/// lets it through; a 1MB store fits. A server not on this machine is not checked.
/// </summary>
public sealed class ServerLoadSpaceTests
{
    [SkippableTheory]
    [InlineData(EngineKind.PostgreSql)]
    [InlineData(EngineKind.MySql)]
    public async Task A_local_servers_data_directory_decides_whether_a_load_fits(EngineKind kind)
    {
        await using var database = await LoaderDatabase.CreateAsync(kind);
        await using var connection = await database.Target.OpenAsync(CancellationToken.None);
        var folder = (await database.Target.Engine.DataDirectoryAsync(connection, CancellationToken.None))!.TrimEnd('/');
        Assert.True(Directory.Exists(folder), folder);

        var huge = await LoadSpace.ForServerAsync(database.Target, StoreSize.Parse("10TB"), false, serverIsLocal: true, CancellationToken.None);
        var small = await LoadSpace.ForServerAsync(database.Target, StoreSize.Parse("1MB"), false, serverIsLocal: true, CancellationToken.None);
        var remote = await LoadSpace.ForServerAsync(database.Target, StoreSize.Parse("10TB"), false, serverIsLocal: false, CancellationToken.None);

        Assert.Equal(folder, huge.Where);
        Assert.Equal(new DriveInfo(folder).AvailableFreeSpace, huge.FreeBytes!.Value, (double)(1L << 30));
        Assert.True(huge.WillNotFit);
        Assert.Contains("--ignore-free-space", huge.Refusal(StoreSize.Parse("10TB"), "x", ignoreFreeSpace: false), StringComparison.Ordinal);
        Assert.Null(huge.Refusal(StoreSize.Parse("10TB"), "x", ignoreFreeSpace: true));
        Assert.False(small.WillNotFit);
        Assert.Null(remote.FreeBytes);
        Assert.False(remote.WillNotFit);

        using var output = new StringWriter();
        using var error = new StringWriter();
        var code = await CliApp.RunAsync(["load", "--engine", EngineCatalog.NameOf(kind), "--connection", database.Target.ConnectionString, "--size", "10TB"], output, error, CancellationToken.None);
        Assert.Equal(2, code);
        Assert.Contains($"{folder} has ", error.ToString(), StringComparison.Ordinal);
        Assert.Contains("or pass --ignore-free-space", error.ToString(), StringComparison.Ordinal);
        Assert.Single(error.ToString().Trim().Split('\n'));
        Assert.False(await database.Target.Engine.StoreExistsAsync(connection, CancellationToken.None));
    }
}
