using DvdStore.Contract;

namespace DvdStore.Tests.Schema.Contract;

/// <summary>Builds the <see cref="ContractData"/> store the way a load does (the contract suite's own build: tables, bulk rows, identities, keys, routines).</summary>
public static class ContractStore
{
    public static Task BuildAsync(IEngine engine, DbConnection connection) =>
        new ContractSession(engine, connection.ConnectionString).BuildStoreAsync(connection, CancellationToken.None);
}
