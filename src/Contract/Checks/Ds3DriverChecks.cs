namespace DvdStore.Contract.Checks;

/// <summary>
/// The store called the way DS3's own driver for the engine calls it (names, parameter names and types, reads and
/// casts: docs/ds3-compatibility.md, "How DS3's drivers call the store"), so a DS3 driver pointed at our store works. Not applicable where DS3 has no driver.
/// </summary>
internal static class Ds3DriverChecks
{
    public static async Task DS3_driver_LOGIN_returns_the_id_DS3_reads_and_0_for_an_unknown_user(FreshStore store, IDs3DriverCalls ds3, CancellationToken cancellationToken)
    {
        Expect.Equal(1, await ds3.LoginAsync("user1", ContractData.Password, cancellationToken));
        Expect.Equal(3, await ds3.LoginAsync("user3", ContractData.Password, cancellationToken));
        Expect.Equal(0, await ds3.LoginAsync("nosuchuser", ContractData.Password, cancellationToken));
    }

    public static async Task DS3_driver_NEW_CUSTOMER_returns_the_new_id_then_0_for_a_taken_name(FreshStore store, IDs3DriverCalls ds3, CancellationToken cancellationToken)
    {
        var id = await ds3.NewCustomerAsync("newuser1", cancellationToken);
        Expect.Equal(ContractData.Customers.Count + 1, id);
        Expect.Equal(0, await ds3.NewCustomerAsync("newuser1", cancellationToken));
        Expect.Equal(id, await ds3.LoginAsync("newuser1", ContractData.Password, cancellationToken));
    }

    public static async Task DS3_driver_NEW_MEMBER_returns_the_customer_id_then_0_for_a_member(FreshStore store, IDs3DriverCalls ds3, CancellationToken cancellationToken)
    {
        // Customer 1 is a member already.
        Expect.Equal(0, await ds3.NewMemberAsync(1, 2, cancellationToken));
        Expect.Equal(2, await ds3.NewMemberAsync(2, 3, cancellationToken));
        Expect.Equal(0, await ds3.NewMemberAsync(2, 1, cancellationToken));
    }

    public static async Task DS3_driver_BROWSE_BY_CATEGORY_rows_read_with_DS3s_getters(FreshStore store, IDs3DriverCalls ds3, CancellationToken cancellationToken)
    {
        // Category 1's specials are 1 and 3 (7's SPECIAL is NULL); category 16 has none.
        Expect.Equal([1, 3], (await ds3.BrowseAsync(Ds3Browse.Category, 9, "1", cancellationToken)).Order());
        _ = Expect.Single(await ds3.BrowseAsync(Ds3Browse.Category, 1, "1", cancellationToken));
        Expect.Empty(await ds3.BrowseAsync(Ds3Browse.Category, 9, "16", cancellationToken));
    }

    public static async Task DS3_driver_BROWSE_BY_ACTOR_rows_read_with_DS3s_getters(FreshStore store, IDs3DriverCalls ds3, CancellationToken cancellationToken)
    {
        // DS3's MySQL text matches any word of the name, its PostgreSQL function every word: both find product 1.
        Expect.Contains(1, await ds3.BrowseAsync(Ds3Browse.Actor, 9, "PENELOPE GUINESS", cancellationToken));
        _ = Expect.Single(await ds3.BrowseAsync(Ds3Browse.Actor, 1, "PENELOPE GUINESS", cancellationToken));
        Expect.Empty(await ds3.BrowseAsync(Ds3Browse.Actor, 9, "NOSUCHNAME NOWHERE", cancellationToken));
    }

    public static async Task DS3_driver_BROWSE_BY_TITLE_rows_read_with_DS3s_getters(FreshStore store, IDs3DriverCalls ds3, CancellationToken cancellationToken)
    {
        Expect.Contains(3, await ds3.BrowseAsync(Ds3Browse.Title, 9, "AFRICAN EGG", cancellationToken));
        Expect.Empty(await ds3.BrowseAsync(Ds3Browse.Title, 9, "NOSUCHWORD NOWHERE", cancellationToken));
    }

    public static async Task DS3_driver_GET_PROD_REVIEWS_rows_read_with_DS3s_getters(FreshStore store, IDs3DriverCalls ds3, CancellationToken cancellationToken)
    {
        // Product 1's rated reviews, most helpful first (review 4 has no ratings); product 3 has no reviews.
        Expect.Equal([2, 7, 1, 3], await ds3.GetProdReviewsAsync(Ds3ReviewOrder.Helpfulness, 10, 1, 0, cancellationToken));
        Expect.Empty(await ds3.GetProdReviewsAsync(Ds3ReviewOrder.Helpfulness, 10, 3, 0, cancellationToken));
    }

