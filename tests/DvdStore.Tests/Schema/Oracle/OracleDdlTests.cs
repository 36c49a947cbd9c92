using System.Text.RegularExpressions;

using DvdStore.Schema.Engines.Oracle;

namespace DvdStore.Tests.Schema.Oracle;

/// <summary>The Oracle DDL of every phase, the PL/SQL programs and the drop/reset statements, checked without a server.</summary>
public class OracleDdlTests
{
    private static readonly OracleEngine Engine = new(() => new FakeOracleFactory());

    public static readonly string[] Ds3Procedures =
    [
        "LOGIN", "NEW_CUSTOMER", "NEW_MEMBER", "NEW_PROD_REVIEW", "NEW_REVIEW_HELPFULNESS", "PURCHASE", "BROWSE_BY_CATEGORY",
        "BROWSE_BY_ACTOR", "BROWSE_BY_TITLE", "GET_PROD_REVIEWS", "GET_PROD_REVIEWS_BY_STARS", "GET_PROD_REVIEWS_BY_DATE",
        "GET_PROD_REVIEWS_BY_ACTOR", "GET_PROD_REVIEWS_BY_TITLE",
    ];

    public static TheoryData<string, string> EveryBatch()
    {
        var data = new TheoryData<string, string>();
        foreach (var phase in Enum.GetValues<SchemaPhase>())
        {
            var i = 0;
            foreach (var batch in OracleEngine.Batches(phase))
            {
                data.Add($"{phase} #{i++}", batch);
            }
        }

        var keys = 0;
        foreach (var batch in OracleEngine.Batches(SchemaPhase.Keys, serverCpus: 64))
        {
            data.Add($"Keys on 64 CPUs #{keys++}", batch);
        }

        data.Add("drop", OracleEngine.DropBlock());
        data.Add("analyze", OracleEngine.AnalyzeBlock);
        data.Add("compile errors", OracleEngine.CompileErrorsSql);
        foreach (var statement in OracleEngine.ResetIdentityStatements(StoreModel.Orders, 12_000))
        {
            data.Add("reset", statement);
        }

        data.Add("facts", OracleServerFacts.ParameterSql);
        data.Add("osstat", OracleServerFacts.OsStatSql);
        return data;
    }

    [Theory]
    [MemberData(nameof(EveryBatch))]
    public void Every_statement_and_block_passes_the_parse_level_checks(string source, string batch)
    {
        Assert.False(string.IsNullOrWhiteSpace(source));
        PlSqlLint.Check(batch);
        Assert.DoesNotContain("@", PlSqlLint.StripCommentsAndStrings(batch));
    }

    [Theory]
    [InlineData("CREATE OR REPLACE PROCEDURE P AS BEGIN IF 1 = 1 THEN NULL; END; END P;")]
    [InlineData("CREATE OR REPLACE PROCEDURE P AS BEGIN LOOP NULL; END LOOP; END Q;")]
    [InlineData("CREATE OR REPLACE PROCEDURE P AS BEGIN NULL; END P")]
    [InlineData("SELECT 1 FROM DUAL;")]
    [InlineData("SELECT COUNT(* FROM DUAL")]
    [InlineData("SELECT 'open FROM DUAL")]
    public void The_lint_rejects_broken_Oracle_SQL(string broken) =>
        Assert.ThrowsAny<Xunit.Sdk.XunitException>(() => PlSqlLint.Check(broken));

    [Fact]
    public void RenderDdl_ends_every_batch_with_a_slash_line_and_needs_no_provider()
    {
        var engine = new OracleEngine(() => throw new InvalidOperationException("no provider here"));
        foreach (var phase in Enum.GetValues<SchemaPhase>())
        {
            var ddl = engine.RenderDdl(phase);
            Assert.Equal(OracleEngine.Batches(phase).Count, ddl.Split('\n').Count(l => l.Trim() == "/"));
            Assert.DoesNotContain("\r", ddl);
        }
    }

