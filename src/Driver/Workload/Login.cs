namespace DvdStore.Driver.Workload;

/// <summary>A returning customer logs in: "user" + U(1, N_cust), password "password" (docs/ds3-compatibility.md, "An order", step 1).</summary>
public static class Login
{
    public const string Password = "password";

    public static async ValueTask<long> RunAsync(OrderContext order, CancellationToken cancellationToken)
    {
        var username = "user" + order.Random.Between(1L, order.Settings.Customers).ToString(System.Globalization.CultureInfo.InvariantCulture);
        var result = await order.Calls.CallAsync(
            TransactionKind.Login,
            (store, ct) => store.LoginAsync(username, Password, ct),
            cancellationToken).ConfigureAwait(false);
        if (!result.Value.Found)
        {
            throw new StoreMismatchException($"customer {username} does not exist: the store is smaller than --size implies; give the size the store was loaded with.");
        }

        order.Count(TransactionKind.Login, result.Ticks);
        return result.Value.CustomerId;
    }
}
