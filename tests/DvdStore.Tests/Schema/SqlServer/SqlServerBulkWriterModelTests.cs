using System.Reflection;

using DvdStore.Schema.Engines.SqlServer;
using DvdStore.Tests.Loader;

using Microsoft.Data.SqlClient;

namespace DvdStore.Tests.Schema.SqlServer;

/// <summary>
/// The SqlBulkCopy path against the whole model, offline: every StoreModel table gets a by-name mapping of all its
/// columns and the same batch options, and the reader fed to SqlBulkCopy reports each column's
/// <see cref="ColumnSpec.ClrType"/> and hands over values of exactly that type for the rows the generators really make.
/// </summary>
public class SqlServerBulkWriterModelTests
{
    public static TheoryData<string> AllTables => new(StoreModel.Tables.Select(t => t.Name));

    public static TheoryData<string> GeneratedTables => new(TestStore.Smallest.Rows().Tables.Select(t => t.Table.Name));

    [Theory]
    [MemberData(nameof(AllTables))]
    public void Every_table_maps_all_its_columns_by_name_keeps_identities_and_locks_the_table_with_the_shared_batch_options(string tableName)
    {
        var table = StoreModel.Table(tableName);
        using var connection = new SqlConnection("Server=nowhere;Database=DS3;TrustServerCertificate=true");
        using var copy = SqlServerBulkWriter.CreateBulkCopy(connection, table);

        Assert.Equal(table.Name, copy.DestinationTableName);
        Assert.Equal(10_000, copy.BatchSize);
        Assert.Equal(SqlServerBulkWriter.BatchSize, copy.BatchSize);
        Assert.Equal(0, copy.BulkCopyTimeout);
        Assert.True(copy.EnableStreaming);
        // SqlBulkCopy does not expose its options: read the private field.
        var options = (SqlBulkCopyOptions)typeof(SqlBulkCopy).GetFields(BindingFlags.NonPublic | BindingFlags.Instance)
            .Single(f => f.FieldType == typeof(SqlBulkCopyOptions)).GetValue(copy)!;
        Assert.True(options.HasFlag(SqlBulkCopyOptions.KeepIdentity));
        Assert.True(options.HasFlag(SqlBulkCopyOptions.TableLock));
        var mappings = copy.ColumnMappings.Cast<SqlBulkCopyColumnMapping>().ToList();
        Assert.Equal(table.Columns.Count, mappings.Count);
        Assert.All(mappings, m =>
        {
            // By name only: an ordinal mapping would silently depend on the physical column order.
            Assert.Equal(-1, m.SourceOrdinal);
            Assert.Equal(-1, m.DestinationOrdinal);
            Assert.Equal(m.SourceColumn, m.DestinationColumn);
        });
        Assert.Equal(table.Columns.Select(c => c.Name), mappings.Select(m => m.SourceColumn));
    }

    [Theory]
    [MemberData(nameof(AllTables))]
    public void The_row_reader_reports_each_columns_name_and_ClrType(string tableName)
    {
        var table = StoreModel.Table(tableName);
        using DbDataReader reader = new ObjectRowDataReader(table, []);
        Assert.Equal(table.Columns.Count, reader.FieldCount);
        for (var i = 0; i < table.Columns.Count; i++)
        {
            Assert.Equal(table.Columns[i].Name, reader.GetName(i));
            Assert.Equal(i, reader.GetOrdinal(table.Columns[i].Name));
            Assert.Equal(table.Columns[i].ClrType, reader.GetFieldType(i));
        }
    }

    [Theory]
    [MemberData(nameof(GeneratedTables))]
    public async Task Generated_rows_reach_SqlBulkCopy_as_values_of_each_columns_ClrType(string tableName)
    {
        var source = TestStore.Smallest.Rows().Table(tableName);
        var table = source.Table;
        var rows = source.Chunk(0).Take(200).ToList();
        Assert.NotEmpty(rows);

        await using DbDataReader reader = new ObjectRowDataReader(table, rows);
        var read = 0;
        var values = new object[table.Columns.Count];
        while (await reader.ReadAsync())
        {
            Assert.Equal(table.Columns.Count, reader.GetValues(values));
            for (var i = 0; i < values.Length; i++)
            {
                if (values[i] is DBNull)
                {
                    Assert.True(table.Columns[i].Nullable, $"{table.Name}.{table.Columns[i].Name} is NOT NULL but row {read} has no value");
                    continue;
                }

                Assert.True(table.Columns[i].ClrType == values[i].GetType(),
                    $"{table.Name}.{table.Columns[i].Name}: {values[i].GetType().Name}, column is {table.Columns[i].ClrType.Name}");
            }

            read++;
        }

        Assert.Equal(rows.Count, read);
    }
}
