using DvdStore.Schema.Engines.SqlServer;

using Microsoft.SqlServer.TransactSql.ScriptDom;

namespace DvdStore.Tests.Schema.SqlServer;

/// <summary>Every batch the SQL Server engine sends or ships parses as T-SQL, and the DDL has the intended shape.</summary>
public class SqlServerScriptTests
{
    private static readonly SqlServerEngine Engine = new();

    public static TheoryData<string, string> EveryBatch()
    {
        var data = new TheoryData<string, string>();
        void AddAll(string source, IEnumerable<string> batches)
        {
            var i = 0;
            foreach (var batch in batches)
            {
                data.Add($"{source} #{i++}", batch);
            }
        }

        foreach (var phase in Enum.GetValues<SchemaPhase>())
        {
            AddAll(phase.ToString(), SqlServerEngine.Batches(phase));
        }

        AddAll("Keys on 64 CPUs", SqlServerEngine.Batches(SchemaPhase.Keys, serverCpus: 64));

        foreach (var file in new[] { "fulltext.sql", "procedures.sql", "reorder-trigger.sql", "drop.sql", "drop-catalog.sql" })
        {
            AddAll(file, SqlServerEngine.Script(file).Batches);
        }

        AddAll("drop", SqlServerEngine.DropBatches());
        AddAll("analyze", SqlServerEngine.AnalyzeBatches());
        AddAll("runtime", [SqlServerEngine.ResetIdentitySql, SqlServerEngine.StoreExistsSql, SqlServerServerFacts.VersionSql, SqlServerServerFacts.SysInfoSql,
            SqlServerServerFacts.MaxDopSql, SqlServerEngine.PopulateStatusSql, SqlServerGuarantees.Query, SqlServerCommandBuilder.Prices([3, 1, 3, 7]).CommandText]);
        return data;
    }

    [Theory]
    [MemberData(nameof(EveryBatch))]
    public void Every_batch_parses_as_TSql160_without_errors(string source, string batch)
    {
        Assert.False(string.IsNullOrWhiteSpace(source));
        TSql.ParseClean(batch);
    }

    [Theory]
    [InlineData("CREATE OR ALTER PROCEDURE P AS BEGIN SELECT 1")]
    [InlineData("SELECT TOP (@n) X FROM T WHERE CONTAINS(X, @s")]
    [InlineData("UPDATE T SET A = 1 WHERE")]
    public void The_parser_gate_rejects_broken_TSql(string broken)
    {
        TSql.Parse(broken, out var errors);
        Assert.NotEmpty(errors);
    }

    [Fact]
    public void RenderDdl_separates_each_batch_with_a_GO_line_and_the_whole_text_parses_as_a_script()
    {
        foreach (var phase in Enum.GetValues<SchemaPhase>())
        {
            var ddl = Engine.RenderDdl(phase);
            var goLines = ddl.Split('\n').Count(l => l.Trim() == "GO");
            Assert.Equal(SqlServerEngine.Batches(phase).Count, goLines);
            var script = Assert.IsType<TSqlScript>(TSql.ParseClean(ddl));
            Assert.Equal(goLines, script.Batches.Count);
        }
    }

    [Fact]
    public void Tables_phase_creates_every_store_table_with_64_bit_identity_ids_and_the_16_categories()
    {
        var fragment = TSql.ParseClean(Engine.RenderDdl(SchemaPhase.Tables));
        var tables = TSql.All<CreateTableStatement>(fragment);
        Assert.Equal(StoreModel.Tables.Select(t => t.Name), tables.Select(t => t.SchemaObjectName.BaseIdentifier.Value));
        foreach (var table in StoreModel.Tables.Where(t => t.IdentityColumn is not null))
        {
            var created = tables.Single(t => t.SchemaObjectName.BaseIdentifier.Value == table.Name);
            var id = created.Definition.ColumnDefinitions.Single(c => c.ColumnIdentifier.Value == table.IdentityColumn);
            Assert.NotNull(id.IdentityOptions);
            Assert.Equal("BIGINT", ((SqlDataTypeReference)id.DataType).SqlDataTypeOption.ToString().ToUpperInvariant());
        }

        Assert.Equal(16, TSql.All<InsertStatement>(fragment).Count);
        var ddl = Engine.RenderDdl(SchemaPhase.Tables);
        AssertText.ContainsAll(ddl, "PRICE NUMERIC(12,2) NOT NULL", "ORDERDATE DATE NOT NULL", "ZIP VARCHAR(9)");
        Assert.DoesNotContain("NVARCHAR", ddl);
    }

    [Fact]
    public void Keys_phase_builds_every_index_and_foreign_key_and_the_full_text_index_on_actor_and_title()
    {
        var fragment = TSql.ParseClean(Engine.RenderDdl(SchemaPhase.Keys));
        Assert.Equal(StoreModel.Indexes.Select(i => i.Name), TSql.All<CreateIndexStatement>(fragment).Select(i => i.Name.Value));
        Assert.Equal(StoreModel.ForeignKeys.Count, TSql.All<ForeignKeyConstraintDefinition>(fragment).Count);
        Assert.Single(TSql.All<CreateFullTextCatalogStatement>(fragment));
        var fullText = Assert.Single(TSql.All<CreateFullTextIndexStatement>(fragment));
        Assert.Equal("PRODUCTS", fullText.OnName.BaseIdentifier.Value);
        Assert.Equal(["ACTOR", "TITLE"], fullText.FullTextIndexColumns.Select(c => c.Name.Value));
        Assert.Equal("PK_PRODUCTS", fullText.KeyIndexName.Value);
    }