    [Fact]
    public void Tables_phase_creates_every_table_with_64_bit_ids_the_DS3_sequences_and_the_16_categories()
    {
        var ddl = Engine.RenderDdl(SchemaPhase.Tables);
        var created = Regex.Matches(ddl, @"^CREATE TABLE (\w+) \(", RegexOptions.Multiline).Select(m => m.Groups[1].Value);
        Assert.Equal(StoreModel.Tables.Select(t => t.Name), created);
        foreach (var table in StoreModel.Tables.Where(t => t.IdentityColumn is not null))
        {
            Assert.Contains($"  {table.IdentityColumn} NUMBER(19) NOT NULL", ddl);
            Assert.Contains($"CREATE SEQUENCE {OracleDialect.SequenceOf(table)} START WITH 1 ", ddl);
        }

        Assert.Equal(["CUSTOMERID_SEQ", "ORDERID_SEQ", "REVIEWID_SEQ", "REVIEWHELPFULNESSID_SEQ"], Regex.Matches(ddl, @"CREATE SEQUENCE (\w+)").Select(m => m.Groups[1].Value));
        Assert.Equal(16, Regex.Matches(ddl, "INSERT INTO CATEGORIES").Count);
        Assert.Contains("INSERT INTO CATEGORIES (CATEGORY, CATEGORYNAME) VALUES (14, 'Sci-Fi')", ddl);
        Assert.Equal("COMMIT", OracleEngine.Batches(SchemaPhase.Tables)[^1]);
        AssertText.ContainsAll(ddl, "PRICE NUMBER(12,2) NOT NULL", "ORDERDATE DATE NOT NULL", "ZIP VARCHAR2(9 CHAR)", "PROD_ID NUMBER(10) NOT NULL");
    }

    [Fact]
    public void Keys_phase_builds_every_index_and_foreign_key_and_Oracle_Text_indexes_on_actor_and_title()
    {
        var ddl = Engine.RenderDdl(SchemaPhase.Keys);
        foreach (var index in StoreModel.Indexes)
        {
            Assert.Contains($"CREATE {(index.Unique ? "UNIQUE " : "")}INDEX {OracleDialect.ShortName(index.Name)} ON {index.Table} ({string.Join(", ", index.Columns)})", ddl);
        }

        foreach (var key in StoreModel.ForeignKeys)
        {
            Assert.Contains($"ALTER TABLE {key.Table} ADD CONSTRAINT {OracleDialect.ShortName(key.Name)} FOREIGN KEY ({key.Column}) REFERENCES {key.ReferencedTable} ({key.ReferencedColumn}) ON DELETE", ddl);
        }

        AssertText.ContainsAll(ddl, "FK_REVIEWS_HELP_REVIEW_ID", "CREATE INDEX IX_ACTOR_TEXT ON PRODUCTS (ACTOR) INDEXTYPE IS CTXSYS.CONTEXT",
            "CREATE INDEX IX_TITLE_TEXT ON PRODUCTS (TITLE) INDEXTYPE IS CTXSYS.CONTEXT");
        Assert.Equal(2, Regex.Matches(ddl, "STOPLIST CTXSYS.EMPTY_STOPLIST").Count);
    }

    [Fact]
    public void No_name_passes_30_characters_and_no_index_repeats_a_primary_key_column_list()
    {
        foreach (var phase in Enum.GetValues<SchemaPhase>())
        {
            var code = PlSqlLint.StripCommentsAndStrings(Engine.RenderDdl(phase));
            var names = Regex.Matches(code, @"\b(?:TABLE|INDEX|CONSTRAINT|SEQUENCE|PROCEDURE|FUNCTION|PACKAGE|TRIGGER) (\w+)").Select(m => m.Groups[1].Value);
            Assert.All(names, n => Assert.True(n.Length <= OracleDialect.MaxIdentifierLength, n));
        }

        // ORA-01408: such column list already indexed.
        foreach (var index in StoreModel.Indexes)
        {
            Assert.False(StoreModel.Table(index.Table).PrimaryKey.SequenceEqual(index.Columns), index.Name);
        }
    }

