using System.Data.Common;
using System.Diagnostics;
using System.Globalization;
using DvdStore.Driver.Workload;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Engines.Commands;
using DvdStore.Schema.Engines.Common;

// Cost per call of every read routine of DS3's order mix (a benchmark, not a test; issue 20): CALLS calls per routine
// with the driver's kind of arguments (the same seeded draws for every store: products and customers uniform over
// the store's own, search words from the generator's lists as the driver draws them, batch 10), through the engine's
// store commands as the driver calls them, one connection, after one untimed pass with the same arguments.
// Targets are timed in turn, ROUNDS times, the order alternated each round. Prints one tab-separated line per round,
// target and routine: round, label, routine, ms per call, rows per call, load average (scripts/bench-routines.sh).
// usage: <calls> <rounds> <label> <engine> <connection> [<label> <engine> <connection> ...]
if (args.Length < 5 || (args.Length - 2) % 3 != 0)
{
    Console.Error.WriteLine("usage: <calls> <rounds> <label> <engine> <connection> [<label> <engine> <connection> ...]");
    return 2;
}

var calls = int.Parse(args[0], CultureInfo.InvariantCulture);
var rounds = int.Parse(args[1], CultureInfo.InvariantCulture);
var targets = args.Skip(2).Chunk(3).Select(t => (Label: t[0], Target: StoreTarget.From(t[1], t[2]))).ToList();
const int Batch = 10;
var terms = SearchTerms.BuiltIn;

for (var round = 1; round <= rounds; round++)
{
    foreach (var (label, target) in round % 2 == 1 ? targets : Enumerable.Reverse(targets))
    {
        await using var connection = await target.OpenAsync(CancellationToken.None);
        var products = await MaxAsync(connection, "SELECT MAX(PROD_ID) FROM PRODUCTS");
        var customers = await MaxAsync(connection, "SELECT MAX(CUSTOMERID) FROM CUSTOMERS");
        await using var store = target.Engine.CreateStoreCommands(connection);
        foreach (var (routine, call) in Routines(products, customers))
        {
            await RunAsync(store, call, timed: false);
            var (ms, rows) = await RunAsync(store, call, timed: true);
            Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"{round}\t{label}\t{routine}\t{ms / calls:F2}\t{(double)rows / calls:F1}\t{File.ReadAllText("/proc/loadavg").Split(' ')[0]}"));
        }
    }
}

return 0;

async Task<(double Ms, long Rows)> RunAsync(IStoreCommands store, Func<IStoreCommands, int, Task<int>> call, bool timed)
{
    long rows = 0;
    var clock = Stopwatch.StartNew();
    for (var i = 0; i < calls; i++)
    {
        rows += await call(store, i);
    }

    return (timed ? clock.Elapsed.TotalMilliseconds : 0, rows);
}

// The i-th call's arguments depend only on the routine, i and the store's ranges: every store and engine gets the same.
IEnumerable<(string, Func<IStoreCommands, int, Task<int>>)> Routines(long products, long customers)
{
    var none = CancellationToken.None;
    int Product(int i) => (int)(Draw("product", i) % (ulong)products) + 1;
    string Word(IReadOnlyList<string> list, string what, int i) => list[(int)(Draw(what, i) % (ulong)list.Count)];
    yield return ("LOGIN", async (s, i) => (await s.LoginAsync($"user{Draw("customer", i) % (ulong)customers + 1}", "password", none)).History.Count + 1);
    yield return ("BROWSE_BY_CATEGORY", async (s, i) => (await s.BrowseByCategoryAsync(Batch, (int)(Draw("category", i) % 16) + 1, none)).Count);
    yield return ("BROWSE_BY_ACTOR", async (s, i) => (await s.BrowseByActorAsync(Batch, Word(terms.FirstNames, "first", i) + " " + Word(terms.LastNames, "last", i), none)).Count);
    yield return ("BROWSE_BY_TITLE", async (s, i) => (await s.BrowseByTitleAsync(Batch, Word(terms.TitleWords, "title1", i) + " " + Word(terms.TitleWords, "title2", i), none)).Count);
    yield return ("GET_PROD_REVIEWS", async (s, i) => (await s.GetProdReviewsAsync(Batch, Product(i), none)).Count);
    yield return ("GET_PROD_REVIEWS_BY_STARS", async (s, i) => (await s.GetProdReviewsByStarsAsync(Batch, Product(i), (int)(Draw("stars", i) % 5) + 1, none)).Count);
    yield return ("GET_PROD_REVIEWS_BY_DATE", async (s, i) => (await s.GetProdReviewsByDateAsync(Batch, Product(i), none)).Count);
    yield return ("GET_PROD_REVIEWS_BY_ACTOR", async (s, i) => (await s.GetProdReviewsByActorAsync(Batch, Word(terms.LastNames, "last", i), none)).Count);
    yield return ("GET_PROD_REVIEWS_BY_TITLE", async (s, i) => (await s.GetProdReviewsByTitleAsync(Batch, Word(terms.TitleWords, "title2", i), none)).Count);
}

static async Task<long> MaxAsync(DbConnection connection, string sql)
{
    await using var command = connection.Command(sql);
    return Convert.ToInt64(await command.ExecuteScalarAsync(), CultureInfo.InvariantCulture);
}

// A fixed pseudo-random draw per (what, i): SplitMix64 of a stable hash, the same in every process.
static ulong Draw(string what, int i)
{
    var x = (ulong)i * 0x9E3779B97F4A7C15UL;
    foreach (var c in what)
    {
        x = (x ^ c) * 0x100000001B3UL;
    }

    x ^= x >> 30;
    x *= 0xBF58476D1CE4E5B9UL;
    x ^= x >> 27;
    x *= 0x94D049BB133111EBUL;
    return x ^ (x >> 31);
}
