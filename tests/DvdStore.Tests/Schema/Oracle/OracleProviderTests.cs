using DvdStore.Schema.Engines.Oracle;

namespace DvdStore.Tests.Schema.Oracle;

/// <summary>Finding and loading Oracle's provider at run time, and the one-line errors when it is not there.</summary>
public sealed class OracleProviderTests : IDisposable
{
    private readonly string folder = Directory.CreateTempSubdirectory("dvdstore-oracle-").FullName;

    public void Dispose() => Directory.Delete(folder, recursive: true);

    [Fact]
    public void Without_the_dll_the_error_is_one_line_saying_how_to_supply_it()
    {
        AssertUserError.OneLine(() => OracleProvider.Locate(null, folder), OracleProvider.PathVariable, "Oracle.ManagedDataAccess.Core", OracleProvider.AssemblyFile);
    }

    [Fact]
    public void The_variable_may_name_the_dll_or_its_folder_and_must_exist()
    {
        var dll = Path.Combine(folder, OracleProvider.AssemblyFile);
        File.WriteAllText(dll, "not really an assembly");
        Assert.Equal(dll, OracleProvider.Locate(dll, "/nowhere"));
        Assert.Equal(dll, OracleProvider.Locate(folder, "/nowhere"));
        Assert.Equal(dll, OracleProvider.Locate(null, folder));
        var missing = Assert.Throws<UserError>(() => OracleProvider.Locate(Path.Combine(folder, "nope"), folder));
        Assert.Contains("names no Oracle.ManagedDataAccess.dll", missing.Message);
    }

    [Fact]
    public void A_file_that_is_not_the_provider_is_refused_with_the_same_advice()
    {
        var dll = Path.Combine(folder, OracleProvider.AssemblyFile);
        File.WriteAllText(dll, "not really an assembly");
        Assert.Contains(OracleProvider.PathVariable, Assert.Throws<UserError>(() => OracleProvider.Load(dll)).Message);
        var notOracle = Assert.Throws<UserError>(() => OracleProvider.Load(typeof(OracleEngine).Assembly.Location));
        Assert.Contains($"has no {OracleProvider.FactoryTypeName}.Instance", notOracle.Message);
    }

    [SkippableFact]
    public async Task Engine_oracle_without_the_provider_fails_with_the_user_error_before_any_network()
    {
        Skip.If(Environment.GetEnvironmentVariable(OracleProvider.PathVariable) is not null || File.Exists(Path.Combine(AppContext.BaseDirectory, OracleProvider.AssemblyFile)),
            "an Oracle provider is installed here");
        var target = StoreTarget.From("oracle", "Data Source=localhost:1521/FREEPDB1;User Id=ds3");
        var error = await Assert.ThrowsAsync<UserError>(() => target.OpenAsync(CancellationToken.None));
        Assert.Contains(OracleProvider.PathVariable, error.Message);
    }

    [Fact]
    public async Task The_schema_command_prints_Oracle_DDL_without_the_provider()
    {
        using var output = new StringWriter();
        using var error = new StringWriter();
        var exit = await DvdStore.Cli.CliApp.RunAsync(["schema", "--engine", "oracle"], output, error, CancellationToken.None);
        Assert.Equal(0, exit);
        var text = output.ToString();
        AssertText.ContainsAll(text, "CREATE OR REPLACE PROCEDURE PURCHASE (", "CREATE OR REPLACE TRIGGER RESTOCK", "INDEXTYPE IS CTXSYS.CONTEXT");
        Assert.Equal("", error.ToString());
    }

    [Fact]
    public void A_malformed_connection_string_is_a_user_error()
    {
        var engine = new OracleEngine(() => new FakeOracleFactory());
        Assert.Contains("not an Oracle connection string", Assert.Throws<UserError>(() => engine.CreateConnection("garbage")).Message);
        var connection = Assert.IsType<FakeOracleConnection>(engine.CreateConnection("Data Source=x;User Id=ds3"));
        Assert.True(connection.BindByName);
    }
}
