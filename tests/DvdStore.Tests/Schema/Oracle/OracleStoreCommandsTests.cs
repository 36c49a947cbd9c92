using System.Data;
using System.Text.RegularExpressions;

using DvdStore.Schema.Engines.Oracle;

namespace DvdStore.Tests.Schema.Oracle;

/// <summary>
/// Each DS3 call as the engine sends it — procedure name, every parameter of the PL/SQL signature in its order (DS3's
/// driver binds positionally) with its Oracle type, direction and array shape — and the answers read back from the OUT
/// id, the `found` count and the OUT associative arrays, as ODP.NET returns them (OracleDecimal[] / OracleString[]).
/// </summary>
public class OracleStoreCommandsTests
{
    private static readonly NewCustomerRequest Customer = new("Ann", "Lee", "1 Main St", null, "Springfield", "OH", "04501", "US", 1,
        "ann@example.com", null, 2, "4111111111111111", "2027/05", "newuser7", "password", 33, 85_000, "F");

    private readonly FakeOracleConnection connection = new();

    private OracleStoreCommands Commands => new(connection);

    public static TheoryData<string> Procedures() => [.. OracleDdlTests.Ds3Procedures];

    [Theory]
    [MemberData(nameof(Procedures))]
    public async Task Every_call_binds_the_PLSQL_parameters_in_their_declared_order_with_matching_types_and_shapes(string procedure)
    {
        connection.Respond = command =>
        {
            foreach (var p in command.Parameters.Cast<FakeOracleParameter>().Where(p => p.Direction == ParameterDirection.Output))
            {
                p.Value = p.CollectionType == FakeOracleCollectionType.PLSQLAssociativeArray ? Array.Empty<FakeOracleDecimal>() : new FakeOracleDecimal(0m);
            }

            return null;
        };
        await Call(procedure);
        var command = connection.Last;
        Assert.Equal(CommandType.StoredProcedure, command.CommandType);
        Assert.Equal(procedure, command.CommandText);

        var declared = Declared(procedure);
        var bound = command.Parameters.Cast<FakeOracleParameter>().ToList();
        Assert.Equal(declared.Select(d => d.Name), bound.Select(b => b.ParameterName));
        Assert.Equal(OracleDs3InterfaceTests.Ds3[procedure].Select(d => d.Name), bound.Select(b => b.ParameterName));
        foreach (var ((name, direction, type), parameter) in declared.Zip(bound))
        {
            Assert.True((direction == "OUT" ? ParameterDirection.Output : ParameterDirection.Input) == parameter.Direction, name);
            var isArray = type.StartsWith("DS3_TYPES.", StringComparison.Ordinal);
            Assert.True((isArray ? FakeOracleCollectionType.PLSQLAssociativeArray : FakeOracleCollectionType.None) == parameter.CollectionType, name);
            var expected = type switch
            {
                "VARCHAR2" or "DS3_TYPES.ARRAY_TYPE" or "DS3_TYPES.LONG_ARRAY_TYPE" => [FakeOracleDbType.Varchar2],
                "DS3_TYPES.N_TYPE" when direction == "IN" => [FakeOracleDbType.Int32],
                _ => new[] { FakeOracleDbType.Int32, FakeOracleDbType.Int64, FakeOracleDbType.Decimal },
            };
            Assert.Contains(parameter.OracleDbType!.Value, expected);
            if (isArray && direction == "OUT")
            {
                Assert.True(parameter.Size >= 1, name);
                var length = type == "DS3_TYPES.LONG_ARRAY_TYPE" ? 1000 : 50;
                Assert.Equal(type == "DS3_TYPES.N_TYPE" ? null : Enumerable.Repeat(length, parameter.Size).ToArray(), parameter.ArrayBindSize);
            }
        }
    }

    [Fact]
    public async Task Search_arrays_hold_batch_size_rows_and_only_found_elements_become_rows()
    {
        connection.Respond = command =>
        {
            command.Parameter("found").Value = new FakeOracleDecimal(1m);
            SetProducts(command, (10m, 3m, "AIRPORT DRAGON", "PENELOPE GUINESS", 12.99m, 1m, 4242m, 0m), (11m, 3m, "STALE", "STALE", 1m, 1m, 1m, 1m));
            return null;
        };
        var rows = await Commands.BrowseByCategoryAsync(7, 3, CancellationToken.None);
        Assert.Equal([new ProductRow(10, 3, "AIRPORT DRAGON", "PENELOPE GUINESS", 12.99m, 1, 4242, 0)], rows);
        Assert.All(connection.Last.Parameters.Cast<FakeOracleParameter>().Where(p => p.ParameterName.EndsWith("_out", StringComparison.Ordinal)),
            p => Assert.Equal(7, p.Size));
        Assert.Equal(7, connection.Last.Parameter("batch_size").Value);
        Assert.Equal(3, connection.Last.Parameter("category_in").Value);
    }

