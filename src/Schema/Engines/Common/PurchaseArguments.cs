namespace DvdStore.Schema.Engines.Common;

/// <summary>The check every engine's PURCHASE makes before calling the server: DS3's interface has ten item slots.</summary>
public static class PurchaseArguments
{
    public static void ThrowIfTooManyItems(PurchaseRequest purchase)
    {
        ArgumentNullException.ThrowIfNull(purchase);
        if (purchase.Items.Count > PurchaseRequest.MaxItems)
        {
            throw new ArgumentException($"a purchase has at most {PurchaseRequest.MaxItems} items; got {purchase.Items.Count}.", nameof(purchase));
        }
    }
}
