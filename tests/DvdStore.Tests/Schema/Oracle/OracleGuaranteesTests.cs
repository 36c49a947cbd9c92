using System.Data;
using System.Text.RegularExpressions;

using DvdStore.Schema.Engines.Oracle;

namespace DvdStore.Tests.Schema.Oracle;

/// <summary>
/// What verify may skip on Oracle, from canned dictionary rows (no server here): a primary key ENABLED and VALIDATED on
/// a VALID index and a foreign key ENABLED and VALIDATED prove their checks; ENABLE NOVALIDATE (RELY or not), DISABLED,
/// an UNUSABLE index, a nullable unique column or a two-column key prove nothing. The query names only documented
/// dictionary columns and passes the parse-level lint.
/// </summary>
public partial class OracleGuaranteesTests
{
    /// <summary>The columns of the dictionary views the query reads, as Oracle's Database Reference (19c, 23ai) documents them.</summary>
    private static readonly Dictionary<string, HashSet<string>> Documented = new(StringComparer.Ordinal)
    {
        ["USER_CONSTRAINTS"] =
        [
            "OWNER", "CONSTRAINT_NAME", "CONSTRAINT_TYPE", "TABLE_NAME", "SEARCH_CONDITION", "SEARCH_CONDITION_VC", "R_OWNER",
            "R_CONSTRAINT_NAME", "DELETE_RULE", "STATUS", "DEFERRABLE", "DEFERRED", "VALIDATED", "GENERATED", "BAD", "RELY",
            "LAST_CHANGE", "INDEX_OWNER", "INDEX_NAME", "INVALID", "VIEW_RELATED", "ORIGIN_CON_ID",
        ],
        ["USER_CONS_COLUMNS"] = ["OWNER", "CONSTRAINT_NAME", "TABLE_NAME", "COLUMN_NAME", "POSITION"],
        ["USER_INDEXES"] = ["INDEX_NAME", "INDEX_TYPE", "TABLE_OWNER", "TABLE_NAME", "TABLE_TYPE", "UNIQUENESS", "STATUS", "PARTITIONED", "VISIBILITY"],
        ["USER_TAB_COLUMNS"] = ["TABLE_NAME", "COLUMN_NAME", "DATA_TYPE", "DATA_LENGTH", "NULLABLE", "COLUMN_ID"],
    };

    [Fact]
    public async Task Enabled_validated_keys_prove_their_checks_and_name_the_constraint()
    {
        var (guarantees, connection) = await ReadAsync(
            Key("P", "INVENTORY", "PROD_ID", "PK_INVENTORY"),
            Key("U", "CUSTOMERS", "USERNAME", "UQ_CUSTOMERS_USERNAME"),
            Reference("REVIEWS_HELPFULNESS", "REVIEW_ID", "REVIEWS", "REVIEW_ID", "FK_REVIEWS_HELP_REVIEW_ID"));

        Assert.Equal("primary key PK_INVENTORY (enabled, validated)", guarantees.Unique("INVENTORY", "PROD_ID"));
        Assert.Equal("unique constraint UQ_CUSTOMERS_USERNAME (enabled, validated)", guarantees.Unique("CUSTOMERS", "USERNAME"));
        Assert.Equal("foreign key FK_REVIEWS_HELP_REVIEW_ID (enabled, validated)", guarantees.Reference("REVIEWS_HELPFULNESS", "REVIEW_ID", "REVIEWS", "REVIEW_ID"));
        var sent = Assert.Single(connection.Executed);
        Assert.Equal(OracleGuarantees.Query, sent.CommandText);
        Assert.Empty(sent.Parameters);
    }

    [Fact]
    public async Task Novalidate_disabled_an_unusable_index_a_nullable_unique_column_or_two_columns_prove_nothing()
    {
        var (guarantees, _) = await ReadAsync(
            Key("P", "INVENTORY", "PROD_ID", "PK_INVENTORY", indexStatus: "UNUSABLE"),
            Key("P", "ORDERS", "ORDERID", "PK_ORDERS", validated: "NOT VALIDATED"),
            Key("P", "PRODUCTS", "PROD_ID", "PK_PRODUCTS", status: "DISABLED", validated: "NOT VALIDATED"),
            Key("U", "CUSTOMERS", "USERNAME", "UQ_CUSTOMERS_USERNAME", nullable: "Y"),
            Key("P", "REVIEWS_HELPFULNESS", "REVIEW_HELPFULNESS_ID", "PK_RH", keyColumns: 2),
            Reference("ORDERLINES", "ORDERID", "ORDERS", "ORDERID", "FK_ORDERLINES_ORDERID", validated: "NOT VALIDATED"),
            Reference("CUST_HIST", "CUSTOMERID", "CUSTOMERS", "CUSTOMERID", "FK_CUST_HIST_CUSTOMERID", status: "DISABLED"),
            Reference("ORDERS", "CUSTOMERID", "CUSTOMERS", "CUSTOMERID", "FK_ORDERS_CUSTOMERID", keyColumns: 2));

        Assert.Null(guarantees.Unique("INVENTORY", "PROD_ID"));
        Assert.Null(guarantees.Unique("ORDERS", "ORDERID"));
        Assert.Null(guarantees.Unique("PRODUCTS", "PROD_ID"));
        Assert.Null(guarantees.Unique("CUSTOMERS", "USERNAME"));
        Assert.Null(guarantees.Unique("REVIEWS_HELPFULNESS", "REVIEW_HELPFULNESS_ID"));
        Assert.Null(guarantees.Reference("ORDERLINES", "ORDERID", "ORDERS", "ORDERID"));
        Assert.Null(guarantees.Reference("CUST_HIST", "CUSTOMERID", "CUSTOMERS", "CUSTOMERID"));
        Assert.Null(guarantees.Reference("ORDERS", "CUSTOMERID", "CUSTOMERS", "CUSTOMERID"));
    }