    [Fact]
    public async Task Login_reads_the_id_and_found_history_rows_from_the_three_text_arrays()
    {
        connection.Respond = command =>
        {
            command.Parameter("customerid_out").Value = new FakeOracleDecimal(17m);
            command.Parameter("found").Value = new FakeOracleDecimal(1m);
            command.Parameter("title_out").Value = new[] { new FakeOracleString("ACADEMY ALIEN") };
            command.Parameter("actor_out").Value = new[] { new FakeOracleString("ED CHASE") };
            command.Parameter("related_title_out").Value = new[] { new FakeOracleString("BOUND CRAZY") };
            return null;
        };
        var result = await Commands.LoginAsync("user17", "password", CancellationToken.None);
        Assert.Equal(17, result.CustomerId);
        Assert.Equal([new PurchaseHistoryRow("ACADEMY ALIEN", "ED CHASE", "BOUND CRAZY")], result.History);
        Assert.Equal("user17", connection.Last.Parameter("username_in").Value);
        Assert.Equal(OracleStoreCommands.LoginHistoryRows, connection.Last.Parameter("batch_size").Value);
        Assert.Equal(OracleStoreCommands.LoginHistoryRows, connection.Last.Parameter("title_out").Size);
    }

    [Fact]
    public async Task Login_of_an_unknown_user_is_id_0_with_no_history()
    {
        connection.Respond = command =>
        {
            command.Parameter("customerid_out").Value = new FakeOracleDecimal(0m);
            command.Parameter("found").Value = new FakeOracleDecimal(null);
            return null;
        };
        var result = await Commands.LoginAsync("nobody", "x", CancellationToken.None);
        Assert.False(result.Found);
        Assert.Empty(result.History);
    }

    [Fact]
    public async Task New_customer_binds_every_column_with_NULLs_as_DBNull_and_ZIP_as_DS3s_number_and_returns_the_OUT_id()
    {
        connection.Respond = command =>
        {
            command.Parameter("customerid_out").Value = new FakeOracleDecimal(20_001m);
            return null;
        };
        Assert.Equal(20_001, await Commands.NewCustomerAsync(Customer, CancellationToken.None));
        var command = connection.Last;
        Assert.Equal(DBNull.Value, command.Parameter("address2_in").Value);
        Assert.Equal(DBNull.Value, command.Parameter("phone_in").Value);
        Assert.Equal(4501, command.Parameter("zip_in").Value);
        Assert.Equal(FakeOracleDbType.Int32, command.Parameter("zip_in").OracleDbType);
        Assert.Equal(33, command.Parameter("age_in").Value);
        Assert.Equal("newuser7", command.Parameter("username_in").Value);
        Assert.Equal(FakeOracleDbType.Int64, command.Parameter("customerid_out").OracleDbType);
    }

    [Fact]
    public async Task Id_returning_calls_read_provider_NULL_numbers_as_0()
    {
        connection.Respond = command =>
        {
            command.Parameter("customerid_out").Value = new FakeOracleDecimal(null);
            return null;
        };
        Assert.Equal(0, await Commands.NewMemberAsync(5, 2, CancellationToken.None));
        Assert.Equal(5L, connection.Last.Parameter("customerid_in").Value);
        Assert.Equal(2, connection.Last.Parameter("membershiplevel_in").Value);
    }

    [Fact]
    public async Task Browse_rows_come_from_the_arrays_with_Oracle_NUMBERs_and_NULL_text_converted()
    {
        connection.Respond = command =>
        {
            command.Parameter("found").Value = new FakeOracleDecimal(2m);
            SetProducts(command, (10m, 3m, "AIRPORT DRAGON", "PENELOPE GUINESS", 12.99m, 1m, 4242m, 0m), (12m, 4m, null, null, 9.99m, 0m, 7m, 2m));
            return null;
        };
        var rows = await Commands.BrowseByActorAsync(20, "o'brien 100% \"x\"", CancellationToken.None);
        Assert.Equal(
            [new ProductRow(10, 3, "AIRPORT DRAGON", "PENELOPE GUINESS", 12.99m, 1, 4242, 0), new ProductRow(12, 4, "", "", 9.99m, 0, 7, 2)],
            rows);
        Assert.Equal("o'brien 100% \"x\"", connection.Last.Parameter("actor_in").Value);
        Assert.Equal(20, connection.Last.Parameter("batch_size").Value);
    }

