namespace DvdStore.Schema.Engines;

/// <summary>
/// What one database is, whatever name a connection reached it by, so two targets given as 127.0.0.1 and localhost
/// are seen to be one: each engine's own identity (<see cref="EngineProfile.ReadIdentity"/>, in its folder), SQLite
/// the store file's real path.
/// </summary>
public static class DatabaseIdentity
{
    public static async Task<string> ReadAsync(IEngine engine, DbConnection connection, CancellationToken cancellationToken) =>
        engine.Profile.Name + "|" + await engine.Profile.ReadIdentity(connection, cancellationToken).ConfigureAwait(false);

    /// <summary>An identity read by one scalar query (a server engine's: its cluster or server id and the database's).</summary>
    public static Func<DbConnection, CancellationToken, Task<string>> Query(string sql) => async (connection, cancellationToken) =>
    {
        await using var command = connection.Command(sql);
        return await command.ScalarAsync<string>(cancellationToken).ConfigureAwait(false) ?? "";
    };
}
