using DvdStore.Schema.Engines.SqlServer;

using Microsoft.Data.SqlClient;

namespace DvdStore.Tests.Schema.SqlServer;

/// <summary>The row reader that feeds the bulk path, and error classification — all without a server (the bulk copy's options: <see cref="SqlServerBulkWriterModelTests"/>).</summary>
public class SqlServerBulkAndErrorTests
{
    private static readonly SqlServerEngine Engine = new();

    [Fact]
    public async Task The_row_reader_streams_object_rows_in_table_order_with_nulls_as_DBNull()
    {
        var table = StoreModel.Orders;
        var date = new DateTime(2013, 1, 2);
        object?[][] rows = [[1L, date, 7L, 10.5m, 0.87m, 11.37m], [2L, date, null, 1m, 0m, 1m]];
        await using DbDataReader reader = new ObjectRowDataReader(table, rows);
        Assert.Equal(6, reader.FieldCount);
        Assert.Equal("ORDERDATE", reader.GetName(1));
        Assert.Equal(2, reader.GetOrdinal("CUSTOMERID"));
        Assert.Equal(typeof(long), reader.GetFieldType(0));
        Assert.Equal(typeof(decimal), reader.GetFieldType(3));
        Assert.True(reader.HasRows);
        Assert.True(await reader.ReadAsync());
        Assert.Equal(1L, reader.GetInt64(0));
        Assert.Equal(date, reader.GetDateTime(1));
        Assert.Equal(11.37m, reader.GetDecimal(5));
        Assert.True(reader.Read());
        Assert.True(reader.IsDBNull(2));
        Assert.Equal(DBNull.Value, reader["CUSTOMERID"]);
        var values = new object[6];
        Assert.Equal(6, reader.GetValues(values));
        Assert.Equal(2L, values[0]);
        Assert.False(reader.Read());
        Assert.False(reader.NextResult());
    }

    [Fact]
    public void The_row_reader_refuses_a_row_of_the_wrong_width()
    {
        using var reader = new ObjectRowDataReader(StoreModel.Inventory, [[1, 2]]);
        Assert.Throws<InvalidOperationException>(() => reader.Read());
    }

    [Theory]
    [InlineData(1205, FailureKind.Deadlock)]
    [InlineData(3960, FailureKind.Deadlock)]
    [InlineData(18456, FailureKind.Authentication)]
    [InlineData(-2, FailureKind.Timeout)]
    [InlineData(53, FailureKind.Connection)]
    [InlineData(10054, FailureKind.Connection)]
    [InlineData(10060, FailureKind.Connection)]
    [InlineData(233, FailureKind.Connection)]
    [InlineData(-1, FailureKind.Connection)]
    [InlineData(208, FailureKind.MissingObject)]
    [InlineData(2812, FailureKind.MissingObject)]
    [InlineData(2627, FailureKind.Other)]
    public void Classify_maps_a_real_SqlException_by_its_error_number(int number, FailureKind expected)
    {
        var error = SqlExceptions.Create(number);
        Assert.Equal(number, error.Number);
        Assert.Equal(expected, Engine.Classify(error));
        Assert.Equal(expected, Engine.Classify(new InvalidOperationException("wrapped", error)));
    }

    /// <summary>
    /// What a user's session sees when it is killed on the server (KILL spid): error 596, or a fatal-severity error (20+,
    /// e.g. 0 "a severe error occurred" / a transport error over a socket failure). Each means reconnect, as on PostgreSQL.
    /// </summary>
    [Theory]
    [InlineData(596, 21)]
    [InlineData(0, 20)]
    [InlineData(50000, 25)]
    public void A_killed_session_s_errors_mean_reconnect(int number, byte severity)
    {
        Assert.Equal(FailureKind.Connection, Engine.Classify(SqlExceptions.Create(number, "killed", severity)));
        Assert.Equal(FailureKind.Other, Engine.Classify(SqlExceptions.Create(number == 596 ? 2627 : number, "not fatal", 16)));
    }

    [Fact]
    public void A_transport_error_without_a_meaningful_number_is_decided_by_its_inner_socket_error()
    {
        var transport = new InvalidOperationException("wrapped", new System.IO.IOException("reset", new System.Net.Sockets.SocketException((int)System.Net.Sockets.SocketError.ConnectionReset)));
        Assert.Equal(FailureKind.Connection, Engine.Classify(transport));
    }

    [Fact]
    public void Classify_treats_client_timeouts_as_timeouts_and_anything_else_as_other()
    {
        Assert.Equal(FailureKind.Timeout, Engine.Classify(new TimeoutException()));
        Assert.Equal(FailureKind.Other, Engine.Classify(new InvalidOperationException("no")));
        Assert.Equal(FailureKind.Deadlock, SqlServerFailures.Classify([50000, 1205]));
    }

    [Fact]
    public void A_malformed_connection_string_is_a_user_error_and_a_good_one_is_not_opened()
    {
        Assert.Throws<DvdStore.Schema.UserError>(() => Engine.CreateConnection("Server=x;Nonsense Key=1"));
        using var connection = Engine.CreateConnection("Server=x;Database=DS3");
        Assert.IsType<SqlConnection>(connection);
        Assert.Equal(System.Data.ConnectionState.Closed, connection.State);
    }
}
