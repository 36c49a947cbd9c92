namespace DvdStore.Schema.Engines.Commands;

/// <summary>
/// A few store calls made exactly the way DS3's own driver for this engine makes them (ds3-interface.md): DS3's
/// routine names, parameter names, order and provider types, and DS3's reads and casts of what comes back. A store
/// that answers our driver but not these calls breaks a DS3 driver pointed at it.
/// </summary>
public interface IDs3DriverCalls
{
    /// <summary>LOGIN: the customer id as DS3 reads it (0 = not found).</summary>
    Task<int> LoginAsync(string username, string password, CancellationToken cancellationToken);

    /// <summary>NEW_CUSTOMER with DS3's generated values: the new id, or 0 when the user name is taken.</summary>
    Task<int> NewCustomerAsync(string username, CancellationToken cancellationToken);

    /// <summary>BROWSE_BY_TITLE: the product ids, every column read with DS3's getter.</summary>
    Task<IReadOnlyList<int>> BrowseByTitleAsync(int batchSize, string title, CancellationToken cancellationToken);

    /// <summary>
    /// PURCHASE priced as DS3 prices it: the order id, 0 on rollback; null when DS3's driver for this engine calls no
    /// PURCHASE routine (it purchases with SQL text of its own).
    /// </summary>
    Task<int?> PurchaseAsync(IReadOnlyList<(int ProdId, int Quantity)> cart, int customerId, CancellationToken cancellationToken);
}
