using System.Data;
using System.Text.RegularExpressions;

using DvdStore.Schema.Engines.Commands;
using DvdStore.Schema.Engines.Oracle;

namespace DvdStore.Tests.Schema.Oracle;

/// <summary>
/// Each DS3 call as the engine sends it (procedure name, by-name binding, parameter names, Oracle types and directions),
/// checked against the PL/SQL declarations, and the answers mapped back from OUT values and cursor rows.
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
    public async Task Every_call_binds_by_name_exactly_the_parameters_the_PLSQL_procedure_declares(string procedure)
    {
        connection.Respond = command =>
        {
            foreach (var p in command.Parameters.Cast<FakeOracleParameter>().Where(p => p.Direction == ParameterDirection.Output && p.OracleDbType != FakeOracleDbType.RefCursor))
            {
                p.Value = 1m;
            }

            return null;
        };
        await Call(procedure);
        var command = connection.Last;
        Assert.Equal(CommandType.StoredProcedure, command.CommandType);
        Assert.Equal(procedure, command.CommandText);
        Assert.True(command.BindByName);

        var declared = Declared(procedure);
        var bound = command.Parameters.Cast<FakeOracleParameter>().ToList();
        Assert.Equal(declared.Select(d => d.Name).Order(), bound.Select(b => b.ParameterName).Order());
        foreach (var (name, direction, type) in declared)
        {
            var parameter = bound.Single(b => b.ParameterName == name);
            Assert.Equal(direction == "OUT" ? ParameterDirection.Output : ParameterDirection.Input, parameter.Direction);
            Assert.NotNull(parameter.OracleDbType);
            var expected = type switch
            {
                "SYS_REFCURSOR" => [FakeOracleDbType.RefCursor],
                "VARCHAR2" => [FakeOracleDbType.Varchar2],
                "DS3_TYPES.N_TYPE" => [FakeOracleDbType.Int32],
                _ => new[] { FakeOracleDbType.Int32, FakeOracleDbType.Int64, FakeOracleDbType.Decimal },
            };
            Assert.Contains(parameter.OracleDbType!.Value, expected);
            Assert.Equal(type == "DS3_TYPES.N_TYPE" ? FakeOracleCollectionType.PLSQLAssociativeArray : FakeOracleCollectionType.None, parameter.CollectionType);
        }
    }

    [Fact]
    public void The_PLSQL_parameter_lists_follow_DS3s_order_with_results_last_except_PURCHASE_s_arrays()
    {
        static string[] Names(string procedure) => Declared(procedure).Select(d => d.Name).ToArray();
        var customerColumns = DvdStore.Schema.Model.StoreModel.Customers.Columns.Skip(1).Select(c => c.Name.ToLowerInvariant() + "_in");
        Assert.Equal([.. customerColumns, "customerid_out"], Names("NEW_CUSTOMER"));
        Assert.Equal(["username_in", "password_in", "batch_size_in", "customerid_out", "history_out"], Names("LOGIN"));
        Assert.Equal(["customerid_in", "membershiplevel_in", "customerid_out"], Names("NEW_MEMBER"));
        Assert.Equal(["batch_size_in", "category_in", "products_out"], Names("BROWSE_BY_CATEGORY"));
        Assert.Equal(["batch_size_in", "prod_in", "stars_in", "reviews_out"], Names("GET_PROD_REVIEWS_BY_STARS"));
        Assert.Equal(["prod_id_in", "stars_in", "customerid_in", "review_summary_in", "review_text_in", "review_id_out"], Names("NEW_PROD_REVIEW"));
        Assert.Equal(["review_id_in", "customerid_in", "review_helpfulness_in", "review_helpfulness_id_out"], Names("NEW_REVIEW_HELPFULNESS"));
        Assert.Equal(
            ["customerid_in", "number_items", "netamount_in", "taxamount_in", "totalamount_in", "neworderid_out", "prod_id_in", "qty_in"],
            Names("PURCHASE"));
        foreach (var procedure in OracleDdlTests.Ds3Procedures.Where(p => p != "PURCHASE"))
        {
            var declared = Declared(procedure);
            Assert.All(declared.SkipWhile(d => d.Direction == "IN"), d => Assert.Equal("OUT", d.Direction));
        }
    }

    [Fact]
    public async Task Login_reads_the_id_from_its_OUT_parameter_and_the_history_from_the_cursor()
    {
        connection.Respond = command =>
        {
            command.Parameter("customerid_out").Value = 17m;
            var table = Table(("TITLE", typeof(string)), ("ACTOR", typeof(string)), ("RELATEDPURCHASE", typeof(string)));
            table.Rows.Add("ACADEMY ALIEN", "ED CHASE", "BOUND CRAZY");
            return table;
        };
        var result = await Commands.LoginAsync("user17", "password", CancellationToken.None);
        Assert.Equal(17, result.CustomerId);
        Assert.Equal([new PurchaseHistoryRow("ACADEMY ALIEN", "ED CHASE", "BOUND CRAZY")], result.History);
        Assert.Equal("user17", connection.Last.Parameter("username_in").Value);
        Assert.Equal(OracleStoreCommands.LoginHistoryRows, connection.Last.Parameter("batch_size_in").Value);
    }

    [Fact]
    public async Task Login_of_an_unknown_user_is_id_0_with_no_history()
    {
        connection.Respond = command =>
        {
            command.Parameter("customerid_out").Value = 0m;
            return null;
        };
        var result = await Commands.LoginAsync("nobody", "x", CancellationToken.None);
        Assert.False(result.Found);
        Assert.Empty(result.History);
    }

    [Fact]
    public async Task New_customer_binds_every_column_with_NULLs_as_DBNull_and_returns_the_OUT_id()
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
        Assert.Equal("04501", command.Parameter("zip_in").Value);
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
    public async Task Browse_rows_come_from_the_cursor_with_Oracle_NUMBERs_converted()
    {
        connection.Respond = _ =>
        {
            var table = Table(("PROD_ID", typeof(decimal)), ("CATEGORY", typeof(decimal)), ("TITLE", typeof(string)), ("ACTOR", typeof(string)),
                ("PRICE", typeof(decimal)), ("SPECIAL", typeof(decimal)), ("COMMON_PROD_ID", typeof(decimal)), ("MEMBERSHIP_ITEM", typeof(decimal)));
            table.Rows.Add(10m, 3m, "AIRPORT DRAGON", "PENELOPE GUINESS", 12.99m, 1m, 4242m, 0m);
            return table;
        };
        var rows = await Commands.BrowseByActorAsync(20, "o'brien 100% \"x\"", CancellationToken.None);
        Assert.Equal([new ProductRow(10, 3, "AIRPORT DRAGON", "PENELOPE GUINESS", 12.99m, 1, 4242, 0)], rows);
        Assert.Equal("o'brien 100% \"x\"", connection.Last.Parameter("actor_in").Value);
        Assert.Equal(20, connection.Last.Parameter("batch_size_in").Value);
        Assert.Equal(FakeOracleDbType.RefCursor, connection.Last.Parameter("products_out").OracleDbType);
    }

    [Fact]
    public async Task Review_rows_map_every_column_in_order()
    {
        var date = new DateTime(2013, 5, 1);
        connection.Respond = _ =>
        {
            var table = Table(("PROD_ID", typeof(decimal)), ("TITLE", typeof(string)), ("ACTOR", typeof(string)), ("REVIEW_ID", typeof(decimal)),
                ("REVIEW_DATE", typeof(DateTime)), ("STARS", typeof(decimal)), ("CUSTOMERID", typeof(decimal)), ("REVIEW_SUMMARY", typeof(string)),
                ("REVIEW_TEXT", typeof(string)), ("TOTAL", typeof(decimal)));
            table.Rows.Add(7m, "T", "A", 140m, date, 4m, 99m, "S", "Text", 55m);
            return table;
        };
        var rows = await Commands.GetProdReviewsByTitleAsync(5, "DRAGON", CancellationToken.None);
        Assert.Equal([new ProductReviewRow(7, "T", "A", 140, date, 4, 99, "S", "Text", 55)], rows);
        Assert.Equal("DRAGON", connection.Last.Parameter("title_in").Value);
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
    internal static IReadOnlyList<(string Name, string Direction, string Type)> Declared(string procedure)
    {
        var text = OracleDdlTests.Procedure(procedure);
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
