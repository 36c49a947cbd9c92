using System.Diagnostics;
using System.Net;
using System.Net.Sockets;

namespace DvdStore.Tests.Trust;

/// <summary>
/// A PostgreSQL server of one test's own (initdb into a temp folder, a free loopback port, as scripts/db-up.sh
/// does), so the test may restart or stop it without disturbing other test classes on the shared server.
/// Skips (fails when servers are required) when PostgreSQL is not installed.
/// </summary>
internal sealed class PrivatePostgres : IAsyncDisposable
{
    private readonly string bin;
    private readonly string dir;
    private readonly int port;

    private PrivatePostgres(string bin, string dir, int port)
    {
        this.bin = bin;
        this.dir = dir;
        this.port = port;
    }

    public string DataDirectory => Path.Combine(dir, "data");

    /// <summary>The server's dsbench database.</summary>
    public StoreTarget Target => new(EngineCatalog.Get(EngineKind.PostgreSql), $"Host=127.0.0.1;Port={port};Username=bench;Database=postgres");

    public static async Task<PrivatePostgres> StartAsync()
    {
        _ = TestServers.PostgreSql; // skip where there are no test servers at all
        var bin = Directory.Exists("/usr/lib/postgresql")
            ? Directory.GetDirectories("/usr/lib/postgresql").Select(static d => Path.Combine(d, "bin")).Where(static b => File.Exists(Path.Combine(b, "initdb")))
                .OrderBy(static b => Version.TryParse(Path.GetFileName(Path.GetDirectoryName(b)), out var v) ? v : new Version(0, 0)).LastOrDefault()
            : null;
        if (bin is null)
        {
            throw new InvalidOperationException("PostgreSQL binaries not found under /usr/lib/postgresql (scripts/install-deps.sh installs them)");
        }

        var dir = Directory.CreateTempSubdirectory("dvdstore-trust-pg.").FullName;
        await ShellAsync($"chown postgres:postgres '{dir}'");
        var server = new PrivatePostgres(bin, dir, FreePort());
        await AsPostgresAsync($"'{bin}/initdb' -D '{server.DataDirectory}' -U bench -A trust -E UTF8 --locale=C.UTF-8 --no-sync >'{dir}/initdb.log' 2>&1");
        await server.PgCtlAsync("start");
        return server;
    }

    /// <summary>pg_ctl restart -m fast: every connection is cut, the server is back when this returns.</summary>
    public Task RestartAsync() => PgCtlAsync("restart -m fast");

    public async ValueTask DisposeAsync()
    {
        try
        {
            await AsPostgresAsync($"'{bin}/pg_ctl' -D '{DataDirectory}' -m immediate -w stop >/dev/null 2>&1");
        }
        finally
        {
            Npgsql.NpgsqlConnection.ClearAllPools();
            Directory.Delete(dir, recursive: true);
        }
    }

    private Task PgCtlAsync(string action) => AsPostgresAsync(
        $"'{bin}/pg_ctl' -D '{DataDirectory}' -l '{dir}/server.log' -w -t 60 -o \"-c listen_addresses=127.0.0.1 -p {port} -k {dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100 -c shared_buffers=64MB\" {action} >/dev/null");

    // initdb and postgres refuse to run as root.
    private static Task AsPostgresAsync(string command) =>
        System.Environment.UserName == "root" ? RunAsync("runuser", ["-u", "postgres", "--", "sh", "-c", command], command) : ShellAsync(command);

    private static Task ShellAsync(string command) => RunAsync("sh", ["-c", command], command);

    private static async Task RunAsync(string file, string[] arguments, string command)
    {
        using var process = Process.Start(new ProcessStartInfo(file, arguments) { RedirectStandardError = true, RedirectStandardOutput = true })!;
        var error = await process.StandardError.ReadToEndAsync();
        await process.WaitForExitAsync();
        if (process.ExitCode != 0)
        {
            throw new InvalidOperationException($"'{command}' exited with {process.ExitCode}: {error}");
        }
    }

    private static int FreePort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
