using DvdStore.Schema.Engines.Commands;

namespace DvdStore.Contract.Checks;

/// <summary>
/// The store called the way DS3's own driver for the engine calls it (names, parameter names and types, reads and
/// casts: ds3-interface.md), so a DS3 driver pointed at our store works. Not applicable where DS3 has no driver.
/// </summary>
internal static class Ds3DriverChecks
{
    public static async Task DS3_driver_LOGIN_returns_the_id_DS3_reads_and_0_for_an_unknown_user(ContractSession session, CancellationToken cancellationToken)
    {
        await using var db = await session.NewStoreAsync(cancellationToken);
        if (Calls(session, db) is not { } ds3)
        {
            return;
        }

        Expect.Equal(1, await ds3.LoginAsync("user1", ContractData.Password, cancellationToken));
        Expect.Equal(3, await ds3.LoginAsync("user3", ContractData.Password, cancellationToken));
        Expect.Equal(0, await ds3.LoginAsync("nosuchuser", ContractData.Password, cancellationToken));
    }

    public static async Task DS3_driver_NEW_CUSTOMER_returns_the_new_id_then_0_for_a_taken_name(ContractSession session, CancellationToken cancellationToken)
    {
        await using var db = await session.NewStoreAsync(cancellationToken);
        if (Calls(session, db) is not { } ds3)
        {
            return;
        }

        var id = await ds3.NewCustomerAsync("newuser1", cancellationToken);
        Expect.Equal(ContractData.Customers.Count + 1, id);
        Expect.Equal(0, await ds3.NewCustomerAsync("newuser1", cancellationToken));
        Expect.Equal(id, await ds3.LoginAsync("newuser1", ContractData.Password, cancellationToken));
    }

    public static async Task DS3_driver_BROWSE_BY_TITLE_rows_read_with_DS3s_getters(ContractSession session, CancellationToken cancellationToken)
    {
        await using var db = await session.NewStoreAsync(cancellationToken);
        if (Calls(session, db) is not { } ds3)
        {
            return;
        }

        Expect.Contains(3, await ds3.BrowseByTitleAsync(9, "AFRICAN EGG", cancellationToken));
        Expect.Empty(await ds3.BrowseByTitleAsync(9, "NOSUCHWORD NOWHERE", cancellationToken));
    }

    public static async Task DS3_driver_PURCHASE_returns_an_int_order_id_and_0_on_short_stock(ContractSession session, CancellationToken cancellationToken)
    {
        await using var db = await session.NewStoreAsync(cancellationToken);
        if (Calls(session, db) is not { } ds3)
        {
            return;
        }

        var order = await ds3.PurchaseAsync([(1, 2), (2, 1)], 1, cancellationToken);
        if (order is null)
        {
            session.NotApplicable($"DS3's {session.Engine.DisplayName} driver purchases with SQL text of its own, no routine");
            return;
        }

        Expect.Equal(ContractData.Orders.Count + 1, order.Value);
        Expect.Equal(0, await ds3.PurchaseAsync([(8, ContractData.Stock(8) + 1), (3, 1)], 1, cancellationToken));
    }

    private static IDs3DriverCalls? Calls(ContractSession session, System.Data.Common.DbConnection db)
    {
        var calls = session.Engine.CreateDs3DriverCalls(db);
        if (calls is null)
        {
            session.NotApplicable(session.Engine.Ds3DriverAbsence);
        }

        return calls;
    }
}
