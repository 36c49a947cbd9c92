using System.Data.Common;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Model;

namespace DvdStore.Tests.Schema.Contract;

/// <summary>Builds the <see cref="ContractData"/> store the way a load does: tables, bulk rows, identities, keys, routines.</summary>
public static class ContractStore
{
    public static async Task BuildAsync(IEngine engine, DbConnection connection)
    {
        var none = CancellationToken.None;
        await engine.CreateAsync(connection, SchemaPhase.Tables, none);
        foreach (var (table, rows) in ContractData.Tables)
        {
            await using var writer = await engine.OpenBulkWriterAsync(connection, table, none);
            await writer.WriteAsync(rows, none);
            Assert.Equal(rows.Count, await writer.CompleteAsync(none));
        }

        foreach (var table in StoreModel.Tables.Where(t => t.IdentityColumn is not null))
        {
            await engine.ResetIdentityAsync(connection, table, ContractData.LastId(table), none);
        }

        await engine.CreateAsync(connection, SchemaPhase.Keys, none);
        await engine.CreateAsync(connection, SchemaPhase.Programmability, none);
    }
}
