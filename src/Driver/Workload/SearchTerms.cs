using System.Globalization;
using System.Text;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Engines.Common;
using DvdStore.Schema.Vocabulary;

namespace DvdStore.Driver.Workload;

/// <summary>
/// The words the driver searches with (docs/ds3-compatibility.md, "An order", steps 3–4): title words, actors' first and last names. DS3's
/// driver has the generator's word lists compiled in; ours samples them from the store it runs on, so it searches a
/// store DS3 generated with DS3's words and ours with ours (the two vocabularies share only about 20 %). The sample is
/// bounded whatever the size: <see cref="SampleProducts"/> products by primary-key lookups (random PROD_IDs in
/// batches of <see cref="PerQuery"/>), never a scan. A title's words and an actor's names are split at spaces, as
/// they were joined, and searches then draw from them as DS3 draws from its lists.
/// </summary>
public sealed class SearchTerms
{
    /// <summary>Products read to learn the words: with 1,000 title words, each is missed with probability e^-5.</summary>
    public const int SampleProducts = 5_000;

    public const int PerQuery = 500;

    /// <summary>The rule of a sampled vocabulary, as the workload identity records it (the words vary with the store; the rule does not).</summary>
    public static readonly string SampledRule = string.Create(CultureInfo.InvariantCulture,
        $"sampled from the store: the space-separated words of TITLE and the first and last words of ACTOR of up to {SampleProducts} products");

    private SearchTerms(IReadOnlyList<string> titleWords, IReadOnlyList<string> firstNames, IReadOnlyList<string> lastNames, string origin, string rule)
    {
        TitleWords = titleWords;
        FirstNames = firstNames;
        LastNames = lastNames;
        Origin = origin;
        Rule = rule;
    }

    /// <summary>Our generator's lists (what the store holds when it is ours), used when no sample was taken.</summary>
    public static SearchTerms BuiltIn { get; } = new(MovieWords.All, ActorNames.FirstNames, ActorNames.LastNames, "the built-in word lists",
        string.Create(CultureInfo.InvariantCulture, $"the built-in word lists ({MovieWords.All.Count} title words, {ActorNames.FirstNames.Count} first and {ActorNames.LastNames.Count} last names)"));

    public IReadOnlyList<string> TitleWords { get; }

    public IReadOnlyList<string> FirstNames { get; }

    public IReadOnlyList<string> LastNames { get; }

    /// <summary>Where the words came from, for the run's banner.</summary>
    public string Origin { get; }

    /// <summary>How the words were chosen, the same for every store of one kind: part of the run's workload identity.</summary>
    public string Rule { get; }

    /// <summary>
    /// Samples the words of <paramref name="products"/> products' titles and actors (ids 1..products, drawn from
    /// <paramref name="seed"/>, so a replayed run searches the same words). Falls back to <see cref="BuiltIn"/> when the
    /// sample finds no product.
    /// </summary>
    public static async Task<SearchTerms> SampleAsync(StoreTarget target, long products, long seed, CancellationToken cancellationToken)
    {
        var ids = SampleIds(products, seed);
        var titleWords = new HashSet<string>(StringComparer.Ordinal);
        var firstNames = new HashSet<string>(StringComparer.Ordinal);
        var lastNames = new HashSet<string>(StringComparer.Ordinal);
        var read = 0;
        await using var connection = await target.OpenAsync(cancellationToken).ConfigureAwait(false);
        foreach (var chunk in ids.Chunk(PerQuery))
        {
            var sql = new StringBuilder("SELECT TITLE, ACTOR FROM PRODUCTS WHERE PROD_ID IN (");
            await using var command = connection.Command("");
            for (var i = 0; i < chunk.Length; i++)
            {
                var name = "p" + i.ToString(CultureInfo.InvariantCulture);
                sql.Append(i == 0 ? "" : ", ").Append(target.Engine.Parameter(name));
                command.Add(target.Engine.Parameter(name), chunk[i]);
            }

            command.CommandText = sql.Append(')').ToString();
            await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
            while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
            {
                read++;
                titleWords.UnionWith(Words(reader.IsDBNull(0) ? "" : reader.GetString(0)));
                var actor = Words(reader.IsDBNull(1) ? "" : reader.GetString(1));
                if (actor.Length >= 2)
                {
                    firstNames.Add(actor[0]);
                    lastNames.Add(actor[^1]);
                }
            }
        }

        if (titleWords.Count == 0 || firstNames.Count == 0)
        {
            return BuiltIn;
        }

        // Sorted: string hashing differs per process, and a replayed run must draw the same words.
        return new SearchTerms(Sorted(titleWords), Sorted(firstNames), Sorted(lastNames), string.Create(CultureInfo.InvariantCulture,
            $"the store ({read:N0} products sampled: {titleWords.Count:N0} title words, {firstNames.Count:N0} first and {lastNames.Count:N0} last names)"), SampledRule);
    }

    /// <summary>The product ids to read: every id of a small store, else distinct random ids.</summary>
    internal static long[] SampleIds(long products, long seed)
    {
        if (products <= SampleProducts)
        {
            return [.. Enumerable.Range(1, (int)Math.Max(0, products)).Select(i => (long)i)];
        }

        var random = new Random(unchecked((int)(seed ^ (seed >> 32))));
        var ids = new SortedSet<long>();
        while (ids.Count < SampleProducts)
        {
            ids.Add(random.NextInt64(1, products + 1));
        }

        return [.. ids];
    }

    private static string[] Words(string text) => text.Split(' ', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);

    private static string[] Sorted(HashSet<string> words) => [.. words.Order(StringComparer.Ordinal)];
}
