namespace DvdStore.Tests.Schema;

/// <summary>The one registry: every engine found by each of its names, the facts the rest of the kit asks of it said once.</summary>
public sealed class EngineCatalogTests
{
    [Theory]
    [InlineData("sqlite", EngineKind.Sqlite)]
    [InlineData("postgres", EngineKind.PostgreSql)]
    [InlineData(" PgSQL ", EngineKind.PostgreSql)]
    [InlineData("mariadb", EngineKind.MySql)]
    [InlineData("mssql", EngineKind.SqlServer)]
    [InlineData("oracle", EngineKind.Oracle)]
    public void Every_name_and_alias_finds_its_engine(string name, EngineKind kind) =>
        Assert.Equal(kind, EngineCatalog.Parse(name).Kind);

    [Fact]
    public void Names_are_unique_and_an_unknown_name_is_refused_with_the_list()
    {
        var all = EngineCatalog.All.SelectMany(static e => e.Profile.AllNames).ToList();
        Assert.Equal(all.Count, all.Distinct(StringComparer.OrdinalIgnoreCase).Count());
        Assert.Equal(EngineCatalog.All.Count, Enum.GetValues<EngineKind>().Length);
        var error = Assert.Throws<UserError>(() => EngineCatalog.Parse("db2"));
        Assert.Contains("sqlite|postgres|mysql|sqlserver|oracle", error.Message, StringComparison.Ordinal);
        Assert.Null(EngineCatalog.Find(null));
    }

    [Fact]
    public void Only_the_in_process_engine_needs_no_connection_and_takes_no_password()
    {
        Assert.True(EngineCatalog.Default.Profile.InProcess);
        Assert.Same(EngineCatalog.Default, EngineCatalog.FileEngine);
        var target = StoreTarget.From(EngineCatalog.Default.Profile.Name, null);
        Assert.Equal(EngineCatalog.Default.Profile.DefaultConnection, target.ConnectionString);

        foreach (var engine in EngineCatalog.All.Where(static e => !e.Profile.InProcess))
        {
            Assert.Null(engine.Profile.DefaultConnection);
            var error = Assert.Throws<UserError>(() => StoreTarget.From(engine.Profile.Name, null));
            Assert.Contains(engine.Profile.ExampleConnection, error.Message, StringComparison.Ordinal);
            Assert.False(engine.Profile.SingleWriter);
        }
    }

    [Theory]
    [InlineData("postgres", "Host=a;Username=u", "db2:6000", "Host=db2", "Port=6000")]
    [InlineData("mysql", "User ID=u", "db2:6000", "Server=db2", "Port=6000")]
    [InlineData("sqlserver", "User ID=u", "db2,1433", "Server=db2,1433", null)]
    [InlineData("oracle", "User Id=u", "db2:1521/FREEPDB1", "Data Source=db2:1521/FREEPDB1", null)]
    public void A_target_host_lands_in_the_engines_own_server_key(string name, string connection, string host, string expected, string? port)
    {
        var result = EngineCatalog.Parse(name).Profile.WithHost(connection, host);
        Assert.Contains(expected, result, StringComparison.OrdinalIgnoreCase);
        if (port is not null)
        {
            Assert.Contains(port, result, StringComparison.OrdinalIgnoreCase);
        }
        else
        {
            Assert.DoesNotContain("Port=", result, StringComparison.OrdinalIgnoreCase);
        }
    }
}
