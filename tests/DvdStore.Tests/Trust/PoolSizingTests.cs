using Microsoft.Data.SqlClient;
using MySqlConnector;
using Npgsql;

namespace DvdStore.Tests.Trust;

/// <summary>
/// The driver sizes each provider's pool for the connections a run holds (offline: the connection strings are read back
/// with each provider's own builder). The providers pool at most 100 per connection string by default.
/// </summary>
public sealed class PoolSizingTests
{
    private const string Postgres = SampleConnections.Postgres + ";Password=secret";
    private const string MySql = SampleConnections.MySql + ";Password=secret";
    private const string SqlServer = SampleConnections.SqlServer + ";Password=secret;TrustServerCertificate=true";
    private const string Oracle = SampleConnections.Oracle + ";Password=secret";

    [Fact]
    public void Postgresql_pool_grows_to_the_need_and_keeps_the_rest_of_the_string()
    {
        var sized = new NpgsqlConnectionStringBuilder(Engine(EngineKind.PostgreSql).WithPoolFor(Postgres, 202));
        Assert.Equal(202, sized.MaxPoolSize);
        Assert.Equal(("db1", 5432, "ds3", "secret", "ds3"), (sized.Host, sized.Port, sized.Username, sized.Password, sized.Database));
    }

    [Fact]
    public void Mysql_pool_grows_to_the_need_and_keeps_the_rest_of_the_string()
    {
        var sized = new MySqlConnectionStringBuilder(Engine(EngineKind.MySql).WithPoolFor(MySql, 202));
        Assert.Equal(202u, sized.MaximumPoolSize);
        Assert.Equal(("db1", 3306u, "ds3", "secret", "ds3"), (sized.Server, sized.Port, sized.UserID, sized.Password, sized.Database));
    }

    [Fact]
    public void Sql_server_pool_grows_to_the_need_and_keeps_the_rest_of_the_string()
    {
        var sized = new SqlConnectionStringBuilder(Engine(EngineKind.SqlServer).WithPoolFor(SqlServer, 202));
        Assert.Equal(202, sized.MaxPoolSize);
        Assert.Equal(("db1", "ds3", "secret", "DS3", true), (sized.DataSource, sized.UserID, sized.Password, sized.InitialCatalog, sized.TrustServerCertificate));
    }

    [Fact]
    public void Oracle_pool_grows_to_the_need_and_keeps_the_rest_of_the_string()
    {
        var sized = new System.Data.Common.DbConnectionStringBuilder { ConnectionString = Engine(EngineKind.Oracle).WithPoolFor(Oracle, 202) };
        Assert.Equal("202", sized["Max Pool Size"]);
        Assert.Equal(("db1:1521/FREEPDB1", "ds3", "secret"), (sized["Data Source"], sized["User Id"], sized["Password"]));
    }

    [Theory]
    [InlineData(EngineKind.PostgreSql, Postgres)]
    [InlineData(EngineKind.MySql, MySql)]
    [InlineData(EngineKind.SqlServer, SqlServer)]
    [InlineData(EngineKind.Oracle, Oracle)]
    [InlineData(EngineKind.Sqlite, "Data Source=store.db")]
    public void A_pool_big_enough_already_leaves_the_string_as_given(EngineKind kind, string connection)
    {
        // The providers' default maximum is 100.
        Assert.Equal(connection, Engine(kind).WithPoolFor(connection, 100));
    }

    [Theory]
    [InlineData(EngineKind.PostgreSql, Postgres + ";Pooling=false")]
    [InlineData(EngineKind.MySql, MySql + ";Pooling=false")]
    [InlineData(EngineKind.SqlServer, SqlServer + ";Pooling=false")]
    [InlineData(EngineKind.Oracle, Oracle + ";Pooling=false")]
    [InlineData(EngineKind.Sqlite, "Data Source=store.db")]
    public void Without_a_bounded_pool_the_string_is_left_as_given(EngineKind kind, string connection) =>
        Assert.Equal(connection, Engine(kind).WithPoolFor(connection, 5_000));

    [Theory]
    [InlineData(EngineKind.PostgreSql, Postgres + ";Maximum Pool Size=300", 300)]
    [InlineData(EngineKind.MySql, MySql + ";MaxPoolSize=300", 300)]
    [InlineData(EngineKind.SqlServer, SqlServer + ";Max Pool Size=300", 300)]
    [InlineData(EngineKind.Oracle, Oracle + ";Max Pool Size=300", 300)]
    public void A_larger_maximum_set_by_the_user_is_kept(EngineKind kind, string connection, int maximum)
    {
        Assert.Equal(connection, Engine(kind).WithPoolFor(connection, maximum - 98));
    }

    [Theory]
    [InlineData(EngineKind.PostgreSql, Postgres + ";Maximum Pool Size=50", "Maximum Pool Size=50")]
    [InlineData(EngineKind.PostgreSql, Postgres + ";MaxPoolSize=150", "Maximum Pool Size=150")]
    [InlineData(EngineKind.MySql, MySql + ";Max Pool Size=50", "Maximum Pool Size=50")]
    [InlineData(EngineKind.SqlServer, SqlServer + ";Max Pool Size=50", "Max Pool Size=50")]
    [InlineData(EngineKind.Oracle, Oracle + ";max pool size=50", "Max Pool Size=50")]
    public void A_smaller_maximum_set_by_the_user_is_refused_with_the_option_and_the_need(EngineKind kind, string connection, string option)
    {
        var error = AssertUserError.OneLine(() => Engine(kind).WithPoolFor(connection, 202), option, "at least 202");
        Assert.DoesNotContain("secret", error.Message, StringComparison.Ordinal);
    }

    private static IEngine Engine(EngineKind kind) => EngineCatalog.Get(kind);
}
