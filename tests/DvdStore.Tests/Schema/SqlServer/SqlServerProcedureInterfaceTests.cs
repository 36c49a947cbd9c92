using System.Data;

using DvdStore.Schema.Engines.SqlServer;

using Microsoft.Data.SqlClient;
using Microsoft.SqlServer.TransactSql.ScriptDom;

namespace DvdStore.Tests.Schema.SqlServer;

/// <summary>
/// The procedures have DS3's names and parameter lists (docs/ds3-compatibility.md, "The store"), and every command the store commands send
/// binds exactly those parameters, in order, with matching types — checked without a server.
/// </summary>
public class SqlServerProcedureInterfaceTests
{
    private static readonly string[] PurchaseParameters =
    [
        "@customerid_in", "@number_items", "@netamount_in", "@taxamount_in", "@totalamount_in",
        .. Enumerable.Range(0, 10).SelectMany(i => new[] { $"@prod_id_in{i}", $"@qty_in{i}" }),
    ];

    /// <summary>DS3's SQL Server procedure interface: names and parameters in call order.</summary>
    private static readonly Dictionary<string, string[]> Ds3Interface = new()
    {
        ["LOGIN"] = ["@username_in", "@password_in"],
        ["NEW_CUSTOMER"] =
        [
            "@firstname_in", "@lastname_in", "@address1_in", "@address2_in", "@city_in", "@state_in", "@zip_in", "@country_in",
            "@region_in", "@email_in", "@phone_in", "@creditcardtype_in", "@creditcard_in", "@creditcardexpiration_in",
            "@username_in", "@password_in", "@age_in", "@income_in", "@gender_in",
        ],
        ["NEW_MEMBER"] = ["@customerid_in", "@membershiplevel_in"],
        ["BROWSE_BY_CATEGORY"] = ["@batch_size_in", "@category_in"],
        ["BROWSE_BY_ACTOR"] = ["@batch_size_in", "@actor_in"],
        ["BROWSE_BY_TITLE"] = ["@batch_size_in", "@title_in"],
        ["GET_PROD_REVIEWS"] = ["@batch_size_in", "@prod_in"],
        ["GET_PROD_REVIEWS_BY_STARS"] = ["@batch_size_in", "@prod_in", "@stars_in"],
        ["GET_PROD_REVIEWS_BY_DATE"] = ["@batch_size_in", "@prod_in"],
        ["GET_PROD_REVIEWS_BY_ACTOR"] = ["@batch_size_in", "@actor_in"],
        ["GET_PROD_REVIEWS_BY_TITLE"] = ["@batch_size_in", "@title_in"],
        ["NEW_PROD_REVIEW"] = ["@prod_id_in", "@stars_in", "@customerid_in", "@review_summary_in", "@review_text_in"],
        ["NEW_REVIEW_HELPFULNESS"] = ["@review_id_in", "@customerid_in", "@review_helpfulness_in"],
        ["PURCHASE"] = PurchaseParameters,
    };

    private static readonly NewCustomerRequest Customer = new(
        "Ann", "Lee", "1 Main St", null, "Springfield", "OH", "01234", "US", 1, "ann@example.com", null, 2, "4111111111111111",
        "2027/09", "newuser7", "password", 42, null, "F");

    public static TheoryData<string> BuiltCommands() => [.. AllCommands().Keys];

