namespace DvdStore.Loader.Generation;

/// <summary>Tags that keep each table's random streams apart; the numbers are part of every seed and never change.</summary>
public enum GeneratedTable
{
    Customers = 1,
    Orders = 2,
    Products = 3,
    Inventory = 4,
    Reviews = 5,
    Helpfulness = 6,
    Membership = 7,
}
