namespace DvdStore.Schema.Engines.Commands;

/// <summary>One cart line.</summary>
public readonly record struct CartItem(int ProdId, int Quantity);

/// <summary>PURCHASE's parameters. At most <see cref="MaxItems"/> items, as DS3's procedure interface allows.</summary>
public sealed record PurchaseRequest(long CustomerId, decimal NetAmount, decimal Tax, decimal TotalAmount, IReadOnlyList<CartItem> Items)
{
    public const int MaxItems = 10;
}
