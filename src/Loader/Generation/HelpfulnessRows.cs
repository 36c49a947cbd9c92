using DvdStore.Schema.Model;
using DvdStore.Schema.Sizing;

namespace DvdStore.Loader.Generation;

/// <summary>
/// REVIEWS_HELPFULNESS (docs/ds3-compatibility.md, "Generated data"): U(3,40) − 1 ratings per review, HELPFULNESS U(1,10), ids a running
/// counter over the reviews in order. Deviation: the rater is a random customer, not the review's own author
/// (DS3's quirk). The per-review counts come from their own stream, so the id offset of every chunk
/// is known from a cheap pass that draws only the counts.
/// </summary>
public sealed class HelpfulnessRows : IRowSource
{
    private const int CountStream = 1, RatingStream = 2;
    private static readonly object[] BoxedRatings = [.. Enumerable.Range(0, 11).Select(r => (object)(short)r)];
    private readonly ulong _seed;
    private readonly RowCounts _counts;
    private readonly long[] _firstId;

    public HelpfulnessRows(ulong seed, RowCounts counts)
    {
        _seed = seed;
        _counts = counts;
        var chunks = IdChunks.Count(counts.Reviews);
        _firstId = new long[chunks + 1];
        _firstId[0] = 1;
        for (long chunk = 0; chunk < chunks; chunk++)
        {
            var (first, last) = IdChunks.Ids(chunk, counts.Reviews);
            var random = SeededRandom.For(seed, GeneratedTable.Helpfulness, chunk, CountStream);
            long rows = 0;
            for (var review = first; review <= last; review++)
            {
                rows += random.Next(3, 40) - 1;
            }

            _firstId[chunk + 1] = _firstId[chunk] + rows;
        }
    }

    public TableSpec Table => StoreModel.ReviewsHelpfulness;

    public long ChunkCount => _firstId.Length - 1;

    /// <summary>Exact: the counts are drawn up front.</summary>
    public long ExpectedRows => _firstId[^1] - 1;

    /// <summary>Chunk i rates reviews i × size + 1 .. (i + 1) × size.</summary>
    public ChunkKey? ChunkKey => new("REVIEW_ID", IdChunks.Size);

    public IEnumerable<object?[]> Chunk(long index)
    {
        var counts = SeededRandom.For(_seed, GeneratedTable.Helpfulness, index, CountStream);
        var ratings = SeededRandom.For(_seed, GeneratedTable.Helpfulness, index, RatingStream);
        var id = _firstId[index];
        var (first, last) = IdChunks.Ids(index, _counts.Reviews);
        for (var review = first; review <= last; review++)
        {
            var n = counts.Next(3, 40) - 1;
            // One box for the review id shared by its ~20 rows, and the ten ratings boxed once: this is the
            // biggest table by far, and boxes are immutable, so sharing them changes no value.
            object reviewId = review;
            for (var j = 0; j < n; j++)
            {
                var rater = ratings.Next(1L, _counts.Customers);
                var helpfulness = ratings.Next(1, 10);
                yield return [id++, reviewId, rater, BoxedRatings[helpfulness]];
            }
        }
    }
}
