using DvdStore.Schema.Vocabulary;

namespace DvdStore.Tests.Schema.Plans;

/// <summary>
/// Every read routine gives the same output on SQLite, PostgreSQL and MariaDB for the same 10MB store (issue 20):
/// whatever plan an engine picks, the rows and their order are DS3's intent, decided once. The searches include
/// words whose matches exceed DS3's 500-pair cap (title words that start a thousand titles), where "which 500" used
/// to depend on the plan. BROWSE_BY_* return any batch of matching products (DS3 has no order there), so they are
/// compared as sets: every engine returns the same number, and all matches, asked for all, are the same rows.
/// </summary>
[Collection(PlanStoreCollection.Name)]
public sealed class RoutineResultsAcrossEnginesTests(PlanStores stores)
{
    private static readonly EngineKind[] Engines = [EngineKind.Sqlite, EngineKind.PostgreSql, EngineKind.MySql];

    // Actor last names (50 products each at 10MB, ~1,000 reviews: past the 500 cap) and title words: the first
    // words of titles match ~1,000 products, most others ~10 (under the cap).
    private static readonly string[] ActorWords = [.. ActorNames.LastNames.Take(6), "NOBODYATALL"];
    private static readonly string[] TitleWords = [.. MovieWords.All.Take(3), .. MovieWords.All.Skip(500).Take(3), "ZZZNOTAWORD"];
    private static readonly int[] Products = [1, 2, 777, 5_000, 9_999, 10_000];

    [SkippableFact]
    public async Task Review_searches_return_the_same_rows_in_the_same_order_on_every_engine()
    {
        await CompareAsync(async commands =>
        {
            var lines = new List<string>();
            foreach (var batch in new[] { 1, 10, 20 })
            {
                foreach (var word in ActorWords)
                {
                    lines.Add($"actor {word} {batch}: " + Show(await commands.GetProdReviewsByActorAsync(batch, word, None)));
                }

                foreach (var word in TitleWords)
                {
                    lines.Add($"title {word} {batch}: " + Show(await commands.GetProdReviewsByTitleAsync(batch, word, None)));
                }
            }

            return lines;
        });
    }

    [SkippableFact]
    public async Task Product_reviews_return_the_same_rows_in_the_same_order_on_every_engine()
    {
        await CompareAsync(async commands =>
        {
            var lines = new List<string>();
            foreach (var prod in Products)
            {
                foreach (var batch in new[] { 3, 10, 25 })
                {
                    lines.Add($"reviews {prod} {batch}: " + Show(await commands.GetProdReviewsAsync(batch, prod, None)));
                    lines.Add($"by date {prod} {batch}: " + Show(await commands.GetProdReviewsByDateAsync(batch, prod, None)));
                    for (var stars = 1; stars <= 5; stars++)
                    {
                        lines.Add($"by stars {prod} {stars} {batch}: " + Show(await commands.GetProdReviewsByStarsAsync(batch, prod, stars, None)));
                    }
                }
            }

            return lines;
        });
    }

    [SkippableFact]
    public async Task Login_and_browsing_return_the_same_products_on_every_engine()
    {
        await CompareAsync(async commands =>
        {
            var lines = new List<string>();
            foreach (var user in new[] { "user1", "user17", "user12345", "user20000", "nobody" })
            {
                var login = await commands.LoginAsync(user, "password", None);
                lines.Add($"login {user}: {login.CustomerId} " + string.Join(" | ", login.History));
            }

            for (var category = 1; category <= 16; category++)
            {
                lines.Add($"category {category}: " + await BrowseAsync((batch, ct) => commands.BrowseByCategoryAsync(batch, category, ct)));
            }

            foreach (var word in ActorWords)
            {
                lines.Add($"browse actor {word}: " + await BrowseAsync((batch, ct) => commands.BrowseByActorAsync(batch, word, ct)));
            }

            foreach (var word in TitleWords)
            {
                lines.Add($"browse title {word}: " + await BrowseAsync((batch, ct) => commands.BrowseByTitleAsync(batch, word, ct)));
            }

            var prices = await commands.GetPricesAsync(Products, None);
            lines.Add("prices: " + string.Join(", ", prices.OrderBy(p => p.Key).Select(p => $"{p.Key}={p.Value}")));
            return lines;
        });
    }

    /// <summary>A batch of 10 (its size) and every match (its rows, by PROD_ID): DS3 leaves which 10 open.</summary>
    private static async Task<string> BrowseAsync(Func<int, CancellationToken, Task<IReadOnlyList<ProductRow>>> browse)
    {
        var batch = await browse(10, None);
        var all = await browse(100_000, None);
        Assert.All(batch, row => Assert.Contains(row, all));
        return $"{batch.Count} of {all.Count}: " + string.Join(" | ", all.OrderBy(r => r.ProdId));
    }

    private async Task CompareAsync(Func<IStoreCommands, Task<List<string>>> run)
    {
        var outputs = new Dictionary<EngineKind, List<string>>();
        foreach (var kind in Engines)
        {
            var target = await stores.TargetAsync(kind);
            await using var connection = await target.OpenAsync(None);
            await using var commands = target.Engine.CreateStoreCommands(connection);
            outputs[kind] = await run(commands);
        }

        var reference = outputs[EngineKind.Sqlite];
        Assert.Contains(reference, line => !line.EndsWith(": ", StringComparison.Ordinal));
        foreach (var kind in Engines.Skip(1))
        {
            for (var i = 0; i < reference.Count; i++)
            {
                Assert.True(reference[i] == outputs[kind][i], $"{kind} differs from SQLite:\n  SQLite: {reference[i]}\n  {kind}: {outputs[kind][i]}");
            }
        }
    }

    private static string Show<T>(IReadOnlyList<T> rows) => string.Join(" | ", rows);
}
