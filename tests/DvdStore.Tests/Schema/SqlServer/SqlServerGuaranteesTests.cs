using System.Data;

using DvdStore.Schema.Engines.SqlServer;
using DvdStore.Tests.Schema.Oracle;

using Microsoft.SqlServer.TransactSql.ScriptDom;

namespace DvdStore.Tests.Schema.SqlServer;

/// <summary>
/// What verify may skip on SQL Server, from canned catalog rows (no server here): an enabled primary key and a trusted,
/// enabled foreign key prove their checks; a disabled index, a key not trusted (added WITH NOCHECK), a disabled or
/// NOT FOR REPLICATION key, a nullable unique column or a two-column key prove nothing. The query's text is checked by
/// SqlServerScriptTests (parses) and SqlServerDmvColumnTests (documented columns).
/// </summary>
public class SqlServerGuaranteesTests
{
    [Fact]
    public async Task Enabled_keys_and_trusted_foreign_keys_prove_their_checks_and_name_the_constraint()
    {
        var (guarantees, connection) = await ReadAsync(
            Key("PK", "INVENTORY", "PROD_ID", "PK_INVENTORY"),
            Key("UQ", "CUSTOMERS", "USERNAME", "UQ_CUSTOMERS_USERNAME"),
            Reference("ORDERLINES", "ORDERID", "ORDERS", "ORDERID", "FK_ORDERLINES_ORDERID"));

        Assert.Equal("primary key PK_INVENTORY (index enabled)", guarantees.Unique("INVENTORY", "PROD_ID"));
        Assert.Equal("unique constraint UQ_CUSTOMERS_USERNAME (index enabled)", guarantees.Unique("CUSTOMERS", "USERNAME"));
        Assert.Equal("foreign key FK_ORDERLINES_ORDERID (trusted, enabled)", guarantees.Reference("ORDERLINES", "ORDERID", "ORDERS", "ORDERID"));
        Assert.Null(guarantees.Reference("ORDERLINES", "ORDERID", "CUSTOMERS", "CUSTOMERID"));
        var sent = Assert.Single(connection.Executed);
        Assert.Equal(SqlServerGuarantees.Query, sent.CommandText);
        Assert.Empty(sent.Parameters);
    }

    [Fact]
    public async Task Names_as_the_catalog_holds_them_are_matched_whatever_their_case()
    {
        var (guarantees, _) = await ReadAsync(Key("PK", "Inventory", "Prod_Id", "PK_Inventory"), Reference("OrderLines", "OrderId", "Orders", "OrderId", "FK_x"));

        Assert.NotNull(guarantees.Unique("INVENTORY", "PROD_ID"));
        Assert.NotNull(guarantees.Reference("ORDERLINES", "ORDERID", "ORDERS", "ORDERID"));
    }

    [Fact]
    public async Task A_disabled_index_an_untrusted_disabled_or_replication_key_a_nullable_unique_column_or_two_columns_prove_nothing()
    {
        var (guarantees, _) = await ReadAsync(
            Key("PK", "INVENTORY", "PROD_ID", "PK_INVENTORY", disabled: true),
            Key("UQ", "CUSTOMERS", "USERNAME", "UQ_CUSTOMERS_USERNAME", nullable: true),
            Key("PK", "REVIEWS_HELPFULNESS", "REVIEW_HELPFULNESS_ID", "PK_RH", keyColumns: 2),
            Reference("ORDERLINES", "ORDERID", "ORDERS", "ORDERID", "FK_ORDERLINES_ORDERID", notTrusted: true),
            Reference("CUST_HIST", "CUSTOMERID", "CUSTOMERS", "CUSTOMERID", "FK_CUST_HIST_CUSTOMERID", disabled: true, notTrusted: true),
            Reference("REVIEWS", "PROD_ID", "PRODUCTS", "PROD_ID", "FK_REVIEWS_PROD_ID", notForReplication: true),
            Reference("ORDERS", "CUSTOMERID", "CUSTOMERS", "CUSTOMERID", "FK_ORDERS_CUSTOMERID", keyColumns: 2));

        Assert.Null(guarantees.Unique("INVENTORY", "PROD_ID"));
        Assert.Null(guarantees.Unique("CUSTOMERS", "USERNAME"));
        Assert.Null(guarantees.Unique("REVIEWS_HELPFULNESS", "REVIEW_HELPFULNESS_ID"));
        Assert.Null(guarantees.Reference("ORDERLINES", "ORDERID", "ORDERS", "ORDERID"));
        Assert.Null(guarantees.Reference("CUST_HIST", "CUSTOMERID", "CUSTOMERS", "CUSTOMERID"));
        Assert.Null(guarantees.Reference("REVIEWS", "PROD_ID", "PRODUCTS", "PROD_ID"));
        Assert.Null(guarantees.Reference("ORDERS", "CUSTOMERID", "CUSTOMERS", "CUSTOMERID"));
    }

