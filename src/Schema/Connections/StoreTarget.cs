using DvdStore.Schema.Engines;

namespace DvdStore.Schema.Connections;

/// <summary>An engine and the connection string (password resolved) of the database that holds, or will hold, a store.</summary>
public sealed record StoreTarget(IEngine Engine, string ConnectionString)
{
    /// <summary>The connection string without the password, for output and result files.</summary>
    public string RedactedConnection => Engine.RedactConnection(ConnectionString);

    /// <summary>Builds a target from CLI values: an engine with a default connection needs none; the other engines do.</summary>
    /// <param name="option">The option that named the store, as the user typed it (quickstart's is --file).</param>
    public static StoreTarget From(string? engineName, string? connection, string option = "--connection")
    {
        var engine = EngineCatalog.Parse(engineName);
        if (string.IsNullOrWhiteSpace(connection))
        {
            connection = engine.Profile.DefaultConnection
                ?? throw new UserError($"--connection is required for {engine.DisplayName}; give an ADO.NET connection string, e.g. --connection \"{engine.Profile.ExampleConnection}\" (password from {ConnectionStrings.PasswordVariable}).");
        }

        // Read by the provider now: a keyword it does not know is refused before anything opens (or creates) a file.
        if (engine.StoreFile(connection) is { } file && NotAStoreFile(file) is { } what)
        {
            // SQLite opens /dev/null or a folder and fails at the first write with "disk I/O error".
            throw new UserError($"{option}: {file} is {what}, not a store file; give the path of a file to create or reuse, e.g. {option} dvdstore.db.");
        }

        // An in-process engine's file has no user to authenticate: a DVDSTORE_PASSWORD meant for a server must not reach it.
        return new StoreTarget(engine, engine.Profile.InProcess ? connection : ConnectionStrings.WithPassword(connection));
    }

    /// <summary>What <paramref name="file"/> is when it exists but cannot hold a store (a folder, a device), else null.</summary>
    private static string? NotAStoreFile(string file)
    {
        if (Directory.Exists(file))
        {
            return "a folder";
        }

        // .NET does not tell a device from a file; devices and kernel files live under these folders.
        string? real;
        try
        {
            real = File.Exists(file) ? (File.ResolveLinkTarget(file, returnFinalTarget: true)?.FullName ?? file) : null;
        }
        catch (IOException)
        {
            return "a link that leads nowhere (a loop)";
        }

        return real is not null && (real.StartsWith("/dev/", StringComparison.Ordinal) || real.StartsWith("/proc/", StringComparison.Ordinal) || real.StartsWith("/sys/", StringComparison.Ordinal))
            ? "a device or kernel file"
            : null;
    }

    /// <summary>
    /// Opens a store that must already be there: a store kept in one file (SQLite) whose file is missing is refused in
    /// one line before anything opens it, since opening would create an empty file.
    /// </summary>
    public Task<DbConnection> OpenExistingAsync(CancellationToken cancellationToken) =>
        MissingFile() is { } file
            ? throw new UserError($"there is no store on {file}: the file does not exist; build one with 'dvdstore load'.")
            : OpenAsync(cancellationToken);

    /// <summary>The store's file when the engine keeps it in one and the file does not exist; else null.</summary>
    public string? MissingFile() => Engine.StoreFile(ConnectionString) is { } file && !File.Exists(file) ? file : null;

    /// <summary>
    /// Opens a connection; failures the user can fix (unreachable server, wrong password, missing database)
    /// become one-line <see cref="UserError"/>s that never include the password.
    /// </summary>
    public async Task<DbConnection> OpenAsync(CancellationToken cancellationToken)
    {
        var connection = Engine.CreateConnection(ConnectionString);
        try
        {
            await connection.OpenAsync(cancellationToken).ConfigureAwait(false);
            return connection;
        }
        catch (Exception e) when (e is not OperationCanceledException)
        {
            await connection.DisposeAsync().ConfigureAwait(false);
            if (Engine.StoreFile(ConnectionString) is { } file)
            {
                throw new UserError($"cannot open the {Engine.DisplayName} file {file}: {FirstLine(e.Message)}; check that its folder exists and that you may write there.", e, exitCode: 3);
            }

            var hint = Engine.Classify(e) switch
            {
                FailureKind.Authentication => $"check the user in --connection and the password in {ConnectionStrings.PasswordVariable}",
                FailureKind.Connection or FailureKind.Timeout => "check that the server is running and the host and port in --connection",
                _ => "check --connection",
            };
            throw new UserError($"cannot connect to {Engine.DisplayName} ({RedactedConnection}): {FirstLine(e.Message)}; {hint}.", e, exitCode: 3);
        }
    }

    private static string FirstLine(string message) => message.Split('\n', 2)[0].Trim().TrimEnd('.');
}
