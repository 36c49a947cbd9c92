using System.Globalization;
using DvdStore.Schema.Model;
using DvdStore.Schema.Sizing;

namespace DvdStore.Loader.Generation;

/// <summary>
/// CUSTOMERS (docs/ds3-compatibility.md, "Generated data"): ids 1..N/2 in the US (region 1), the rest in ten other countries (region 2);
/// random letter names, 10-digit phone, card type 1–5, 16-digit card, expiry 2015–2019, age 18–90, income
/// 20,000×U(1,5), user name "user&lt;id&gt;", password "password". DS3's empty first names (its buffer bug) are not copied.
/// </summary>
public sealed class CustomerRows(ulong seed, RowCounts counts)
    : IdRangeRows(seed, GeneratedTable.Customers, StoreModel.Customers, counts.Customers)
{
    private static readonly string[] States =
    [
        "AK", "AL", "AR", "AZ", "CA", "CO", "CT", "DC", "DE", "FL", "GA", "HI", "IA", "ID", "IL", "IN", "KS", "KY", "LA",
        "MA", "MD", "ME", "MI", "MN", "MO", "MS", "MT", "NC", "ND", "NE", "NH", "NJ", "NM", "NV", "NY", "OH", "OK", "OR",
        "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VA", "VT", "WA", "WI", "WV", "WY",
    ];

    private static readonly string[] Countries =
        ["Australia", "Canada", "Chile", "China", "France", "Germany", "Japan", "Russia", "South Africa", "UK"];

    protected override IEnumerable<object?[]> Rows(SeededRandom random, long first, long last)
    {
        for (var id = first; id <= last; id++)
        {
            yield return Row(ref random, id);
        }
    }

    private object?[] Row(ref SeededRandom random, long id)
    {
        var firstName = Letters(ref random, 6);
        var lastName = Letters(ref random, 10);
        var city = Letters(ref random, 7);
        var us = id <= counts.UsCustomers;
        string? state = null;
        string zip;
        string country;
        if (us)
        {
            state = States[random.Next(0, States.Length - 1)];
            zip = random.Next(10_000, 99_999).ToString(CultureInfo.InvariantCulture);
            country = "US";
        }
        else
        {
            country = Countries[random.Next(0, Countries.Length - 1)];
            zip = "00000";
        }

        var phone = random.Next(1_000_000_000L, 9_999_999_999L).ToString(CultureInfo.InvariantCulture);
        var cardType = random.Next(1, 5);
        var card = random.Next(1_000_000_000_000_000L, 9_999_999_999_999_999L).ToString(CultureInfo.InvariantCulture);
        var expiry = string.Create(CultureInfo.InvariantCulture, $"{2014 + random.Next(1, 5)}/{random.Next(1, 12):D2}");
        var age = (short)random.Next(18, 90);
        var income = 20_000 * random.Next(1, 5);
        var gender = random.Next(0, 1) == 1 ? "M" : "F";
        var idText = id.ToString(CultureInfo.InvariantCulture);
        return
        [
            id, firstName, lastName, phone + " Dell Way", null, city, state, zip, country, (short)(us ? 1 : 2),
            lastName + "@dell.com", phone, cardType, card, expiry, "user" + idText, "password", age, income, gender,
        ];
    }

    private static string Letters(ref SeededRandom random, int length)
    {
        Span<char> letters = stackalloc char[length];
        for (var i = 0; i < length; i++)
        {
            letters[i] = (char)('A' + random.Next(0, 25));
        }

        return new string(letters);
    }
}