    [Fact]
    public void The_union_s_branches_have_the_same_columns_and_no_untyped_NULL()
    {
        var union = Assert.Single(TSql.All<BinaryQueryExpression>(TSql.ParseClean(SqlServerGuarantees.Query)));
        var (keys, references) = ((QuerySpecification)union.FirstQueryExpression, (QuerySpecification)union.SecondQueryExpression);
        Assert.Equal(keys.SelectElements.Count, references.SelectElements.Count);
        // A bare NULL is an int: the union would convert the foreign keys' referenced names to int and fail.
        Assert.DoesNotContain(keys.SelectElements.OfType<SelectScalarExpression>(), e => e.Expression is NullLiteral);
    }

    [Fact]
    public void The_loader_adds_foreign_keys_checked_so_the_server_trusts_them()
    {
        var added = SqlServerEngine.Batches(SchemaPhase.Keys)
            .SelectMany(b => TSql.All<AlterTableAddTableElementStatement>(TSql.ParseClean(b)))
            .Where(s => s.Definition.TableConstraints.OfType<ForeignKeyConstraintDefinition>().Any())
            .ToList();

        Assert.Equal(StoreModel.ForeignKeys.Count, added.Count);
        // WITH NOCHECK would leave every key is_not_trusted = 1, and verify would count every orphan check.
        Assert.All(added, s => Assert.NotEqual(ConstraintEnforcement.NoCheck, s.ExistingRowsCheckEnforcement));
    }

    private static async Task<(ServerGuarantees Guarantees, FakeOracleConnection Connection)> ReadAsync(params object?[][] rows)
    {
        var connection = new FakeOracleConnection
        {
            Respond = command =>
            {
                var table = OracleStoreCommandsTests.Table(
                    ("kind", typeof(string)), ("table_name", typeof(string)), ("column_name", typeof(string)), ("referenced_table", typeof(string)),
                    ("referenced_column", typeof(string)), ("constraint_name", typeof(string)), ("key_columns", typeof(int)), ("disabled", typeof(int)),
                    ("not_trusted", typeof(int)), ("not_for_replication", typeof(int)), ("nullable", typeof(int)));
                foreach (var row in rows)
                {
                    table.Rows.Add(row);
                }

                return table;
            },
        };
        return (await new SqlServerEngine().GuaranteesAsync(connection, None), connection);
    }

    /// <summary>A primary key or unique constraint row; the catalog's type is char(2), so "PK" and "UQ" come as they are.</summary>
    private static object?[] Key(string kind, string table, string column, string name, bool disabled = false, bool nullable = false, int keyColumns = 1) =>
        [kind, table, column, DBNull.Value, DBNull.Value, name, keyColumns, disabled ? 1 : 0, 0, 0, nullable ? 1 : 0];

    /// <summary>A foreign key row; 'F' comes padded to the union's char(2), as the key rows' type column makes it.</summary>
    private static object?[] Reference(
        string table, string column, string referencedTable, string referencedColumn, string name,
        bool disabled = false, bool notTrusted = false, bool notForReplication = false, int keyColumns = 1) =>
        ["F ", table, column, referencedTable, referencedColumn, name, keyColumns, disabled ? 1 : 0, notTrusted ? 1 : 0, notForReplication ? 1 : 0, 1];
}
