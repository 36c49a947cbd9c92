namespace DvdStore.Tests.Schema.SqlServer;

/// <summary>
/// Every result-set column of every procedure has the type DS3's SQL Server driver reads it with (docs/ds3-compatibility.md, "How DS3's drivers call the store"): SqlClient's typed getters are strict, so GetInt32 needs INT, GetByte TINYINT, GetDecimal a
/// DECIMAL/NUMERIC/MONEY, GetSqlDateTime DATETIME/SMALLDATETIME, GetString a character type; the NEW_* ids are read
/// through ToString (any integer type). Column types come from <see cref="SqlServerResultColumnTypes"/> (ScriptDom over
/// the procedures and the store's CREATE TABLEs); each procedure's result SELECTs must each match one of DS3's shapes and
/// each shape must be returned by some SELECT. Mutations of the DDL or the procedures turn the comparison red.
/// </summary>
public class SqlServerResultColumnTypeTests
{
    private static readonly string[] Int = ["INT"];
    private static readonly string[] Byte = ["TINYINT"];
    private static readonly string[] Text = ["VARCHAR", "NVARCHAR", "CHAR", "NCHAR"];
    private static readonly string[] Money = ["DECIMAL", "NUMERIC", "MONEY", "SMALLMONEY"];
    private static readonly string[] DateTime = ["DATETIME", "SMALLDATETIME"];
    private static readonly string[] AnyInteger = ["INT", "BIGINT", "SMALLINT", "TINYINT", "NUMERIC", "DECIMAL"];
    private static readonly string[] NotRead = ["*"];

    private static readonly string[][] Products = [Int, Byte, Text, Text, Money, Byte, Int, NotRead];

    private static readonly string[][] Reviews = [Int, Int, DateTime, Int, Int, Text, Text, Int];

    private static readonly string[][] ProductReviews = [Int, Text, Text, Int, DateTime, Int, Int, Text, Text, Int];

    /// <summary>DS3's reading of each procedure's result sets: per result set, per column, the types its getter accepts.</summary>
    internal static readonly Dictionary<string, string[][][]> Ds3Reads = new()
    {
        ["LOGIN"] = [[Int], [Text, Text, Text]],
        ["NEW_CUSTOMER"] = [[AnyInteger]],
        ["NEW_MEMBER"] = [[AnyInteger]],
        ["NEW_PROD_REVIEW"] = [[AnyInteger]],
        ["NEW_REVIEW_HELPFULNESS"] = [[AnyInteger]],
        ["BROWSE_BY_CATEGORY"] = [Products],
        ["BROWSE_BY_ACTOR"] = [Products],
        ["BROWSE_BY_TITLE"] = [Products],
        ["GET_PROD_REVIEWS"] = [Reviews],
        ["GET_PROD_REVIEWS_BY_STARS"] = [Reviews],
        ["GET_PROD_REVIEWS_BY_DATE"] = [Reviews],
        ["GET_PROD_REVIEWS_BY_ACTOR"] = [ProductReviews],
        ["GET_PROD_REVIEWS_BY_TITLE"] = [ProductReviews],
        ["PURCHASE"] = [[Int]],
    };

    public static TheoryData<string> Procedures => [.. Ds3Reads.Keys];

    /// <summary>Mutations a maintainer could make, each of which DS3's driver would fail on at run time.</summary>
    public static TheoryData<string, string, string, string> Mutations => new()
    {
        { "review date left as DATE", "CAST(r.REVIEW_DATE AS DATETIME) AS REVIEW_DATE", "r.REVIEW_DATE", "GET_PROD_REVIEWS" },
        { "helpfulness sum left BIGINT", "CAST(t.TOTAL AS INT) AS TOTAL", "CAST(t.TOTAL AS BIGINT) AS TOTAL", "GET_PROD_REVIEWS_BY_DATE" },
        { "review id read through a derived table", "CAST(c.TOTAL AS INT) AS TOTAL", "c.TOTAL", "GET_PROD_REVIEWS_BY_ACTOR" },
        { "CATEGORY widened in the table", "  CATEGORY TINYINT NOT NULL,", "  CATEGORY SMALLINT NOT NULL,", "BROWSE_BY_TITLE" },
        { "LOGIN id left BIGINT", "SELECT CAST(@customerid AS INT) AS CUSTOMERID;", "SELECT @customerid AS CUSTOMERID;", "LOGIN" },
        { "PURCHASE id left BIGINT", "SELECT CAST(@orderid AS INT) AS ORDERID;", "SELECT @orderid AS ORDERID;", "PURCHASE" },
    };

    [Theory]
    [MemberData(nameof(Procedures))]
    public void Each_result_column_has_the_type_DS3s_SqlClient_getter_reads(string procedure)
    {
        var problems = Compare(new SqlServerResultColumnTypes(s => s).ResultSets(), procedure);
        Assert.True(problems.Count == 0, string.Join("\n", problems));
    }

    [Fact]
    public void Every_procedure_with_result_sets_is_in_the_facts_table()
    {
        var resultSets = new SqlServerResultColumnTypes(s => s).ResultSets();
        Assert.Equal(Ds3Reads.Keys.Order(), resultSets.Where(r => r.Value.Count > 0).Select(r => r.Key).Order());
    }

    [Theory]
    [MemberData(nameof(Mutations))]
    public void A_mutation_DS3s_driver_would_fail_on_turns_the_comparison_red(string what, string from, string to, string procedure)
    {
        var mutated = new SqlServerResultColumnTypes(s => s.Replace(from, to, StringComparison.Ordinal));
        var original = new SqlServerResultColumnTypes(s => s);
        Assert.NotEqual(Flatten(original.ResultSets()[procedure]), Flatten(mutated.ResultSets()[procedure]));
        Assert.True(Compare(mutated.ResultSets(), procedure).Count > 0, what);
    }

    private static List<string> Compare(IReadOnlyDictionary<string, IReadOnlyList<string[]>> resultSets, string procedure)
    {
        var problems = new List<string>();
        var actual = resultSets[procedure];
        var expected = Ds3Reads[procedure];
        foreach (var select in actual)
        {
            if (!expected.Any(shape => Matches(shape, select)))
            {
                problems.Add($"{procedure}: a result set ({string.Join(", ", select)}) matches none of DS3's shapes");
            }
        }

        foreach (var shape in expected.Where(shape => !actual.Any(select => Matches(shape, select))))
        {
            problems.Add($"{procedure}: no result set has DS3's shape ({string.Join(", ", shape.Select(c => string.Join("|", c)))})");
        }

        return problems;
    }

    private static bool Matches(string[][] shape, string[] select) =>
        shape.Length == select.Length && shape.Zip(select).All(c => c.First.SequenceEqual(NotRead) || c.First.Contains(c.Second));

    private static string Flatten(IReadOnlyList<string[]> selects) => string.Join(" / ", selects.Select(s => string.Join(",", s)));
}