    [Fact]
    public async Task Review_rows_map_every_array_in_DS3s_order_with_the_date_from_its_text()
    {
        connection.Respond = command =>
        {
            command.Parameter("found").Value = new FakeOracleDecimal(1m);
            if (command.Parameters.Contains("title_out"))
            {
                command.Parameter("title_out").Value = new[] { new FakeOracleString("T") };
                command.Parameter("actor_out").Value = new[] { new FakeOracleString("A") };
            }

            command.Parameter("review_id_out").Value = new[] { new FakeOracleDecimal(140m) };
            command.Parameter("prod_id_out").Value = new[] { new FakeOracleDecimal(7m) };
            command.Parameter("review_date_out").Value = new[] { new FakeOracleString("2013-05-01") };
            command.Parameter("review_stars_out").Value = new[] { new FakeOracleDecimal(4m) };
            command.Parameter("review_customerid_out").Value = new[] { new FakeOracleDecimal(99m) };
            command.Parameter("review_summary_out").Value = new[] { new FakeOracleString("S") };
            command.Parameter("review_text_out").Value = new[] { new FakeOracleString("Text") };
            command.Parameter("review_helpfulness_sum_out").Value = new[] { new FakeOracleDecimal(55m) };
            return null;
        };
        var rows = await Commands.GetProdReviewsByTitleAsync(5, "DRAGON", CancellationToken.None);
        Assert.Equal([new ProductReviewRow(7, "T", "A", 140, new DateTime(2013, 5, 1), 4, 99, "S", "Text", 55)], rows);
        Assert.Equal("DRAGON", connection.Last.Parameter("title_in").Value);
        Assert.Equal(1000, connection.Last.Parameter("review_text_out").ArrayBindSize![0]);

        var reviews = await Commands.GetProdReviewsByStarsAsync(5, 7, 4, CancellationToken.None);
        Assert.Equal([new ReviewRow(140, 7, new DateTime(2013, 5, 1), 4, 99, "S", "Text", 55)], reviews);
        Assert.Equal(
            ["batch_size", "found", "prod_in", "stars_in"],
            connection.Last.Parameters.Cast<FakeOracleParameter>().Take(4).Select(p => p.ParameterName));
    }

    [Fact]
    public async Task Purchase_sends_the_cart_as_two_associative_arrays_in_request_order()
    {
        connection.Respond = command =>
        {
            command.Parameter("neworderid_out").Value = 12_345m;
            return null;
        };
        var purchase = new PurchaseRequest(42, 30.00m, 2.47m, 32.47m, [new(900, 2), new(15, 1), new(300, 3)]);
        Assert.Equal(12_345, await Commands.PurchaseAsync(purchase, CancellationToken.None));
        var command = connection.Last;
        Assert.Equal(3, command.Parameter("number_items").Value);
        Assert.Equal(30.00m, command.Parameter("netamount_in").Value);
        Assert.Equal(FakeOracleDbType.Decimal, command.Parameter("totalamount_in").OracleDbType);
        var products = command.Parameter("prod_id_in");
        Assert.Equal(FakeOracleCollectionType.PLSQLAssociativeArray, products.CollectionType);
        Assert.Equal([900, 15, 300], Assert.IsType<int[]>(products.Value));
        Assert.Equal(3, products.Size);
        Assert.Equal([2, 1, 3], Assert.IsType<int[]>(command.Parameter("qty_in").Value));
    }

    [Fact]
    public async Task Purchase_returns_0_when_stock_is_short_and_refuses_more_than_ten_items()
    {
        connection.Respond = command =>
        {
            command.Parameter("neworderid_out").Value = 0m;
            return null;
        };
        Assert.Equal(0, await Commands.PurchaseAsync(new PurchaseRequest(1, 1, 0, 1, [new(5, 3)]), CancellationToken.None));
        var empty = await Commands.PurchaseAsync(new PurchaseRequest(1, 0, 0, 0, []), CancellationToken.None);
        Assert.Equal(0, connection.Last.Parameter("number_items").Value);
        Assert.Equal([0], Assert.IsType<int[]>(connection.Last.Parameter("prod_id_in").Value));
        Assert.Equal(0, empty);
        var tooMany = new PurchaseRequest(1, 1, 0, 1, Enumerable.Range(1, 11).Select(i => new CartItem(i, 1)).ToArray());
        await Assert.ThrowsAsync<ArgumentException>(() => Commands.PurchaseAsync(tooMany, CancellationToken.None));
    }

    [Fact]
    public async Task Price_lookup_binds_each_distinct_id_by_name()
    {
        connection.Respond = _ =>
        {
            var table = Table(("PROD_ID", typeof(decimal)), ("PRICE", typeof(decimal)));
            table.Rows.Add(3m, 9.99m);
            table.Rows.Add(7m, 29.99m);
            return table;
        };
        var prices = await Commands.GetPricesAsync([3, 7, 3], CancellationToken.None);
        Assert.Equal(new Dictionary<int, decimal> { [3] = 9.99m, [7] = 29.99m }, prices);
        var command = connection.Last;
        Assert.Equal("SELECT PROD_ID, PRICE FROM PRODUCTS WHERE PROD_ID IN (:p0, :p1)", command.CommandText);
        Assert.True(command.BindByName);
        Assert.Equal([3, 7], command.Parameters.Cast<FakeOracleParameter>().Select(p => (int)p.Value!));
        Assert.Empty(await Commands.GetPricesAsync([], CancellationToken.None));
    }

