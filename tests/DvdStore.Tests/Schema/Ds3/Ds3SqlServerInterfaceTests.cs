using DvdStore.Schema.Engines.SqlServer;
using DvdStore.Tests.Schema.SqlServer;
using Microsoft.SqlServer.TransactSql.ScriptDom;

namespace DvdStore.Tests.Schema.Ds3;

/// <summary>
/// Our T-SQL procedures, parsed with ScriptDom, against the facts table of DS3's SQL Server interface
/// (docs/ds3-compatibility.md, "How DS3's drivers call the store"): DS3's driver binds by name with '@' (order does not matter to it, but we keep DS3's), so
/// every name must exist with DS3's type, every parameter is IN, and PURCHASE's item pairs default to 0.
/// </summary>
public class Ds3SqlServerInterfaceTests
{
    private static readonly string[] Reviews = ["@batch_size_in INT", "@prod_in INT"];

    /// <summary>DS3 declares @zip_in INT; ours is text like the ZIP column (docs/ds3-compatibility.md): the one recorded deviation.</summary>
    private const string ZipDeviation = "@zip_in VARCHAR(9)";

    /// <summary>The facts: procedure → "@name TYPE" in DS3's order.</summary>
    private static readonly Dictionary<string, string[]> Ds3Facts = new()
    {
        ["NEW_CUSTOMER"] =
        [
            "@firstname_in VARCHAR(50)", "@lastname_in VARCHAR(50)", "@address1_in VARCHAR(50)", "@address2_in VARCHAR(50)",
            "@city_in VARCHAR(50)", "@state_in VARCHAR(50)", ZipDeviation, "@country_in VARCHAR(50)", "@region_in TINYINT",
            "@email_in VARCHAR(50)", "@phone_in VARCHAR(50)", "@creditcardtype_in TINYINT", "@creditcard_in VARCHAR(50)",
            "@creditcardexpiration_in VARCHAR(50)", "@username_in VARCHAR(50)", "@password_in VARCHAR(50)", "@age_in TINYINT",
            "@income_in INT", "@gender_in VARCHAR(1)",
        ],
        ["NEW_MEMBER"] = ["@customerid_in INT", "@membershiplevel_in INT"],
        ["NEW_PROD_REVIEW"] = ["@prod_id_in INT", "@stars_in INT", "@customerid_in INT", "@review_summary_in VARCHAR(50)", "@review_text_in VARCHAR(1000)"],
        ["NEW_REVIEW_HELPFULNESS"] = ["@review_id_in INT", "@customerid_in INT", "@review_helpfulness_in INT"],
        ["LOGIN"] = ["@username_in VARCHAR(50)", "@password_in VARCHAR(50)"],
        ["BROWSE_BY_CATEGORY"] = ["@batch_size_in INT", "@category_in INT"],
        ["BROWSE_BY_ACTOR"] = ["@batch_size_in INT", "@actor_in VARCHAR(50)"],
        ["BROWSE_BY_TITLE"] = ["@batch_size_in INT", "@title_in VARCHAR(50)"],
        ["GET_PROD_REVIEWS"] = Reviews,
        ["GET_PROD_REVIEWS_BY_STARS"] = [.. Reviews, "@stars_in INT"],
        ["GET_PROD_REVIEWS_BY_DATE"] = Reviews,
        ["GET_PROD_REVIEWS_BY_ACTOR"] = ["@batch_size_in INT", "@actor_in VARCHAR(50)"],
        ["GET_PROD_REVIEWS_BY_TITLE"] = ["@batch_size_in INT", "@title_in VARCHAR(50)"],
        ["PURCHASE"] =
        [
            "@customerid_in INT", "@number_items INT", "@netamount_in MONEY", "@taxamount_in MONEY", "@totalamount_in MONEY",
            .. Enumerable.Range(0, 10).SelectMany(i => new[] { $"@prod_id_in{i} INT = 0", $"@qty_in{i} INT = 0" }),
        ],
    };

    public static TheoryData<string> Names() => [.. Ds3Facts.Keys];

    [Theory]
    [MemberData(nameof(Names))]
    public void Each_procedure_has_DS3s_parameter_names_types_modes_and_order(string name)
    {
        var procedure = SqlServerEngine.Script("procedures.sql").Batches.Select(TSql.ParseClean)
            .SelectMany(TSql.All<CreateOrAlterProcedureStatement>)
            .Single(p => p.ProcedureReference.Name.BaseIdentifier.Value == name);

        Assert.Equal(Ds3Facts[name], procedure.Parameters.Select(Describe));
        Assert.All(procedure.Parameters, p => Assert.Equal(ParameterModifier.None, p.Modifier));
    }

    private static string Describe(ProcedureParameter parameter)
    {
        var type = (SqlDataTypeReference)parameter.DataType;
        var size = type.Parameters.Count > 0 ? $"({string.Join(",", type.Parameters.Select(p => p.Value))})" : "";
        var defaultValue = parameter.Value is Literal literal ? $" = {literal.Value}" : "";
        return $"{parameter.VariableName.Value} {type.SqlDataTypeOption.ToString().ToUpperInvariant()}{size}{defaultValue}";
    }
}