    [Fact]
    public void Programmability_creates_the_DS3_procedures_by_name_plus_types_search_helper_and_trigger()
    {
        var objects = OracleEngine.ProgramObjects;
        Assert.Equal(("PACKAGE", "DS3_TYPES"), objects[0]);
        Assert.Equal(("FUNCTION", "DS_TEXT_ALL_WORDS"), objects[1]);
        Assert.Equal(Ds3Procedures, objects.Where(o => o.Type == "PROCEDURE").Select(o => o.Name));
        Assert.Equal(("TRIGGER", "RESTOCK"), objects[^1]);
        Assert.Equal(objects.Count, OracleEngine.Batches(SchemaPhase.Programmability).Count);
    }

    [Fact]
    public void Restock_is_a_before_update_row_trigger_that_logs_a_reorder_and_keeps_the_old_quantity()
    {
        var trigger = OracleEngine.Script("reorder-trigger.sql").Batches.Single();
        AssertText.ContainsAll(trigger, "BEFORE UPDATE OF QUAN_IN_STOCK ON INVENTORY\nFOR EACH ROW",
            "WHEN (NEW.QUAN_IN_STOCK < 3 AND NEW.QUAN_IN_STOCK < OLD.QUAN_IN_STOCK)", "INSERT INTO REORDER (PROD_ID, DATE_LOW, QUAN_LOW)",
            "VALUES (:NEW.PROD_ID, TRUNC(SYSDATE), :NEW.QUAN_IN_STOCK)", ":NEW.QUAN_IN_STOCK := :OLD.QUAN_IN_STOCK;");
        Assert.DoesNotContain("SALES", PlSqlLint.StripCommentsAndStrings(trigger));
    }

    [Fact]
    public void Purchase_takes_stock_by_conditional_update_in_product_order_and_rolls_back_whole_orders()
    {
        var purchase = Procedure("PURCHASE");
        AssertText.ContainsAll(purchase, "prod_id_in IN DS3_TYPES.N_TYPE", "qty_in IN DS3_TYPES.N_TYPE",
            "WHILE j >= 1 AND prods(by_product(j)) > prods(i) LOOP");
        var update = purchase.IndexOf("UPDATE INVENTORY", StringComparison.Ordinal);
        Assert.True(update > purchase.IndexOf("INSERT INTO ORDERS", StringComparison.Ordinal));
        AssertText.ContainsAll(purchase, "SET QUAN_IN_STOCK = QUAN_IN_STOCK - qtys(idx), SALES = SALES + qtys(idx)",
            "WHERE PROD_ID = prods(idx) AND QUAN_IN_STOCK >= qtys(idx);",
            "IF SQL%ROWCOUNT = 0 THEN\n            ROLLBACK;\n            neworderid_out := 0;\n            RETURN;");
        Assert.True(purchase.IndexOf("INSERT INTO ORDERLINES", StringComparison.Ordinal) > update);
        Assert.Contains("VALUES (i, order_id, prods(i), qtys(i), today)", purchase);
        Assert.Contains("order_id := ORDERID_SEQ.NEXTVAL;", purchase);
    }

    [Theory]
    [InlineData("BROWSE_BY_ACTOR", "CONTAINS(ACTOR, text_query) > 0")]
    [InlineData("BROWSE_BY_TITLE", "CONTAINS(TITLE, text_query) > 0")]
    [InlineData("GET_PROD_REVIEWS_BY_ACTOR", "CONTAINS(f.ACTOR, text_query) > 0")]
    [InlineData("GET_PROD_REVIEWS_BY_TITLE", "CONTAINS(f.TITLE, text_query) > 0")]
    public void Searches_use_Oracle_Text_on_their_own_column_with_every_word_required(string name, string contains)
    {
        var procedure = Procedure(name);
        Assert.Contains("text_query VARCHAR2(4000) := DS_TEXT_ALL_WORDS(", procedure);
        Assert.Contains(contains, procedure);
        Assert.Single(Regex.Matches(procedure, @"CONTAINS\("));
        Assert.Contains("IF text_query IS NOT NULL THEN", procedure);
        if (name.StartsWith("GET_PROD_REVIEWS", StringComparison.Ordinal))
        {
            Assert.Contains("FETCH FIRST 500 ROWS ONLY", procedure);
        }

        var helper = OracleEngine.Script("procedures.sql").Batches[0];
        AssertText.ContainsAll(helper, "REGEXP_REPLACE(SUBSTR(text_in, 1, 400), '[^[:alnum:]]+', ' ')", "query_text := query_text || ' AND ';",
            "query_text := query_text || '{' || word || '}';");
    }

