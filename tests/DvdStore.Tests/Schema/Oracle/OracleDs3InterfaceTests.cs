using System.Text.RegularExpressions;

using DvdStore.Schema.Engines.Oracle;

namespace DvdStore.Tests.Schema.Oracle;

/// <summary>
/// The PL/SQL against DS3's Oracle interface (docs/ds3-compatibility.md, "How DS3's drivers call the store"): DS3's Oracle driver binds positionally, so every
/// routine it calls must be a standalone procedure whose parameter list — name, mode and declared type, in order — is
/// exactly the facts table below (DS3's VARCHAR2 lengths are not part of a PL/SQL parameter type). Inside each body, every
/// parameter-like name (…_in, …_out) is one the procedure declares, as the PL/SQL compiler would demand, and every OUT is
/// assigned on every path before the procedure can return (DS3's driver fails on a NULL found or id).
/// </summary>
public class OracleDs3InterfaceTests
{
    private const string Number = "NUMBER";
    private const string Integer = "INTEGER";
    private const string Text = "VARCHAR2";
    private const string Numbers = "DS3_TYPES.N_TYPE";
    private const string Texts = "DS3_TYPES.ARRAY_TYPE";
    private const string LongTexts = "DS3_TYPES.LONG_ARRAY_TYPE";

    private static readonly (string, string, string)[] BrowseArrays =
    [
        Out("prod_id_out", Numbers), Out("category_out", Numbers), Out("title_out", Texts), Out("actor_out", Texts), Out("price_out", Numbers),
        Out("special_out", Numbers), Out("common_prod_id_out", Numbers), Out("membership_item_out", Numbers),
    ];

    private static readonly (string, string, string)[] ReviewArrays =
    [
        Out("review_id_out", Numbers), Out("prod_id_out", Numbers), Out("review_date_out", Texts), Out("review_stars_out", Numbers),
        Out("review_customerid_out", Numbers), Out("review_summary_out", Texts), Out("review_text_out", LongTexts),
        Out("review_helpfulness_sum_out", Numbers),
    ];

    /// <summary>docs/ds3-compatibility.md, "How DS3's drivers call the store": each procedure's parameters in exact order as (name, mode, type).</summary>
    internal static readonly Dictionary<string, (string Name, string Mode, string Type)[]> Ds3 = new()
    {
        ["NEW_CUSTOMER"] =
        [
            In("firstname_in", Text), In("lastname_in", Text), In("address1_in", Text), In("address2_in", Text), In("city_in", Text),
            In("state_in", Text), In("zip_in", Number), In("country_in", Text), In("region_in", Number), In("email_in", Text),
            In("phone_in", Text), In("creditcardtype_in", Number), In("creditcard_in", Text), In("creditcardexpiration_in", Text),
            In("username_in", Text), In("password_in", Text), In("age_in", Number), In("income_in", Number), In("gender_in", Text),
            Out("customerid_out", Integer),
        ],
        ["NEW_MEMBER"] = [In("customerid_in", Integer), In("membershiplevel_in", Integer), Out("customerid_out", Integer)],
        ["NEW_PROD_REVIEW"] =
        [
            In("prod_id_in", Number), In("stars_in", Number), In("customerid_in", Number), In("review_summary_in", Text),
            In("review_text_in", Text), Out("review_id_out", Integer),
        ],
        ["NEW_REVIEW_HELPFULNESS"] =
        [
            In("review_id_in", Number), In("customerid_in", Number), In("review_helpfulness_in", Number), Out("review_helpfulness_id_out", Integer),
        ],
        ["LOGIN"] =
        [
            In("username_in", Text), In("password_in", Text), In("batch_size", Integer), Out("found", Integer), Out("customerid_out", Integer),
            Out("title_out", Texts), Out("actor_out", Texts), Out("related_title_out", Texts),
        ],
        ["BROWSE_BY_CATEGORY"] = [In("batch_size", Integer), Out("found", Integer), In("category_in", Integer), .. BrowseArrays],
        ["BROWSE_BY_ACTOR"] = [In("batch_size", Integer), Out("found", Integer), In("actor_in", Text), .. BrowseArrays],
        ["BROWSE_BY_TITLE"] = [In("batch_size", Integer), Out("found", Integer), In("title_in", Text), .. BrowseArrays],
        ["GET_PROD_REVIEWS"] = [In("batch_size", Integer), Out("found", Integer), In("prod_in", Integer), .. ReviewArrays],
        ["GET_PROD_REVIEWS_BY_DATE"] = [In("batch_size", Integer), Out("found", Integer), In("prod_in", Integer), .. ReviewArrays],
        ["GET_PROD_REVIEWS_BY_STARS"] =
            [In("batch_size", Integer), Out("found", Integer), In("prod_in", Integer), In("stars_in", Integer), .. ReviewArrays],
        ["GET_PROD_REVIEWS_BY_ACTOR"] =
            [In("batch_size", Integer), Out("found", Integer), In("actor_in", Text), Out("title_out", Texts), Out("actor_out", Texts), .. ReviewArrays],
        ["GET_PROD_REVIEWS_BY_TITLE"] =
            [In("batch_size", Integer), Out("found", Integer), In("title_in", Text), Out("title_out", Texts), Out("actor_out", Texts), .. ReviewArrays],
        ["PURCHASE"] =
        [
            In("customerid_in", Integer), In("number_items", Integer), In("netamount_in", Number), In("taxamount_in", Number),
            In("totalamount_in", Number), Out("neworderid_out", Integer), In("prod_id_in", Numbers), In("qty_in", Numbers),
        ],
    };

