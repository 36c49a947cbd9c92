namespace DvdStore.Contract;

/// <summary>
/// What most checks work on: a freshly built <see cref="ContractData"/> store on an open connection, with the engine's
/// store commands on it. The suite opens one per check that takes it and disposes it after.
/// </summary>
public sealed class FreshStore : IAsyncDisposable
{
    private FreshStore(ContractSession session, DbConnection db, IStoreCommands commands)
    {
        Session = session;
        Db = db;
        Commands = commands;
    }

    public ContractSession Session { get; }

    public IEngine Engine => Session.Engine;

    public DbConnection Db { get; }

    public IStoreCommands Commands { get; }

    public static async Task<FreshStore> OpenAsync(ContractSession session, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(session);
        var db = await session.NewStoreAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            return new FreshStore(session, db, session.Engine.CreateStoreCommands(db));
        }
        catch
        {
            await db.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    public async ValueTask DisposeAsync()
    {
        await Commands.DisposeAsync().ConfigureAwait(false);
        await Db.DisposeAsync().ConfigureAwait(false);
    }
}
