using System.Data.Common;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Engines.Common;
using DvdStore.Tests.Infrastructure;

namespace DvdStore.Tests.Loader;

/// <summary>
/// A fresh, empty database for one test on an engine's test server (SQLite: a new file), dropped afterwards, so
/// test classes running in parallel never share a store. Skips when the server is not configured, or when the
/// engine is still a placeholder on this branch (PostgreSQL until eng-pg lands).
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
}