    [Fact]
    public void Review_procedures_sum_helpfulness_over_an_inner_join_in_the_agreed_orders()
    {
        foreach (var name in new[] { "GET_PROD_REVIEWS", "GET_PROD_REVIEWS_BY_STARS", "GET_PROD_REVIEWS_BY_DATE" })
        {
            var procedure = Procedure(name);
            Assert.Contains("INNER JOIN REVIEWS_HELPFULNESS h ON h.REVIEW_ID = k.REVIEW_ID", procedure);
            Assert.Contains("SUM(h.HELPFULNESS) AS TOTAL", procedure);
            Assert.Contains(name.EndsWith("DATE", StringComparison.Ordinal) ? "ORDER BY k.REVIEW_DATE DESC, k.REVIEW_ID DESC" : "ORDER BY TOTAL DESC, k.REVIEW_ID", procedure);
            Assert.Contains("FETCH FIRST batch_size ROWS ONLY", procedure);
            Assert.Contains("found := review_id_out.COUNT;", procedure);

            // Narrow rows are grouped and sorted; the wide columns are joined for the chosen reviews only.
            Assert.DoesNotMatch(@"GROUP BY[^;\n]*REVIEW_TEXT", procedure);
            Assert.Contains("INNER JOIN REVIEWS r ON r.REVIEW_ID = t.REVIEW_ID", procedure);
        }

        Assert.Contains("WHERE k.PROD_ID = prod_in AND k.STARS = stars_in", Procedure("GET_PROD_REVIEWS_BY_STARS"));
        var login = Procedure("LOGIN");
        AssertText.ContainsAll(login, "ORDER BY h.ORDERID DESC", "WHEN NO_DATA_FOUND THEN\n        customerid_out := 0;\n        found := 0;",
            "FETCH FIRST batch_size ROWS ONLY;\n    found := title_out.COUNT;");
    }

    [Fact]
    public void Drop_block_names_every_program_sequence_and_table()
    {
        var block = OracleEngine.DropBlock();
        foreach (var name in OracleEngine.ProgramObjects.Select(o => o.Name).Concat(OracleDialect.Sequences.Values).Concat(StoreModel.Tables.Select(t => t.Name)))
        {
            Assert.Contains($"'{name}'", block);
        }

        Assert.Contains("CASCADE CONSTRAINTS PURGE", block);
    }

    [Fact]
    public void Identity_reset_recreates_the_sequence_after_the_last_id_and_parameters_use_colons()
    {
        var statements = OracleEngine.ResetIdentityStatements(StoreModel.Reviews, 200_000);
        Assert.Contains("DROP SEQUENCE REVIEWID_SEQ", statements[0]);
        Assert.Contains("SQLCODE != -2289", statements[0]);
        Assert.StartsWith("CREATE SEQUENCE REVIEWID_SEQ START WITH 200001 ", statements[1]);
        Assert.Throws<ArgumentException>(() => OracleEngine.ResetIdentityStatements(StoreModel.Products, 1));
        Assert.Equal(":x", Engine.Parameter("x"));
    }

    /// <summary>The CREATE OR REPLACE PROCEDURE batch of <paramref name="name"/>.</summary>
    internal static string Procedure(string name) =>
        OracleEngine.Batches(SchemaPhase.Programmability).Single(b => Regex.IsMatch(b, $@"^CREATE OR REPLACE PROCEDURE {name} \(", RegexOptions.Multiline));
}
