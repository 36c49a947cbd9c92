using System.Text;
using DvdStore.Schema.Model;
using DvdStore.Schema.Sizing;
using DvdStore.Schema.Vocabulary;

namespace DvdStore.Loader.Generation;

/// <summary>
/// REVIEWS (docs/ds3-compatibility.md, "Generated data"): 20 per product on average, product U(1,N_prod), a 2013 date, stars U(1,5), author
/// U(1,N_cust), a 3-word summary and a text of 6–129 words from <see cref="ReviewWords"/> (single spaces, no
/// trailing space; always under 1,000 characters).
/// </summary>
public sealed class ReviewRows(ulong seed, RowCounts counts)
    : IdRangeRows(seed, GeneratedTable.Reviews, StoreModel.Reviews, counts.Reviews)
{
    protected override IEnumerable<object?[]> Rows(SeededRandom random, long first, long last)
    {
        var text = new StringBuilder(1000);
        for (var id = first; id <= last; id++)
        {
            var product = (int)random.Next(1L, counts.Products);
            var date = Calendar2013.RandomDay(ref random);
            var stars = (short)random.Next(1, 5);
            var author = random.Next(1L, counts.Customers);
            text.Clear();
            AppendWords(ref random, text, 3);
            var summary = text.ToString();
            text.Clear();
            AppendWords(ref random, text, random.Next(7, 130) - 1);
            yield return [id, product, date, stars, author, summary, text.ToString()];
        }
    }

    private static void AppendWords(ref SeededRandom random, StringBuilder text, int words)
    {
        for (var w = 0; w < words; w++)
        {
            if (w > 0)
            {
                text.Append(' ');
            }

            text.Append(ReviewWords.All[random.Next(0, ReviewWords.Count - 1)]);
        }
    }
}
