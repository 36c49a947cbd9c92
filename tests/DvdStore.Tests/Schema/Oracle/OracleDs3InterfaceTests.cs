using System.Text.RegularExpressions;

using DvdStore.Schema.Engines.Oracle;

namespace DvdStore.Tests.Schema.Oracle;

/// <summary>
/// The PL/SQL against DS3's Oracle interface (ds3-interface.md §4.2), structurally: every routine DS3's Oracle driver calls
/// exists as a standalone procedure with DS3's IN parameters — names, mode and type family in DS3's order — and DS3's OUT id;
/// the documented differences (docs/ds3-compatibility.md, Oracle) are listed here and nothing else may differ. Inside each
/// body, every parameter-like name (…_in, …_out) is one the procedure declares, as the PL/SQL compiler would demand.
/// </summary>
public class OracleDs3InterfaceTests
{
    private const string Number = "NUMBER";
    private const string Text = "VARCHAR2";
    private const string NumberArray = "DS3_TYPES.N_TYPE";

    /// <summary>DS3's IN parameters per routine, in order (INTEGER and NUMBER are both NUMBER here), and its OUT id if any.</summary>
    private static readonly Dictionary<string, ((string Name, string Type)[] In, string? IdOut)> Ds3 = new()
    {
        ["NEW_CUSTOMER"] = (
        [
            ("firstname_in", Text), ("lastname_in", Text), ("address1_in", Text), ("address2_in", Text), ("city_in", Text), ("state_in", Text),
            ("zip_in", Number), ("country_in", Text), ("region_in", Number), ("email_in", Text), ("phone_in", Text), ("creditcardtype_in", Number),
            ("creditcard_in", Text), ("creditcardexpiration_in", Text), ("username_in", Text), ("password_in", Text), ("age_in", Number),
            ("income_in", Number), ("gender_in", Text),
        ], "customerid_out"),
        ["NEW_MEMBER"] = ([("customerid_in", Number), ("membershiplevel_in", Number)], "customerid_out"),
        ["NEW_PROD_REVIEW"] = ([("prod_id_in", Number), ("stars_in", Number), ("customerid_in", Number), ("review_summary_in", Text), ("review_text_in", Text)], "review_id_out"),
        ["NEW_REVIEW_HELPFULNESS"] = ([("review_id_in", Number), ("customerid_in", Number), ("review_helpfulness_in", Number)], "review_helpfulness_id_out"),
        ["LOGIN"] = ([("username_in", Text), ("password_in", Text), ("batch_size", Number)], "customerid_out"),
        ["BROWSE_BY_CATEGORY"] = ([("batch_size", Number), ("category_in", Number)], null),
        ["BROWSE_BY_ACTOR"] = ([("batch_size", Number), ("actor_in", Text)], null),
        ["BROWSE_BY_TITLE"] = ([("batch_size", Number), ("title_in", Text)], null),
        ["GET_PROD_REVIEWS"] = ([("batch_size", Number), ("prod_in", Number)], null),
        ["GET_PROD_REVIEWS_BY_DATE"] = ([("batch_size", Number), ("prod_in", Number)], null),
        ["GET_PROD_REVIEWS_BY_STARS"] = ([("batch_size", Number), ("prod_in", Number), ("stars_in", Number)], null),
        ["GET_PROD_REVIEWS_BY_ACTOR"] = ([("batch_size", Number), ("actor_in", Text)], null),
        ["GET_PROD_REVIEWS_BY_TITLE"] = ([("batch_size", Number), ("title_in", Text)], null),
        ["PURCHASE"] = (
        [
            ("customerid_in", Number), ("number_items", Number), ("netamount_in", Number), ("taxamount_in", Number), ("totalamount_in", Number),
            ("prod_id_in", NumberArray), ("qty_in", NumberArray),
        ], "neworderid_out"),
    };

    /// <summary>
    /// The documented differences: DS3's batch_size is batch_size_in (the name every other engine uses), ZIP is text
    /// everywhere (leading zeros), and rows come back in one OUT cursor instead of `found` plus one array per column.
    /// </summary>
    private static readonly Dictionary<string, (string Name, string Type)> Renamed = new()
    {
        ["batch_size"] = ("batch_size_in", Number),
        ["zip_in"] = ("zip_in", Text),
    };

    private static readonly Dictionary<string, string> Cursors = new()
    {
        ["LOGIN"] = "history_out",
        ["BROWSE_BY_CATEGORY"] = "products_out",
        ["BROWSE_BY_ACTOR"] = "products_out",
        ["BROWSE_BY_TITLE"] = "products_out",
        ["GET_PROD_REVIEWS"] = "reviews_out",
        ["GET_PROD_REVIEWS_BY_DATE"] = "reviews_out",
        ["GET_PROD_REVIEWS_BY_STARS"] = "reviews_out",
        ["GET_PROD_REVIEWS_BY_ACTOR"] = "reviews_out",
        ["GET_PROD_REVIEWS_BY_TITLE"] = "reviews_out",
    };

    public static TheoryData<string> Routines => [.. Ds3.Keys];

    [Fact]
    public void Every_routine_DS3s_Oracle_driver_calls_is_a_standalone_procedure_here()
    {
        var created = Regex.Matches(string.Join("\n", OracleEngine.Script("procedures.sql").Batches), @"^CREATE OR REPLACE PROCEDURE (\w+) \(", RegexOptions.Multiline)
            .Select(m => m.Groups[1].Value);
        Assert.Equal(Ds3.Keys.Order(), created.Order());
        Assert.Equal(Ds3.Keys.Order(), OracleDdlTests.Ds3Procedures.Order());
    }

    [Theory]
    [MemberData(nameof(Routines))]
    public void Each_procedure_has_DS3s_IN_parameters_its_OUT_id_and_only_the_documented_differences(string routine)
    {
        var declared = OracleStoreCommandsTests.Declared(routine);
        var (ds3In, idOut) = Ds3[routine];
        var expectedIn = ds3In.Select(p => Renamed.TryGetValue(p.Name, out var r) ? r : p).ToList();
        var expected = routine == "PURCHASE"
            ? [.. expectedIn.Take(5).Select(p => (p.Name, "IN", p.Type)), (idOut!, "OUT", Number), .. expectedIn.Skip(5).Select(p => (p.Name, "IN", p.Type))]
            : expectedIn.Select(p => (p.Name, "IN", p.Type))
                .Concat(idOut is null ? [] : [(idOut, "OUT", Number)])
                .Concat(Cursors.TryGetValue(routine, out var cursor) ? [(cursor, "OUT", "SYS_REFCURSOR")] : [])
                .ToList();
        Assert.Equal(expected, declared);
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
}
