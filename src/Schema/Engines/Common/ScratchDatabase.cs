namespace DvdStore.Schema.Engines.Common;

/// <summary>
/// A scratch store that is a database of its own on the user's server: created over the user's connection, reached
/// by that connection with the database changed, and dropped over the user's connection once its pooled connections
/// are closed. The engine says how to create (checking the right first), reach and drop it.
/// </summary>
public abstract class ScratchDatabase<TConnection> : IScratchSpace
    where TConnection : DbConnection, new()
{
    public async Task<ScratchStore> CreateAsync(string connectionString, CancellationToken cancellationToken)
    {
        var name = ScratchStore.NewName();
        await using var connection = new TConnection { ConnectionString = connectionString };
        await connection.OpenAsync(cancellationToken).ConfigureAwait(false);
        await CreateDatabaseAsync(connection, name, cancellationToken).ConfigureAwait(false);
        return new ScratchStore($"database {name}", name, WithDatabase(connectionString, name), connectionString);
    }

    public async Task DropAsync(ScratchStore scratch, CancellationToken cancellationToken)
    {
        await using (var pooled = new TConnection { ConnectionString = scratch.ConnectionString })
        {
            ClearPool(pooled);
        }

        await using var connection = new TConnection { ConnectionString = scratch.AdminConnectionString };
        await connection.OpenAsync(cancellationToken).ConfigureAwait(false);
        await DropDatabaseAsync(connection, scratch.Name, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Creates database <paramref name="name"/>, or throws a one-line <see cref="UserError"/> naming the right to grant.</summary>
    protected abstract Task CreateDatabaseAsync(TConnection connection, string name, CancellationToken cancellationToken);

    /// <summary>The user's connection string with database <paramref name="name"/>.</summary>
    protected abstract string WithDatabase(string connectionString, string name);

    /// <summary>Closes the provider's pooled connections of <paramref name="pooled"/>'s connection string.</summary>
    protected abstract void ClearPool(TConnection pooled);

    /// <summary>Drops database <paramref name="name"/> (sessions still on it ended); a no-op when it is gone.</summary>
    protected abstract Task DropDatabaseAsync(TConnection connection, string name, CancellationToken cancellationToken);
}
