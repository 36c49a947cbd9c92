using DvdStore.Schema.Engines.Oracle;
using DvdStore.Tests.Loader;

namespace DvdStore.Tests.Schema.Oracle;

/// <summary>
/// Oracle array binding fed with the rows the generators really make, offline: for every generated table each column
/// becomes one array whose element type is the column's <see cref="ColumnSpec.ClrType"/>, bound as that column's Oracle
/// type, holding the generated values in row order with NULLs flagged.
/// </summary>
public class OracleBulkWriterModelTests
{
    public static TheoryData<string> GeneratedTables => new(TestStore.Smallest.Rows().Tables.Select(t => t.Table.Name));

    [Theory]
    [MemberData(nameof(GeneratedTables))]
    public void Generated_rows_bind_as_one_typed_array_per_column(string tableName)
    {
        var source = TestStore.Smallest.Rows().Table(tableName);
        var table = source.Table;
        var rows = source.Chunk(0).Take(200).ToList();
        Assert.NotEmpty(rows);

        var columns = OracleBulkWriter.Columns(table, rows);

        Assert.Equal(table.Columns.Select(c => c.Name), columns.Select(c => c.Name));
        for (var c = 0; c < columns.Count; c++)
        {
            var spec = table.Columns[c];
            var column = columns[c];
            Assert.Equal(spec.ClrType, column.Values.GetType().GetElementType());
            Assert.Equal(OracleBulkWriter.OracleTypeOf(spec), column.OracleType);
            Assert.Equal(rows.Count, column.Values.Length);
            Assert.Equal(rows.Count, column.IsNull.Count);
            for (var r = 0; r < rows.Count; r++)
            {
                Assert.Equal(rows[r][c] is null, column.IsNull[r]);
                if (rows[r][c] is { } value)
                {
                    Assert.Equal(value, column.Values.GetValue(r));
                }
            }
        }
    }
}
