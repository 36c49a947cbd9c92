using System.Globalization;
using DvdStore.Schema.Engines.Commands;

namespace DvdStore.Driver.Workload;

/// <summary>
/// A new customer registers (docs/ds3-compatibility.md, "An order", step 1): one random profile, then "newuser" + U(1, N_cust)
/// until a free name is found. Only the successful attempt's time counts, as in DS3.
/// </summary>
public static class NewCustomer
{
    /// <summary>Bound on name collisions (DS3 retries forever; the name space fills up on long runs).</summary>
    public const int MaxAttempts = 1000;

    private static readonly string[] Countries = ["Australia", "Canada", "Chile", "China", "France", "Germany", "Japan", "Russia", "South Africa", "UK"];

    /// <summary>DS3's 51 codes; it draws from the first 50 only, so "WY" is never chosen (kept).</summary>
    private static readonly string[] States =
    [
        "AK", "AL", "AR", "AZ", "CA", "CO", "CT", "DC", "DE", "FL", "GA", "HI", "IA", "ID", "IL", "IN", "KS", "KY", "LA", "MA",
        "MD", "ME", "MI", "MN", "MO", "MS", "MT", "NC", "ND", "NE", "NH", "NJ", "NM", "NV", "NY", "OH", "OK", "OR", "PA", "RI",
        "SC", "SD", "TN", "TX", "UT", "VA", "VT", "WA", "WI", "WV", "WY",
    ];

    public static async ValueTask<long> RunAsync(OrderContext order, CancellationToken cancellationToken)
    {
        var profile = Profile(order.Random);
        for (var attempt = 0; attempt < MaxAttempts; attempt++)
        {
            var request = profile with { Username = "newuser" + order.Random.Between(1L, order.Settings.Customers).ToString(CultureInfo.InvariantCulture) };
            var result = await order.Calls.CallAsync(
                TransactionKind.NewCustomer,
                (store, ct) => store.NewCustomerAsync(request, ct),
                cancellationToken).ConfigureAwait(false);
            if (result.Value != 0)
            {
                order.Count(TransactionKind.NewCustomer, result.Ticks);
                return result.Value;
            }
        }

        throw new OrderFailedException(TransactionKind.NewCustomer, $"no free new-customer name after {MaxAttempts} tries (all newuser1..newuser{order.Settings.Customers} taken); reload the store.");
    }

    /// <summary>DS3's new-customer profile: random capitals for names and city, US or elsewhere 50/50.</summary>
    internal static NewCustomerRequest Profile(UserRandom random)
    {
        var first = Letters(random, 6);
        var last = Letters(random, 10);
        var city = Letters(random, 7);
        var us = random.Between(0, 1) == 0;
        var country = us ? "US" : random.Pick(Countries);
        var state = us ? States[random.Between(0, States.Length - 2)] : "";
        var zip = random.Between(0, 99_999).ToString(CultureInfo.InvariantCulture);
        var phone = random.Between(100, 999).ToString(CultureInfo.InvariantCulture) + random.Between(0, 9_999_999).ToString(CultureInfo.InvariantCulture);
        var cardType = random.Between(1, 5);
        var card = random.Between(10_000_000, 99_999_999).ToString(CultureInfo.InvariantCulture) + random.Between(10_000_000, 99_999_999).ToString(CultureInfo.InvariantCulture);
        var month = random.Between(1, 12);
        var year = 2008 + random.Between(0, 4);
        var age = random.Between(18, 99);
        var income = 20_000 * random.Between(1, 5);
        var gender = random.Between(0, 1) == 0 ? "M" : "F";
        return new NewCustomerRequest(
            first, last, phone + " Dell Way", "", city, state, zip, country, us ? 1 : 2, last + "@dell.com", phone,
            cardType, card, string.Create(CultureInfo.InvariantCulture, $"{year}/{month:00}"), "", Login.Password, age, income, gender);
    }

    private static string Letters(UserRandom random, int length) =>
        string.Create(length, random, static (span, r) =>
        {
            for (var i = 0; i < span.Length; i++)
            {
                span[i] = (char)r.Between('A', 'Z');
            }
        });
}
