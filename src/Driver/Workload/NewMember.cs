namespace DvdStore.Driver.Workload;

/// <summary>
/// A premium membership is added (docs/ds3-compatibility.md, "An order", step 2): a random customer (not the logged-in one, as in
/// DS3) at level U(1,3), retried with another customer while the one drawn is already a member.
/// </summary>
public static class NewMember
{
    /// <summary>Bound on "already a member" answers (DS3 retries forever).</summary>
    public const int MaxAttempts = 1000;

    public static async ValueTask RunAsync(OrderContext order, CancellationToken cancellationToken)
    {
        for (var attempt = 0; attempt < MaxAttempts; attempt++)
        {
            var customer = order.Random.Between(1L, order.Settings.Customers);
            var level = order.Random.Between(1, 3);
            var result = await order.Calls.CallAsync(
                TransactionKind.NewMember,
                (store, ct) => store.NewMemberAsync(customer, level, ct),
                cancellationToken).ConfigureAwait(false);
            if (result.Value != 0)
            {
                order.Count(TransactionKind.NewMember, result.Ticks);
                return;
            }
        }

        throw new OrderFailedException(TransactionKind.NewMember, $"no non-member customer found in {MaxAttempts} tries; the store's memberships are saturated, reload it.");
    }
}