    private static Dictionary<string, SqlCommand> AllCommands() => new()
    {
        ["LOGIN"] = SqlServerCommandBuilder.Login("user1", "password"),
        ["NEW_CUSTOMER"] = SqlServerCommandBuilder.NewCustomer(Customer),
        ["NEW_MEMBER"] = SqlServerCommandBuilder.NewMember(17, 2),
        ["BROWSE_BY_CATEGORY"] = SqlServerCommandBuilder.Browse(Ds3Browse.Category, 10, 3),
        ["BROWSE_BY_ACTOR"] = SqlServerCommandBuilder.Browse(Ds3Browse.Actor, 10, "PENELOPE GUINESS"),
        ["BROWSE_BY_TITLE"] = SqlServerCommandBuilder.Browse(Ds3Browse.Title, 10, "ACADEMY ADAPTATION"),
        ["GET_PROD_REVIEWS"] = SqlServerCommandBuilder.Reviews(Ds3ReviewOrder.Helpfulness, 10, 5, 0),
        ["GET_PROD_REVIEWS_BY_STARS"] = SqlServerCommandBuilder.Reviews(Ds3ReviewOrder.Stars, 10, 5, 4),
        ["GET_PROD_REVIEWS_BY_DATE"] = SqlServerCommandBuilder.Reviews(Ds3ReviewOrder.Date, 10, 5, 0),
        ["GET_PROD_REVIEWS_BY_ACTOR"] = SqlServerCommandBuilder.SearchReviews(Ds3ReviewSearch.Actor, 10, "GUINESS"),
        ["GET_PROD_REVIEWS_BY_TITLE"] = SqlServerCommandBuilder.SearchReviews(Ds3ReviewSearch.Title, 10, "ACADEMY"),
        ["NEW_PROD_REVIEW"] = SqlServerCommandBuilder.NewProdReview(5, 4, 17, "good", "a good film"),
        ["NEW_REVIEW_HELPFULNESS"] = SqlServerCommandBuilder.NewReviewHelpfulness(99, 17, 3),
        ["PURCHASE"] = SqlServerCommandBuilder.Purchase(new PurchaseRequest(17, 10m, 0.83m, 10.83m, [new(5, 1), new(2, 3)])),
    };

    private static Dictionary<string, ProcedureStatementBody> Procedures()
    {
        var batches = SqlServerEngine.Script("procedures.sql").Batches;
        return batches.Select(TSql.ParseClean)
            .SelectMany(TSql.All<CreateOrAlterProcedureStatement>)
            .ToDictionary(p => p.ProcedureReference.Name.BaseIdentifier.Value, p => (ProcedureStatementBody)p);
    }

    [Fact]
    public void The_script_defines_exactly_DS3s_fourteen_procedures_with_DS3s_parameter_lists()
    {
        var procedures = Procedures();
        Assert.Equal(Ds3Interface.Keys.Order(), procedures.Keys.Order());
        foreach (var (name, parameters) in Ds3Interface)
        {
            Assert.Equal(parameters, procedures[name].Parameters.Select(p => p.VariableName.Value));
        }
    }

    [Fact]
    public void Purchase_item_pairs_default_to_zero_so_short_carts_can_leave_them_out()
    {
        var purchase = Procedures()["PURCHASE"];
        foreach (var parameter in purchase.Parameters.Skip(5))
        {
            Assert.Equal("0", Assert.IsType<IntegerLiteral>(parameter.Value).Value);
        }

        Assert.All(purchase.Parameters.Take(5), p => Assert.Null(p.Value));
    }

    [Theory]
    [MemberData(nameof(BuiltCommands))]
    public void Each_command_calls_its_procedure_with_the_procedures_parameters_in_order_and_matching_types(string name)
    {
        using var command = AllCommands()[name];
        var procedure = Procedures()[name];
        Assert.Equal(CommandType.StoredProcedure, command.CommandType);
        Assert.Equal(name, command.CommandText);
        var bound = command.Parameters.Cast<SqlParameter>().ToList();
        Assert.Equal(procedure.Parameters.Select(p => p.VariableName.Value), bound.Select(p => p.ParameterName));
        foreach (var (declared, parameter) in procedure.Parameters.Zip(bound))
        {
            Assert.Equal(ParameterDirection.Input, parameter.Direction);
            var type = (SqlDataTypeReference)declared.DataType;
            Assert.Equal(type.SqlDataTypeOption.ToString(), ExpectedOption(parameter.SqlDbType));
            if (type.Parameters.Count > 0 && parameter.SqlDbType is SqlDbType.VarChar or SqlDbType.NVarChar)
            {
                Assert.Equal(int.Parse(type.Parameters[0].Value, CultureInfo.InvariantCulture), parameter.Size);
            }
        }
    }

