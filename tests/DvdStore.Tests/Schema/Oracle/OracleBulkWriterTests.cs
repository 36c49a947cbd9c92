using DvdStore.Schema.Engines.Oracle;

namespace DvdStore.Tests.Schema.Oracle;

/// <summary>Array binding: one INSERT per batch, one typed array per column in table order, NULLs marked per element.</summary>
public class OracleBulkWriterTests
{
    private static readonly DateTime Day = new(2013, 1, 15);

    [Theory]
    [InlineData(ColumnType.SmallInt, "Int16", typeof(short))]
    [InlineData(ColumnType.Integer, "Int32", typeof(int))]
    [InlineData(ColumnType.BigInt, "Int64", typeof(long))]
    [InlineData(ColumnType.Money, "Decimal", typeof(decimal))]
    [InlineData(ColumnType.Date, "Date", typeof(DateTime))]
    [InlineData(ColumnType.VarChar, "Varchar2", typeof(string))]
    public void Each_column_type_binds_as_its_Oracle_type_with_an_array_of_its_CLR_type(ColumnType type, string oracleType, Type clrType)
    {
        var column = new ColumnSpec("C", type, type == ColumnType.VarChar ? 10 : 0);
        Assert.Equal(oracleType, OracleBulkWriter.OracleTypeOf(column).ToString());
        var table = new TableSpec("T", [column], []);
        var value = Convert.ChangeType(type switch { ColumnType.Date => Day, ColumnType.VarChar => "x", _ => 7 }, clrType, CultureInfo.InvariantCulture);
        var array = OracleBulkWriter.Columns(table, [[value]]).Single().Values;
        Assert.Equal(clrType, array.GetType().GetElementType());
        Assert.Equal(value, array.GetValue(0));
        Assert.True(Enum.IsDefined(Enum.Parse<FakeOracleDbType>(oracleType)));
    }

    [Fact]
    public void Every_store_table_maps_to_arrays_in_column_order()
    {
        foreach (var table in StoreModel.Tables)
        {
            var row = table.Columns.Select(Sample).ToArray();
            var columns = OracleBulkWriter.Columns(table, [row, row]);
            Assert.Equal(table.Columns.Select(c => c.Name), columns.Select(c => c.Name));
            Assert.All(columns, c => Assert.Equal(2, c.Values.Length));
            Assert.Equal(
                $"INSERT INTO {table.Name} ({string.Join(", ", table.Columns.Select(c => c.Name))}) VALUES ({string.Join(", ", table.Columns.Select(c => ":" + c.Name))})",
                OracleBulkWriter.InsertSql(table));
        }
    }

    [Fact]
    public async Task A_batch_is_one_array_bound_insert_with_nulls_in_ArrayBindStatus()
    {
        var connection = new FakeOracleConnection();
        var table = StoreModel.Customers;
        var first = table.Columns.Select(Sample).ToArray();
        var second = table.Columns.Select(Sample).ToArray();
        second[table.Ordinal("ADDRESS2")] = null;
        second[table.Ordinal("AGE")] = null;
        second[table.Ordinal("CUSTOMERID")] = 2L;

        await using (var writer = await new OracleEngine(() => new FakeOracleFactory()).OpenBulkWriterAsync(connection, table, CancellationToken.None))
        {
            await writer.WriteAsync([first, second], CancellationToken.None);
            await writer.WriteAsync([], CancellationToken.None);
            Assert.Equal(2, await writer.CompleteAsync(CancellationToken.None));
        }

        var command = Assert.Single(connection.Executed);
        Assert.Equal(OracleBulkWriter.InsertSql(table), command.CommandText);
        Assert.True(command.BindByName);
        Assert.Equal(2, command.ArrayBindCount);
        var parameters = command.Parameters.Cast<FakeOracleParameter>().ToList();
        Assert.Equal(table.Columns.Select(c => c.Name), parameters.Select(p => p.ParameterName));
        Assert.Equal([1L, 2L], Assert.IsType<long[]>(command.Parameter("CUSTOMERID").Value));
        Assert.Equal(FakeOracleDbType.Int64, command.Parameter("CUSTOMERID").OracleDbType);
        Assert.Equal(FakeOracleDbType.Int16, command.Parameter("AGE").OracleDbType);
        Assert.Equal([FakeOracleParameterStatus.Success, FakeOracleParameterStatus.NullInsert], command.Parameter("ADDRESS2").ArrayBindStatus);
        Assert.Equal([FakeOracleParameterStatus.Success, FakeOracleParameterStatus.NullInsert], command.Parameter("AGE").ArrayBindStatus);
        Assert.Null(command.Parameter("USERNAME").ArrayBindStatus);
    }

    [Fact]
    public void A_row_of_the_wrong_width_is_refused()
    {
        Assert.Throws<ArgumentException>(() => OracleBulkWriter.Columns(StoreModel.Inventory, [[1, 2]]));
    }

    private static object? Sample(ColumnSpec column) => column.Type switch
    {
        ColumnType.SmallInt => (short)1,
        ColumnType.Integer => 1,
        ColumnType.BigInt => 1L,
        ColumnType.Money => 9.99m,
        ColumnType.Date => Day,
        ColumnType.VarChar => "v",
        _ => throw new ArgumentOutOfRangeException(nameof(column)),
    };
}