    public static TheoryData<string> Routines => [.. Ds3.Keys];

    [Fact]
    public void Every_routine_DS3s_Oracle_driver_calls_is_a_standalone_procedure_here()
    {
        var created = Regex.Matches(string.Join("\n", OracleEngine.Batches(SchemaPhase.Programmability)), @"^CREATE OR REPLACE PROCEDURE (\w+) \(", RegexOptions.Multiline)
            .Select(m => m.Groups[1].Value);
        Assert.Equal(Ds3.Keys.Order(), created.Order());
        Assert.Equal(Ds3.Keys.Order(), OracleDdlTests.Ds3Procedures.Order());
    }

    [Theory]
    [MemberData(nameof(Routines))]
    public void Each_procedure_declares_exactly_DS3s_parameters_in_DS3s_order(string routine) =>
        Assert.Equal(Ds3[routine], OracleStoreCommandsTests.Declared(routine));

    [Fact]
    public void A_parameter_moved_renamed_or_retyped_in_the_PLSQL_fails_the_comparison()
    {
        var login = OracleDdlTests.Procedure("LOGIN");
        var swapped = login.Replace("    found OUT INTEGER,\n    customerid_out OUT INTEGER,", "    customerid_out OUT INTEGER,\n    found OUT INTEGER,", StringComparison.Ordinal);
        var renamed = login.Replace("batch_size IN INTEGER", "batch_size_in IN INTEGER", StringComparison.Ordinal);
        var retyped = login.Replace("title_out OUT DS3_TYPES.ARRAY_TYPE", "title_out OUT SYS_REFCURSOR", StringComparison.Ordinal);
        foreach (var mutant in new[] { swapped, renamed, retyped })
        {
            Assert.NotEqual(login, mutant);
            Assert.NotEqual(Ds3["LOGIN"], OracleStoreCommandsTests.Declared(mutant, "LOGIN"));
        }
    }

    [Theory]
    [MemberData(nameof(Routines))]
    public void Every_OUT_is_assigned_before_any_exit(string routine)
    {
        var text = PlSqlLint.StripCommentsAndStrings(OracleDdlTests.Procedure(routine));
        var body = text[text.IndexOf("\nBEGIN\n", StringComparison.Ordinal)..];
        foreach (var (name, _, _) in Ds3[routine].Where(p => p.Mode == "OUT" && p.Type is Integer))
        {
            // Assigned (or BULK COLLECTed/SELECTed INTO) somewhere, and every RETURN is preceded in its block by an assignment.
            Assert.Matches(new Regex($@"(\b{name} :=|INTO[\s\w,]*\b{name}\b)", RegexOptions.IgnoreCase), body);
        }

        if (Ds3[routine].Any(p => p.Name == "found"))
        {
            // found is set to 0 first, so an exception handler or an empty search leaves 0, never NULL.
            Assert.Matches(new Regex(@"^BEGIN\s+found := 0;", RegexOptions.Multiline), text[text.IndexOf("\nBEGIN\n", StringComparison.Ordinal)..].TrimStart('\n'));
        }
    }

    [Theory]
    [MemberData(nameof(Routines))]
    public void Every_parameter_name_used_in_a_body_is_declared_by_its_procedure(string routine)
    {
        var text = PlSqlLint.StripCommentsAndStrings(OracleDdlTests.Procedure(routine));
        var body = text[text.IndexOf("\nAS\n", StringComparison.Ordinal)..];
        var declared = OracleStoreCommandsTests.Declared(routine).Select(d => d.Name).ToHashSet(StringComparer.OrdinalIgnoreCase);
        var used = Regex.Matches(body, @"\b\w+_(in|out)\b", RegexOptions.IgnoreCase).Select(m => m.Value).Distinct();
        Assert.All(used, name => Assert.True(declared.Contains(name), $"{routine} uses {name}, which it does not declare"));
        Assert.All(declared.Where(d => d.EndsWith("_in", StringComparison.OrdinalIgnoreCase)), name =>
            Assert.True(Regex.IsMatch(body, $@"\b{name}\b", RegexOptions.IgnoreCase), $"{routine} never reads {name}"));
        PlSqlLint.Check(OracleDdlTests.Procedure(routine));
    }

    private static (string, string, string) In(string name, string type) => (name, "IN", type);

    private static (string, string, string) Out(string name, string type) => (name, "OUT", type);
}