    [Fact]
    public void Purchase_binds_all_ten_pairs_with_unused_ones_zero_and_refuses_more_than_ten_items()
    {
        using var command = SqlServerCommandBuilder.Purchase(new PurchaseRequest(17, 10m, 0.83m, 10.83m, [new(5, 1), new(2, 3)]));
        Assert.Equal(2, command.Parameters["@number_items"].Value);
        Assert.Equal(5, command.Parameters["@prod_id_in0"].Value);
        Assert.Equal(1, command.Parameters["@qty_in0"].Value);
        Assert.Equal(2, command.Parameters["@prod_id_in1"].Value);
        Assert.Equal(3, command.Parameters["@qty_in1"].Value);
        for (var i = 2; i < 10; i++)
        {
            Assert.Equal(0, command.Parameters[$"@prod_id_in{i}"].Value);
            Assert.Equal(0, command.Parameters[$"@qty_in{i}"].Value);
        }

        var money = command.Parameters["@totalamount_in"];
        Assert.Equal(SqlDbType.Money, money.SqlDbType);
        Assert.Equal(10.83m, money.Value);

        var tooMany = Enumerable.Range(1, 11).Select(i => new CartItem(i, 1)).ToArray();
        Assert.Throws<ArgumentException>(() => SqlServerCommandBuilder.Purchase(new PurchaseRequest(1, 1m, 0m, 1m, tooMany)));
    }

    [Fact]
    public void Missing_optional_customer_values_are_sent_as_NULL_and_search_text_is_bound_never_spliced()
    {
        using var customer = SqlServerCommandBuilder.NewCustomer(Customer);
        Assert.Equal(DBNull.Value, customer.Parameters["@address2_in"].Value);
        Assert.Equal(DBNull.Value, customer.Parameters["@income_in"].Value);
        Assert.Equal((byte)42, customer.Parameters["@age_in"].Value);
        Assert.Equal("01234", customer.Parameters["@zip_in"].Value);

        const string hostile = "O'Brien \"x\" AND * ); DROP TABLE PRODUCTS; --";
        using var browse = SqlServerCommandBuilder.Browse(Ds3Browse.Actor, 10, hostile);
        Assert.Equal("BROWSE_BY_ACTOR", browse.CommandText);
        Assert.Equal(hostile, browse.Parameters["@actor_in"].Value);
        Assert.Equal(SqlDbType.VarChar, browse.Parameters["@actor_in"].SqlDbType);
    }

    [Fact]
    public void The_price_lookup_binds_one_parameter_per_distinct_product()
    {
        using var command = SqlServerCommandBuilder.Prices([3, 1, 3, 7]);
        Assert.Equal(CommandType.Text, command.CommandType);
        Assert.Equal("SELECT PROD_ID, PRICE FROM PRODUCTS WHERE PROD_ID IN (@p0, @p1, @p2)", command.CommandText);
        Assert.Equal([3, 1, 7], command.Parameters.Cast<SqlParameter>().Select(p => (int)p.Value));
    }

    private static string ExpectedOption(SqlDbType type) => type switch
    {
        SqlDbType.VarChar => nameof(SqlDataTypeOption.VarChar),
        SqlDbType.NVarChar => nameof(SqlDataTypeOption.NVarChar),
        SqlDbType.Int => nameof(SqlDataTypeOption.Int),
        SqlDbType.BigInt => nameof(SqlDataTypeOption.BigInt),
        SqlDbType.SmallInt => nameof(SqlDataTypeOption.SmallInt),
        SqlDbType.TinyInt => nameof(SqlDataTypeOption.TinyInt),
        SqlDbType.Money => nameof(SqlDataTypeOption.Money),
        SqlDbType.Decimal => nameof(SqlDataTypeOption.Numeric),
        _ => type.ToString(),
    };
}
