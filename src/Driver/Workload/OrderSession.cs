namespace DvdStore.Driver.Workload;

/// <summary>
/// One DS3 order (docs/ds3-compatibility.md, "An order"): login or registration, optional membership, searches, review searches and
/// fetches, optional review and rating, purchase. One user_type draw per order is tested against all four
/// percentages, so the optional steps nest exactly as in DS3. The order's response time is the sum of
/// its counted calls, each counted once (DS3 counted the review-browse phase twice — fixed).
/// </summary>
public static class OrderSession
{
    /// <summary>Runs one order; returns true when its purchase rolled back.</summary>
    public static async ValueTask<bool> RunAsync(OrderContext order, CancellationToken cancellationToken)
    {
        var settings = order.Settings;
        order.OrderTicks = 0;
        var userType = order.Random.NextDouble();

        var customerId = userType >= settings.PctNewCustomers / 100
            ? await Login.RunAsync(order, cancellationToken).ConfigureAwait(false)
            : await NewCustomer.RunAsync(order, cancellationToken).ConfigureAwait(false);

        if (!settings.Ds2Mode && userType <= settings.PctNewMember / 100)
        {
            await NewMember.RunAsync(order, cancellationToken).ConfigureAwait(false);
        }

        await Browse.RunAsync(order, cancellationToken).ConfigureAwait(false);

        if (!settings.Ds2Mode)
        {
            await BrowseReviews.RunAsync(order, cancellationToken).ConfigureAwait(false);
            var stars = order.Random.Between(1, 5);
            await GetReviews.RunAsync(order, stars, cancellationToken).ConfigureAwait(false);
            if (userType <= settings.PctNewReviews / 100)
            {
                await NewReview.RunAsync(order, customerId, cancellationToken).ConfigureAwait(false);
            }

            if (userType <= settings.PctNewHelpfulness / 100)
            {
                await NewHelpfulness.RunAsync(order, customerId, cancellationToken).ConfigureAwait(false);
            }
        }

        var rolledBack = await Purchase.RunAsync(order, customerId, cancellationToken).ConfigureAwait(false);
        order.Sink.RecordOrder(order.OrderTicks, rolledBack);
        order.EndPurchase();
        return rolledBack;
    }

    /// <summary>Think time after an order: U(0, 2·floor(1000·think) − 1) ms, 0 when think time is 0.</summary>
    public static int ThinkTimeMs(UserRandom random, double thinkTimeSeconds)
    {
        var mean = (int)Math.Floor(1000 * thinkTimeSeconds);
        return mean <= 0 ? 0 : random.Between(0, (2 * mean) - 1);
    }
}
