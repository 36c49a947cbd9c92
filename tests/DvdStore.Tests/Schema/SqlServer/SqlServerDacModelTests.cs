using DvdStore.Schema.Engines.SqlServer;

using Microsoft.Data.SqlClient;
using Microsoft.SqlServer.Dac.Model;

namespace DvdStore.Tests.Schema.SqlServer;

/// <summary>
/// SQL Server semantically offline: the whole store built into a DacFx model for SQL Server 2019 and 2022 resolves with
/// zero errors and warnings (every table, column, index, key, procedure, function and the trigger), a deliberately
/// wrong name makes it fail, and SqlBulkCopy's column mappings match the model's tables.
/// </summary>
public class SqlServerDacModelTests
{
    /// <summary>The SQL Server types SqlBulkCopy converts each model CLR type into without loss, as the dialect declares them.</summary>
    private static readonly Dictionary<Type, string[]> BulkTargets = new()
    {
        [typeof(short)] = ["smallint", "tinyint"],
        [typeof(int)] = ["int"],
        [typeof(long)] = ["bigint"],
        [typeof(decimal)] = ["numeric", "decimal", "money"],
        [typeof(DateTime)] = ["date", "datetime", "datetime2"],
        [typeof(string)] = ["varchar", "nvarchar"],
    };

    public static TheoryData<string> Versions => SqlServerDacModel.Versions;

    /// <summary>Deliberate mistakes, each in a different kind of object; every one must make the model fail.</summary>
    public static TheoryData<string, string, string, string> Mistakes => new()
    {
        { "procedure column", "r.REVIEW_SUMMARY, r.REVIEW_TEXT,", "r.REVIEW_SUMMARY, r.REVIEW_TXT,", "REVIEW_TXT" },
        { "procedure variable", "WHERE CATEGORY = @category_in", "WHERE CATEGORY = @categry_in", "@categry_in" },
        { "trigger column", "INSERT INTO REORDER (PROD_ID, DATE_LOW,", "INSERT INTO REORDER (PROD_ID, DATE_LOWW,", "DATE_LOWW" },
        { "index column", "ON REVIEWS_HELPFULNESS (REVIEW_ID", "ON REVIEWS_HELPFULNESS (REVIEWID", "REVIEWID" },
        { "price lookup table", "FROM PRODUCTS WHERE PROD_ID IN", "FROM PRODUCT WHERE PROD_ID IN", "PRODUCT" },
        { "category insert column", "(CATEGORY, CATEGORYNAME)", "(CATEGORY, CATEGORY_NAME)", "CATEGORY_NAME" },
    };

    [Theory]
    [MemberData(nameof(Versions))]
    public void The_whole_store_resolves_in_a_DacFx_model_with_zero_errors_and_warnings(string version)
    {
        var model = SqlServerDacModel.Store(version);
        Assert.True(model.Problems.Count == 0, $"{version}:\n{string.Join("\n", model.Problems)}");
    }

    [Theory]
    [MemberData(nameof(Versions))]
    public void The_model_holds_every_table_index_key_procedure_and_the_trigger(string version)
    {
        var model = SqlServerDacModel.Store(version);
        string[] Names(ModelTypeClass type) => [.. model.UserObjects(type).Select(o => o.Name.Parts[^1]).Order()];

        Assert.Equal(StoreModel.Tables.Select(t => t.Name).Order(), Names(ModelSchema.Table));
        Assert.Equal(StoreModel.Tables.Count(t => t.PrimaryKey.Count > 0), Names(ModelSchema.PrimaryKeyConstraint).Length);
        Assert.Equal(StoreModel.Indexes.Select(i => i.Name).Order(), Names(ModelSchema.Index));
        Assert.Equal(StoreModel.ForeignKeys.Count, Names(ModelSchema.ForeignKeyConstraint).Length);
        Assert.Equal([.. Ds3ProcedureNames.All.Append("DS_MODEL_CHECK_CATEGORIES").Append("DS_MODEL_CHECK_PRICES").Order()], Names(ModelSchema.Procedure));
        Assert.Equal(["DS_FULLTEXT_ALL_WORDS"], Names(ModelSchema.ScalarFunction));
        Assert.Equal(["RESTOCK"], Names(ModelSchema.DmlTrigger));
        Assert.Equal(["PRODUCTS"], Names(ModelSchema.FullTextIndex));
        Assert.Equal([SqlServerEngine.FullTextCatalog], Names(ModelSchema.FullTextCatalog));
    }

    [Theory]
    [MemberData(nameof(Mistakes))]
    public void A_deliberately_wrong_name_makes_the_model_fail(string where, string right, string wrong, string reported)
    {
        var replaced = 0;
        using var model = SqlServerDacModel.Build(nameof(SqlServerVersion.Sql160), batch =>
        {
            if (!batch.Contains(right, StringComparison.Ordinal))
            {
                return batch;
            }

            replaced++;
            return batch.Replace(right, wrong, StringComparison.Ordinal);
        });
        Assert.True(replaced > 0, $"{where}: '{right}' is no longer in the script; pick another mistake");
        Assert.Contains(model.Problems, p => p.Contains(reported, StringComparison.Ordinal));
    }

    [Theory]
    [MemberData(nameof(Versions))]
    public void SqlBulkCopy_maps_every_column_of_each_table_onto_a_model_column_of_a_compatible_type(string version)
    {
        var model = SqlServerDacModel.Store(version);
        using var connection = new SqlConnection("Server=nowhere;Database=DS3;TrustServerCertificate=true");
        foreach (var table in StoreModel.Tables)
        {
            using var copy = SqlServerBulkWriter.CreateBulkCopy(connection, table);
            var columns = model.Table(copy.DestinationTableName).GetReferenced(Table.Columns).ToDictionary(c => c.Name.Parts[^1]);
            var mapped = new HashSet<string>();
            foreach (var mapping in copy.ColumnMappings.Cast<SqlBulkCopyColumnMapping>())
            {
                var where = $"{table.Name}.{mapping.DestinationColumn}";
                Assert.True(columns.TryGetValue(mapping.DestinationColumn, out var column), $"{where} is mapped but not in the model");
                mapped.Add(mapping.DestinationColumn);
                var source = table.Column(mapping.SourceColumn);
                var type = column.GetReferenced(Column.DataType).Single().Name.Parts[^1];
                Assert.True(BulkTargets[source.ClrType].Contains(type), $"{where}: {source.ClrType.Name} rows into a {type} column");
                if (source.ClrType == typeof(string))
                {
                    Assert.True(column.GetProperty<int>(Column.Length) >= source.Length, $"{where}: varchar shorter than the model's {source.Length}");
                }

                Assert.True(source.Nullable || !column.GetProperty<bool>(Column.Nullable) || mapping.DestinationColumn == table.IdentityColumn,
                    $"{where}: the model column is NULL-able, the rows never are; the schema and the model disagree");
            }

            var unmapped = columns.Values.Where(c => !mapped.Contains(c.Name.Parts[^1]) && !c.GetProperty<bool>(Column.Nullable)
                && !c.GetProperty<bool>(Column.IsIdentity)).Select(c => c.Name.Parts[^1]);
            Assert.True(!unmapped.Any(), $"{table.Name}: NOT NULL columns without a mapping: {string.Join(", ", unmapped)}");
        }
    }
}