    public static async Task DS3_driver_GET_PROD_REVIEWS_BY_STARS_rows_read_with_DS3s_getters(FreshStore store, IDs3DriverCalls ds3, CancellationToken cancellationToken)
    {
        Expect.Equal([1, 3], await ds3.GetProdReviewsAsync(Ds3ReviewOrder.Stars, 10, 1, 5, cancellationToken));
        Expect.Empty(await ds3.GetProdReviewsAsync(Ds3ReviewOrder.Stars, 10, 1, 2, cancellationToken));
    }

    public static async Task DS3_driver_GET_PROD_REVIEWS_BY_DATE_rows_read_with_DS3s_getters(FreshStore store, IDs3DriverCalls ds3, CancellationToken cancellationToken)
    {
        // Reviews 3 and 7 share the newest date, so only the last two places are fixed.
        var reviews = await ds3.GetProdReviewsAsync(Ds3ReviewOrder.Date, 10, 1, 0, cancellationToken);
        Expect.Equal([1, 2, 3, 7], reviews.Order());
        Expect.Equal([2, 1], reviews.Skip(2));
    }

    public static async Task DS3_driver_GET_PROD_REVIEWS_BY_ACTOR_rows_read_with_DS3s_getters(FreshStore store, IDs3DriverCalls ds3, CancellationToken cancellationToken)
    {
        Expect.Equal([2, 7, 1, 5, 3], await ds3.SearchProdReviewsAsync(Ds3ReviewSearch.Actor, 10, "PENELOPE", cancellationToken));
        Expect.Empty(await ds3.SearchProdReviewsAsync(Ds3ReviewSearch.Actor, 10, "ACADEMY", cancellationToken));
    }

    public static async Task DS3_driver_GET_PROD_REVIEWS_BY_TITLE_rows_read_with_DS3s_getters(FreshStore store, IDs3DriverCalls ds3, CancellationToken cancellationToken)
    {
        Expect.Equal([2, 7, 1, 5, 3], await ds3.SearchProdReviewsAsync(Ds3ReviewSearch.Title, 10, "ACADEMY", cancellationToken));
        Expect.Empty(await ds3.SearchProdReviewsAsync(Ds3ReviewSearch.Title, 10, "PENELOPE", cancellationToken));
    }

    public static async Task DS3_driver_NEW_PROD_REVIEW_returns_the_new_review_id(FreshStore store, IDs3DriverCalls ds3, CancellationToken cancellationToken)
    {
        Expect.Equal(ContractData.Reviews.Count + 1, await ds3.NewProdReviewAsync(9, 4, 2, "ABCDEF GHIJ", "ABCD EFGH IJKL MNOP", cancellationToken));
        Expect.Equal(ContractData.Reviews.Count + 2, await ds3.NewProdReviewAsync(3, 1, 3, "KLMNOP", "QRST UVWX", cancellationToken));
    }

    public static async Task DS3_driver_NEW_REVIEW_HELPFULNESS_returns_the_new_rating_id(FreshStore store, IDs3DriverCalls ds3, CancellationToken cancellationToken)
    {
        Expect.Equal(ContractData.Helpfulness.Count + 1, await ds3.NewReviewHelpfulnessAsync(4, 1, 6, cancellationToken));
        Expect.Equal(ContractData.Helpfulness.Count + 2, await ds3.NewReviewHelpfulnessAsync(4, 2, 10, cancellationToken));
    }

    public static async Task DS3_driver_PURCHASE_returns_an_int_order_id_and_0_on_short_stock(FreshStore store, IDs3DriverCalls ds3, CancellationToken cancellationToken)
    {
        var order = await ds3.PurchaseAsync([(1, 2), (2, 1)], 1, cancellationToken);
        if (order is null)
        {
            store.Session.NotApplicable($"DS3's {store.Engine.DisplayName} driver purchases with SQL text of its own, no routine");
            return;
        }

        Expect.Equal(ContractData.Orders.Count + 1, order.Value);
        Expect.Equal(0, await ds3.PurchaseAsync([(8, ContractData.Stock(8) + 1), (3, 1)], 1, cancellationToken));
    }
}