    [Fact]
    public void The_query_passes_the_lint_and_names_only_documented_dictionary_columns()
    {
        PlSqlLint.Check(OracleGuarantees.Query);
        Assert.Empty(Undocumented(OracleGuarantees.Query));
    }

    [Theory]
    [InlineData("SELECT c.VALIDATE FROM USER_CONSTRAINTS c", "USER_CONSTRAINTS.VALIDATE")]
    [InlineData("SELECT c.STATUS FROM USER_CONSTRAINT c", "USER_CONSTRAINT")]
    public void A_misspelt_view_or_column_fails_the_column_check(string sql, string reported) =>
        Assert.Contains(reported, Undocumented(sql));

    [Fact]
    public void The_loader_adds_keys_enabled_and_validated_so_the_dictionary_proves_them()
    {
        var keys = OracleEngine.Batches(SchemaPhase.Keys).Where(b => b.Contains("FOREIGN KEY", StringComparison.Ordinal)).ToList();
        var tables = OracleEngine.Batches(SchemaPhase.Tables).Where(b => b.Contains("PRIMARY KEY", StringComparison.Ordinal)).ToList();

        Assert.Equal(StoreModel.ForeignKeys.Count, keys.Count);
        Assert.NotEmpty(tables);
        // ENABLE NOVALIDATE, RELY or DISABLE would leave the rows unchecked, and verify would count every check.
        Assert.All(keys.Concat(tables), b => Assert.DoesNotMatch(StateWords(), b));
    }

    /// <summary>Every alias.COLUMN of <paramref name="sql"/> whose alias names a view not documented, or a column the view lacks.</summary>
    private static List<string> Undocumented(string sql)
    {
        var aliases = SourcePattern().Matches(sql).ToDictionary(m => m.Groups[2].Value, m => m.Groups[1].Value, StringComparer.Ordinal);
        var problems = aliases.Values.Where(v => !Documented.ContainsKey(v)).Distinct().ToList();
        foreach (Match column in ColumnPattern().Matches(sql))
        {
            if (aliases.TryGetValue(column.Groups[1].Value, out var view) && Documented.TryGetValue(view, out var columns) && !columns.Contains(column.Groups[2].Value))
            {
                problems.Add($"{view}.{column.Groups[2].Value}");
            }
        }

        Assert.NotEmpty(aliases);
        return problems;
    }

    private static async Task<(ServerGuarantees Guarantees, FakeOracleConnection Connection)> ReadAsync(params object?[][] rows)
    {
        var connection = new FakeOracleConnection
        {
            Respond = command =>
            {
                var table = OracleStoreCommandsTests.Table(
                    ("CONSTRAINT_TYPE", typeof(string)), ("TABLE_NAME", typeof(string)), ("COLUMN_NAME", typeof(string)), ("R_TABLE_NAME", typeof(string)),
                    ("R_COLUMN_NAME", typeof(string)), ("CONSTRAINT_NAME", typeof(string)), ("KEY_COLUMNS", typeof(decimal)), ("STATUS", typeof(string)),
                    ("VALIDATED", typeof(string)), ("INDEX_STATUS", typeof(string)), ("NULLABLE", typeof(string)));
                foreach (var row in rows)
                {
                    table.Rows.Add(row);
                }

                return table;
            },
        };
        return (await new OracleEngine(() => new FakeOracleFactory()).GuaranteesAsync(connection, None), connection);
    }

    /// <summary>A primary key or unique constraint row; COUNT(*) comes as NUMBER (decimal), as ODP.NET returns it.</summary>
    private static object?[] Key(
        string type, string table, string column, string name, string status = "ENABLED", string validated = "VALIDATED",
        string indexStatus = "VALID", string nullable = "N", int keyColumns = 1) =>
        [type, table, column, DBNull.Value, DBNull.Value, name, (decimal)keyColumns, status, validated, indexStatus, nullable];

    /// <summary>A foreign key row: no index of its own (INDEX_NAME is NULL, so the index's STATUS is too).</summary>
    private static object?[] Reference(
        string table, string column, string referencedTable, string referencedColumn, string name, string status = "ENABLED",
        string validated = "VALIDATED", int keyColumns = 1) =>
        ["R", table, column, referencedTable, referencedColumn, name, (decimal)keyColumns, status, validated, DBNull.Value, "Y"];

    [GeneratedRegex(@"\b(?:FROM|JOIN)\s+(\w+)\s+(\w+)", RegexOptions.IgnoreCase)]
    private static partial Regex SourcePattern();

    [GeneratedRegex(@"\b(\w+)\.(\w+)\b")]
    private static partial Regex ColumnPattern();

    [GeneratedRegex(@"\b(NOVALIDATE|RELY|DISABLE|NOCHECK)\b", RegexOptions.IgnoreCase)]
    private static partial Regex StateWords();
}
