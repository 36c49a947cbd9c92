using DvdStore.Schema.Model;
using DvdStore.Schema.Sizing;
using DvdStore.Schema.Vocabulary;

namespace DvdStore.Loader.Generation;

/// <summary>
/// PRODUCTS (docs/ds3-compatibility.md, "Generated data"): category U(1,16); title = movie word (i/1000 mod 1000) + movie word (i mod 1000),
/// so titles are unique up to 1M products; actor = first + last name; price 9.99..29.99; special with
/// probability 1 % (≤ 100,000 products) else 0.01 %; common product U(1,N_prod); membership item U(0,3).
/// </summary>
public sealed class ProductRows(ulong seed, RowCounts counts)
    : IdRangeRows(seed, GeneratedTable.Products, StoreModel.Products, counts.Products)
{
    protected override IEnumerable<object?[]> Rows(SeededRandom random, long first, long last)
    {
        var specialOneIn = counts.Products <= 100_000 ? 100 : 10_000;
        for (var id = first; id <= last; id++)
        {
            var i = id - 1;
            var title = MovieWords.All[(int)(i / 1000 % 1000)] + " " + MovieWords.All[(int)(i % 1000)];
            var category = (short)random.Next(1, 16);
            var actor = ActorNames.FirstNames[random.Next(0, ActorNames.Count - 1)] + " " + ActorNames.LastNames[random.Next(0, ActorNames.Count - 1)];
            var price = random.Next(9, 29) + 0.99m;
            var special = (short)(random.Next(1, specialOneIn) == 1 ? 1 : 0);
            var common = (int)random.Next(1L, counts.Products);
            var membershipItem = (short)random.Next(0, 3);
            yield return [(int)id, category, title, actor, price, special, common, membershipItem];
        }
    }
}