    /// <summary>(name, IN|OUT, type) of each parameter in the procedure's PL/SQL header.</summary>
    internal static IReadOnlyList<(string Name, string Direction, string Type)> Declared(string procedure) =>
        Declared(OracleDdlTests.Procedure(procedure), procedure);

    /// <summary>(name, IN|OUT, type) of each parameter in the header of <paramref name="procedure"/> in <paramref name="text"/>.</summary>
    internal static IReadOnlyList<(string Name, string Direction, string Type)> Declared(string text, string procedure)
    {
        var header = text[text.IndexOf($"PROCEDURE {procedure} (", StringComparison.Ordinal)..text.IndexOf("\nAS\n", StringComparison.Ordinal)];
        return Regex.Matches(header, @"^\s+(\w+) (IN|OUT) ([\w.]+)", RegexOptions.Multiline)
            .Select(m => (m.Groups[1].Value, m.Groups[2].Value, m.Groups[3].Value)).ToArray();
    }

    private Task Call(string procedure)
    {
        var c = Commands;
        var ct = CancellationToken.None;
        return procedure switch
        {
            "LOGIN" => c.LoginAsync("u", "p", ct),
            "NEW_CUSTOMER" => c.NewCustomerAsync(Customer, ct),
            "NEW_MEMBER" => c.NewMemberAsync(1, 1, ct),
            "BROWSE_BY_CATEGORY" => c.BrowseByCategoryAsync(10, 3, ct),
            "BROWSE_BY_ACTOR" => c.BrowseByActorAsync(10, "A", ct),
            "BROWSE_BY_TITLE" => c.BrowseByTitleAsync(10, "T", ct),
            "GET_PROD_REVIEWS" => c.GetProdReviewsAsync(10, 1, ct),
            "GET_PROD_REVIEWS_BY_STARS" => c.GetProdReviewsByStarsAsync(10, 1, 5, ct),
            "GET_PROD_REVIEWS_BY_DATE" => c.GetProdReviewsByDateAsync(10, 1, ct),
            "GET_PROD_REVIEWS_BY_ACTOR" => c.GetProdReviewsByActorAsync(10, "A", ct),
            "GET_PROD_REVIEWS_BY_TITLE" => c.GetProdReviewsByTitleAsync(10, "T", ct),
            "NEW_PROD_REVIEW" => c.NewProdReviewAsync(1, 5, 2, "S", "T", ct),
            "NEW_REVIEW_HELPFULNESS" => c.NewReviewHelpfulnessAsync(1, 2, 7, ct),
            "PURCHASE" => c.PurchaseAsync(new PurchaseRequest(1, 1, 0, 1, [new(5, 1)]), ct),
            _ => throw new ArgumentOutOfRangeException(nameof(procedure)),
        };
    }

    /// <summary>Sets the eight BROWSE arrays as ODP.NET returns them, one element per product.</summary>
    private static void SetProducts(
        FakeOracleCommand command, params (decimal Id, decimal Category, string? Title, string? Actor, decimal Price, decimal Special, decimal Common, decimal Membership)[] products)
    {
        static FakeOracleDecimal[] Numbers(IEnumerable<decimal> values) => values.Select(v => new FakeOracleDecimal(v)).ToArray();
        static FakeOracleString[] Texts(IEnumerable<string?> values) => values.Select(v => new FakeOracleString(v)).ToArray();
        command.Parameter("prod_id_out").Value = Numbers(products.Select(p => p.Id));
        command.Parameter("category_out").Value = Numbers(products.Select(p => p.Category));
        command.Parameter("title_out").Value = Texts(products.Select(p => p.Title));
        command.Parameter("actor_out").Value = Texts(products.Select(p => p.Actor));
        command.Parameter("price_out").Value = Numbers(products.Select(p => p.Price));
        command.Parameter("special_out").Value = Numbers(products.Select(p => p.Special));
        command.Parameter("common_prod_id_out").Value = Numbers(products.Select(p => p.Common));
        command.Parameter("membership_item_out").Value = Numbers(products.Select(p => p.Membership));
    }

    internal static DataTable Table(params (string Name, Type Type)[] columns)
    {
        var table = new DataTable();
        foreach (var (name, type) in columns)
        {
            table.Columns.Add(name, type);
        }

        return table;
    }
}
