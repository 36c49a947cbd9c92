namespace DvdStore.Tests.Loader;

/// <summary>
/// A fresh, empty database for one test on an engine's test server (SQLite: a new file), dropped afterwards, so
/// test classes running in parallel never share a store. Skips when the server is not configured (fails instead where
/// the servers are required).
/// </summary>
internal sealed class LoaderDatabase : IAsyncDisposable
{
    private readonly StoreTarget? _server;
    private readonly string? _name;

    private LoaderDatabase(StoreTarget target, StoreTarget? server, string? name)
    {
        Target = target;
        _server = server;
        _name = name;
    }

    public StoreTarget Target { get; }

    /// <summary>Loads a store into this database the plain way: no progress, not cancelled.</summary>
    public Task<LoadReport> LoadAsync(LoadOptions options) => StoreLoader.LoadAsync(Target, options, null, CancellationToken.None);

    /// <summary>Starts a load and cancels it at the first progress <paramref name="stopAt"/> accepts; fails unless the load stops.</summary>
    public async Task LoadUntilCancelledAsync(LoadOptions options, Func<LoadProgress, bool> stopAt)
    {
        using var cancel = new CancellationTokenSource();
        var progress = new InlineProgress(p =>
        {
            if (stopAt(p))
            {
                cancel.Cancel();
            }
        });
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => StoreLoader.LoadAsync(Target, options, progress, cancel.Token));
    }

    /// <summary>Compares the store's tables with the fingerprint recorded when it was loaded.</summary>
    public async Task<FingerprintComparison> CompareWithLoadAsync()
    {
        await using var connection = await Target.OpenAsync(CancellationToken.None);
        return await FingerprintComparison.ReadAsync(StoreReads.Single(Target.Engine, connection), await StoreInfo.ReadAsync(connection, CancellationToken.None), null, CancellationToken.None);
    }

    /// <summary>Runs verify on the store; fails with every failed check unless it passes.</summary>
    public async Task<VerifyReport> AssertVerifiesAsync()
    {
        var report = await StoreVerifier.VerifyAsync(Target, CancellationToken.None);
        Assert.True(report.Passed, string.Join("; ", report.Failures.Select(f => $"{f.Name}: {f.Detail}")));
        return report;
    }

    public static async Task<LoaderDatabase> CreateAsync(EngineKind kind)
    {
        var server = TestServers.Target(kind);
        if (kind == EngineKind.Sqlite)
        {
            return new LoaderDatabase(server, null, null);
        }

        var name = "dsl_" + Guid.NewGuid().ToString("N")[..12];
        await using (var connection = await server.OpenAsync(CancellationToken.None))
        {
            await connection.ExecuteAsync($"CREATE DATABASE {name}", CancellationToken.None);
        }

        var builder = new DbConnectionStringBuilder { ConnectionString = server.ConnectionString };
        builder["Database"] = name;
        return new LoaderDatabase(new StoreTarget(server.Engine, builder.ConnectionString), server, name);
    }

    public async ValueTask DisposeAsync()
    {
        if (_server is null)
        {
            return;
        }

        await using var connection = await _server.OpenAsync(CancellationToken.None);
        if (_server.Engine.Kind == EngineKind.PostgreSql)
        {
            // Pooled connections to the test database would block the drop.
            await connection.ExecuteAsync($"DROP DATABASE IF EXISTS {_name} WITH (FORCE)", CancellationToken.None);
            return;
        }

        await connection.ExecuteAsync($"DROP DATABASE IF EXISTS {_name}", CancellationToken.None);
    }

    /// <summary>Reports on the loader's own thread (Progress&lt;T&gt; would post later), so a cancel lands where it is asked for.</summary>
    internal sealed class InlineProgress(Action<LoadProgress> action) : IProgress<LoadProgress>
    {
        public void Report(LoadProgress value) => action(value);
    }
}