    [Fact]
    public void Restock_is_an_after_update_trigger_on_inventory_that_works_on_whole_row_sets()
    {
        var trigger = Assert.Single(TSql.All<CreateOrAlterTriggerStatement>(TSql.ParseClean(SqlServerEngine.Script("reorder-trigger.sql").Batches.Single())));
        Assert.Equal("RESTOCK", trigger.Name.BaseIdentifier.Value);
        Assert.Equal("INVENTORY", ((TriggerObject)trigger.TriggerObject).Name.BaseIdentifier.Value);
        Assert.Equal(TriggerType.After, trigger.TriggerType);
        Assert.Equal(TriggerActionType.Update, Assert.Single(trigger.TriggerActions).TriggerActionType);
        // Set-based: no scalar variable holds "the" changed row, both statements join inserted to deleted.
        Assert.Empty(TSql.All<DeclareVariableStatement>(trigger));
        Assert.Single(TSql.All<InsertStatement>(trigger));
        Assert.Single(TSql.All<UpdateStatement>(trigger));
        Assert.Equal(4, TSql.All<NamedTableReference>(trigger).Count(t => t.SchemaObject.BaseIdentifier.Value is "inserted" or "deleted"));
    }

    [Fact]
    public void Purchase_takes_stock_with_a_conditional_update_in_ascending_product_order_inside_one_transaction()
    {
        var procedures = TSql.ParseClean(string.Join("\nGO\n", SqlServerEngine.Script("procedures.sql").Batches));
        var purchase = TSql.All<CreateOrAlterProcedureStatement>(procedures).Single(p => p.ProcedureReference.Name.BaseIdentifier.Value == "PURCHASE");
        var update = Assert.Single(TSql.All<UpdateStatement>(purchase));
        Assert.Equal("INVENTORY", ((NamedTableReference)update.UpdateSpecification.Target).SchemaObject.BaseIdentifier.Value);
        var where = update.UpdateSpecification.WhereClause.SearchCondition;
        var comparisons = TSql.All<BooleanComparisonExpression>(where);
        Assert.Contains(comparisons, c => c.ComparisonType == BooleanComparisonType.GreaterThanOrEqualTo);
        Assert.NotNull(update.UpdateSpecification.OutputIntoClause);
        Assert.Single(TSql.All<BeginTransactionStatement>(purchase));
        Assert.Single(TSql.All<CommitTransactionStatement>(purchase));
        Assert.Single(TSql.All<RollbackTransactionStatement>(purchase));
        var cart = TSql.All<InsertStatement>(purchase).First();
        var order = Assert.IsType<OrderByClause>(((QuerySpecification)((SelectInsertSource)cart.InsertSpecification.InsertSource).Select).OrderByClause);
        Assert.Equal("PROD_ID", ((ColumnReferenceExpression)order.OrderByElements[0].Expression).MultiPartIdentifier.Identifiers.Last().Value);
    }

    [Fact]
    public void Searches_go_through_CONTAINS_with_the_words_made_into_an_AND_of_quoted_terms()
    {
        var text = SqlServerEngine.Script("procedures.sql").Text;
        Assert.Contains("STRING_AGG(CAST(N'\"' + w.word + N'\"' AS NVARCHAR(MAX)), N' AND ')", text);
        var procedures = TSql.ParseClean(string.Join("\nGO\n", SqlServerEngine.Script("procedures.sql").Batches));
        foreach (var name in new[] { "BROWSE_BY_ACTOR", "BROWSE_BY_TITLE", "GET_PROD_REVIEWS_BY_ACTOR", "GET_PROD_REVIEWS_BY_TITLE" })
        {
            var procedure = TSql.All<CreateOrAlterProcedureStatement>(procedures).Single(p => p.ProcedureReference.Name.BaseIdentifier.Value == name);
            var contains = Assert.Single(TSql.All<FullTextPredicate>(procedure));
            Assert.Equal(FullTextFunctionType.Contains, contains.FullTextFunctionType);
            Assert.Equal(name.EndsWith("ACTOR", StringComparison.Ordinal) ? "ACTOR" : "TITLE", contains.Columns.Single().MultiPartIdentifier.Identifiers.Last().Value);
            Assert.Equal("@search", Assert.IsType<VariableReference>(contains.Value).Name);
        }
    }

    [Fact]
    public void Drop_removes_procedures_before_tables_children_first_and_the_catalog_last()
    {
        var batches = SqlServerEngine.DropBatches();
        Assert.StartsWith("-- Everything", batches[0]);
        var tables = batches.Where(b => b.StartsWith("DROP TABLE", StringComparison.Ordinal)).ToList();
        Assert.Equal(StoreModel.Tables.Count, tables.Count);
        Assert.True(tables.IndexOf("DROP TABLE IF EXISTS REVIEWS") < tables.IndexOf("DROP TABLE IF EXISTS PRODUCTS"));
        Assert.True(tables.IndexOf("DROP TABLE IF EXISTS ORDERS") < tables.IndexOf("DROP TABLE IF EXISTS CUSTOMERS"));
        Assert.Contains("DROP FULLTEXT CATALOG", batches[^1]);
    }

    [Fact]
    public void Identity_reset_and_parameters_use_the_SQL_Server_placeholder()
    {
        Assert.Equal("@x", Engine.Parameter("x"));
        Assert.Contains("DBCC CHECKIDENT (@table, RESEED, @next)", SqlServerEngine.ResetIdentitySql);
        Assert.Equal(PurchaseRequest.MaxItems, 10);
    }
}
