namespace DvdStore.Schema.Engines;

/// <summary>
/// What the rest of the kit may know of one engine, said once in the engine's own folder
/// (<c>Engines/&lt;Engine&gt;/&lt;E&gt;Profile.cs</c>) and reached through <see cref="IEngine.Profile"/> or
/// <see cref="EngineCatalog"/>: its command-line name, how a connection names its server, whether it runs in-process,
/// its counter reader, wait sampler and scratch space. Nothing outside <c>Engines/</c> tests an engine's identity.
/// </summary>
public sealed class EngineProfile
{
    /// <summary>The name on the command line and in result files, e.g. "postgres".</summary>
    public required string Name { get; init; }

    /// <summary>Other names the command line accepts, e.g. "pg", "pgsql".</summary>
    public IReadOnlyList<string> Aliases { get; init; } = [];

    /// <summary>A connection string to show in errors and help.</summary>
    public required string ExampleConnection { get; init; }

    /// <summary>The connection used when none is given; null when the engine needs one (every server engine).</summary>
    public string? DefaultConnection { get; init; }

    /// <summary>
    /// The engine runs inside the driver's process on a local file: no server to reach, no password, its host is
    /// this machine.
    /// </summary>
    public bool InProcess { get; init; }

    /// <summary>One writer at a time: a load writes its tables one after another.</summary>
    public bool SingleWriter { get; init; }

    /// <summary>
    /// Parallel bulk streams into one table slow each other down when their rows interleave (InnoDB: two LOAD DATA
    /// streams into one clustered index contend for its latches and split its pages in the middle): a load cuts a table
    /// only when it is longer than a writer's fair share, into as few parts as fit that share, each a key range of its
    /// own (each stream appends at its own end of the index).
    /// </summary>
    public bool BulkStreamsByKeyRange { get; init; }

    /// <summary>The connection-string key of the server when the string names none, e.g. "Host".</summary>
    public string ServerKey { get; init; } = "Data Source";

    /// <summary>A target written host:port sets the connection's Port (false where the server value carries its own port syntax).</summary>
    public bool HostPortSetsPort { get; init; }

    /// <summary>The connection string of a store kept in the file <c>path</c>; null for server engines.</summary>
    public Func<string, string>? FileConnection { get; init; }

    /// <summary>Where a user finds the server's main process id, e.g. "first line of $PGDATA/postmaster.pid"; null when it has none.</summary>
    public string? ServerPidHint { get; init; }

    /// <summary>A new counter reader; readers remember what they learnt of the server (its version), so use one per server.</summary>
    public required Func<IEngineCounters> NewCounters { get; init; }

    /// <summary>A new wait sampler of the store's sessions; like the counters, one per server.</summary>
    public required Func<IEngineWaits> NewWaits { get; init; }

    /// <summary>
    /// Bytes on disk per row of each DS3 table with its keys and indexes, measured after a load on this kit
    /// (<see cref="Sizing.DiskSizes"/>); null where the engine was never measured here.
    /// </summary>
    public Sizing.DiskBytesPerRow? DiskBytesPerRow { get; init; }

    /// <summary>A new scratch-space maker for <c>dvdstore check</c>.</summary>
    public required Func<IScratchSpace> NewScratchSpace { get; init; }

    /// <summary>What one database is, whatever name a connection reached it by (see <see cref="DatabaseIdentity"/>).</summary>
    public required Func<DbConnection, CancellationToken, Task<string>> ReadIdentity { get; init; }

    /// <summary>
    /// The long statements (index builds, keys' checks, statistics) of the connection's store in flight on other sessions,
    /// with how far each is where the server says; null where the engine can tell nothing (it runs in-process).
    /// </summary>
    public Func<DbConnection, CancellationToken, Task<IReadOnlyList<StatementProgress>>>? ReadStatementProgress { get; init; }

    /// <summary>Every name the command line accepts for this engine.</summary>
    public IEnumerable<string> AllNames => Aliases.Prepend(Name);

    /// <summary>The connection string with its server (and port, for host:port where the engine takes it) replaced by <paramref name="host"/>.</summary>
    public string WithHost(string connectionString, string host)
    {
        var builder = new DbConnectionStringBuilder { ConnectionString = connectionString };
        string? port = null;
        if (HostPortSetsPort && host.LastIndexOf(':') is var colon and > 0)
        {
            port = host[(colon + 1)..];
            host = host[..colon];
        }

        var key = ServerKey;
        foreach (var alias in new[] { "Host", "Server", "Data Source", "DataSource" })
        {
            if (builder.ContainsKey(alias))
            {
                key = alias;
                break;
            }
        }

        builder[key] = host;
        if (port is not null)
        {
            builder["Port"] = port;
        }

        return builder.ConnectionString;
    }
}
