using MySqlConnector;

namespace DvdStore.Tests.Schema.MySql;

/// <summary>
/// A small hand-made store, built the way the loader builds one (<see cref="IEngine.BulkLoadFinisher"/>): tables, bulk
/// load, each table's indexes, foreign keys, Programmability. The rows are chosen so each procedure has a known answer
/// (see the comments on each product).
/// </summary>
public class MySqlStoreFixture : MySqlTestDatabase
{
    public const string HostileTitle = "O'BRIEN 100% _X_ \\ +PLUS -MINUS \"Q\"";

    public static readonly DateTime Loaded = new(2013, 1, 5);

    protected override async Task PrepareAsync(MySqlConnection connection)
    {
        var finisher = Engine.BulkLoadFinisher;
        TableSpec[] loaded = [.. StoreModel.Tables.Except([StoreModel.Categories, StoreModel.Reorder, StoreModel.StoreInfo, StoreModel.InventoryBaseline])];
        await finisher.CreateTablesAsync(connection, loaded, CancellationToken.None);
        await LoadAsync(connection, StoreModel.Customers,
        [
            Customer(1, "user1"), Customer(2, "user2"), Customer(3, "user3"), Customer(4, "user4"),
        ]);
        await LoadAsync(connection, StoreModel.Products,
        [
            Product(1, 1, "ACADEMY ACADEMY", "PENELOPE GUINESS", special: 1, common: 2),
            Product(2, 1, "ACADEMY ACE", "PENELOPE WAHLBERG", special: 0, common: 1),
            // Stopwords of the default InnoDB list, and a two-letter actor name (below the minimum token size).
            Product(3, 2, "THE ABOUT", "ED CHASE", special: 1, common: 1),
            Product(4, 2, "ACE GOLDFINGER", "NICK WAHLBERG", special: 0, common: 1),
            Product(5, 3, "CAFÉ ÉCLAIR", "JOSÉ NUÑEZ", special: 0, common: 1),
            Product(6, 3, HostileTitle, "WEIRD ACTOR", special: 0, common: 1),
            // 7..12: purchase tests, one product set per test so their order does not matter.
            Product(7, 4, "BOUNCE ONE", "STOCK TWO", special: 0, common: 1),
            Product(8, 4, "SHORT ONE", "STOCK ONE", special: 0, common: 1),
            Product(9, 4, "PLENTY ONE", "STOCK FIFTY", special: 0, common: 1),
            Product(10, 4, "PLENTY TWO", "STOCK FIFTY", special: 0, common: 1),
            Product(11, 4, "BOUNCE TWO", "STOCK FIVE", special: 0, common: 1),
            Product(12, 4, "UNTOUCHED", "STOCK FIFTY", special: 0, common: 1),
            Product(13, 4, "RACE", "STOCK HUNDRED", special: 0, common: 1),
        ]);
        int[] stock = [100, 100, 100, 100, 100, 100, 2, 1, 50, 50, 5, 50, 1000];
        await LoadAsync(connection, StoreModel.Inventory, stock.Select((q, i) => new object?[] { i + 1, q, 0 }).ToArray());
        await LoadAsync(connection, StoreModel.Orders, [[1L, Loaded, 1L, 10.00m, 0.83m, 10.83m]]);
        await LoadAsync(connection, StoreModel.OrderLines, [[(short)1, 1L, 1, (short)1, Loaded], [(short)2, 1L, 3, (short)2, Loaded]]);
        await LoadAsync(connection, StoreModel.CustHist, [[1L, 1L, 1], [1L, 1L, 3]]);
        await LoadAsync(connection, StoreModel.Membership, [[2L, 1, Loaded]]);
        await LoadAsync(connection, StoreModel.Reviews,
        [
            Review(1, 1, new DateTime(2013, 3, 1), 5, 2),
            Review(2, 1, new DateTime(2013, 1, 1), 3, 3),
            Review(3, 1, new DateTime(2013, 6, 1), 5, 4), // no ratings: never returned
            Review(4, 3, new DateTime(2013, 2, 1), 4, 2),
        ]);
        await LoadAsync(connection, StoreModel.ReviewsHelpfulness,
        [
            [1L, 1L, 2L, (short)5], [2L, 1L, 2L, (short)1], [3L, 2L, 3L, (short)10], [4L, 4L, 2L, (short)2],
        ]);
        // Each finish on a session of its own, as the loader runs them: no session setting carries over.
        foreach (var table in loaded)
        {
            await using var session = await OpenSessionAsync(connection);
            await finisher.FinishTableAsync(session, table, soleStream: true, sessions: 1, serverCpus: 1, CancellationToken.None);
        }

        foreach (var key in StoreModel.ForeignKeys)
        {
            await using var session = await OpenSessionAsync(connection);
            await finisher.AddForeignKeyAsync(session, key, CancellationToken.None);
        }

        await Engine.CreateAsync(connection, SchemaPhase.Programmability, CancellationToken.None);
    }

    private static async Task<MySqlConnection> OpenSessionAsync(MySqlConnection connection)
    {
        var session = connection.Clone();
        await session.OpenAsync();
        return session;
    }

    public async Task LoadAsync(MySqlConnection connection, TableSpec table, IReadOnlyList<object?[]> rows)
    {
        await using var writer = await Engine.OpenBulkWriterAsync(connection, table, CancellationToken.None);
        await writer.WriteAsync(rows, CancellationToken.None);
        Assert.Equal(rows.Count, await writer.CompleteAsync(CancellationToken.None));
    }

    public static object?[] Customer(long id, string username) =>
    [
        id, "FIRST" + id, "LAST" + id, "1 Dell Way", null, "CITY", "TX", "01234", "US", (short)1, "a@b.c", "5551234567",
        1, "1234567812345678", "2019/03", username, "password", (short)40, 60000, "M",
    ];

    private static object?[] Product(int id, short category, string title, string actor, short special, int common) =>
        [id, category, title, actor, 9.99m + id, special, common, (short)0];

    private static object?[] Review(long id, int prod, DateTime date, short stars, long customer) =>
        [id, prod, date, stars, customer, "SUMMARY " + id, "TEXT " + id];
}
