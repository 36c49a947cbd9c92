using DvdStore.Driver.Metrics;
using DvdStore.Driver.Workload;

namespace DvdStore.Tests.Driver;

public sealed class WorkloadTests
{
    private static readonly WorkloadSettings Mix = new() { Customers = 20_000, Products = 10_000 };

    [Fact]
    public async Task One_draw_per_order_nests_the_optional_steps_as_ds3_does()
    {
        var orders = await RunOrdersAsync(Mix, 4_000);

        var counts = new Dictionary<string, int>();
        foreach (var calls in orders)
        {
            // With 20/1/5/10 every member-adding order is a new customer that also reviews and rates;
            // every reviewer rates and is new.
            if (calls.Contains("NewMember"))
            {
                Assert.Contains("NewReview", calls);
            }

            if (calls.Contains("NewReview"))
            {
                Assert.Contains("NewHelpfulness", calls);
            }

            if (calls.Contains("NewHelpfulness"))
            {
                Assert.Contains("NewCustomer", calls);
            }

            Assert.Equal(1, calls.Count(static c => c is "Login" or "NewCustomer"));
            Assert.Equal("Purchase", calls[^1]);
            var browses = calls.Count(static c => c == "Browse");
            Assert.InRange(browses, 1, 5);
            Assert.InRange(calls.Count(static c => c == "BrowseReviews"), 1, 5);
            Assert.InRange(calls.Count(static c => c == "GetReviews"), 1, 5);
            foreach (var call in calls.Distinct())
            {
                counts[call] = counts.GetValueOrDefault(call) + 1;
            }
        }

        // Marginal rates as configured (fixed seed, generous bounds).
        Assert.InRange(counts["NewCustomer"] / 4_000.0, 0.17, 0.23);
        Assert.InRange(counts["NewHelpfulness"] / 4_000.0, 0.08, 0.12);
        Assert.InRange(counts["NewReview"] / 4_000.0, 0.035, 0.065);
    }

    [Fact]
    public async Task Counts_have_ds3s_means_and_carts_hold_at_most_ten_items()
    {
        var store = new RecordingStore();
        var context = new OrderContext(Mix with { LineItems = 8 }, new WeightedProducts(Mix.Products), new UserRandom(1, 1), store, new MetricsShard(0));
        for (var i = 0; i < 2_000; i++)
        {
            await OrderSession.RunAsync(context, CancellationToken.None);
        }

        Assert.InRange(store.BatchSizes.Average(), 4.7, 5.3);
        Assert.InRange(store.BatchSizes.Min(), 1, 1);
        Assert.InRange(store.BatchSizes.Max(), 9, 9);
        Assert.InRange(store.Purchases.Max(static p => p.Items.Count), 10, 10);
        Assert.All(store.Purchases, static p => Assert.Equal(p.NetAmount + p.Tax, p.TotalAmount));
        Assert.All(store.Purchases, static p => Assert.Equal(p.Items.Sum(static i => i.Quantity) * 10m, p.NetAmount));
    }

    [Fact]
    public async Task Ds2_mode_skips_membership_and_the_review_steps()
    {
        var orders = await RunOrdersAsync(Mix with { Ds2Mode = true, PctNewMember = 100, PctNewReviews = 100, PctNewHelpfulness = 100 }, 200);

        Assert.All(orders, static calls => Assert.DoesNotContain(calls, static c => c is "NewMember" or "BrowseReviews" or "GetReviews" or "NewReview" or "NewHelpfulness"));
    }

    [Fact]
    public void The_weighted_product_array_repeats_every_ten_thousandth_product_ten_times()
    {
        var products = new WeightedProducts(30_000);
        var slots = Enumerable.Range(0, (int)products.Slots).Select(s => products.At(s)).ToList();

        Assert.Equal(30_000 + (3 * 9), products.Slots);
        Assert.Equal(10, slots.Count(static p => p == 10_000));
        Assert.Equal(10, slots.Count(static p => p == 30_000));
        Assert.Equal(1, slots.Count(static p => p == 9_999));
        Assert.Equal(1, slots.Count(static p => p == 10_001));
        Assert.Equal(30_000, slots.Distinct().Count());
    }

    [Fact]
    public void The_same_seed_replays_the_same_draws_and_users_differ()
    {
        var a = new UserRandom(5, 1);
        var b = new UserRandom(5, 1);
        var c = new UserRandom(5, 2);
        var first = Enumerable.Range(0, 20).Select(_ => a.Between(1, 1_000_000)).ToList();

        Assert.Equal(first, Enumerable.Range(0, 20).Select(_ => b.Between(1, 1_000_000)));
        Assert.NotEqual(first, Enumerable.Range(0, 20).Select(_ => c.Between(1, 1_000_000)));
    }

    private static async Task<List<List<string>>> RunOrdersAsync(WorkloadSettings settings, int count)
    {
        var store = new RecordingStore();
        var context = new OrderContext(settings, new WeightedProducts(settings.Products), new UserRandom(7, 3), store, new MetricsShard(0));
        var orders = new List<List<string>>();
        for (var i = 0; i < count; i++)
        {
            store.Calls.Clear();
            await OrderSession.RunAsync(context, CancellationToken.None);
            orders.Add([.. store.Calls]);
        }

        return orders;
    }
}
