using System.Data;

using DvdStore.Schema.Engines.Oracle;

namespace DvdStore.Tests.Schema.Oracle;

/// <summary>What the engine sends for each build, drop, reset and analyze step, and how it reports server facts.</summary>
public class OracleEngineTests
{
    private readonly OracleEngine engine = new(() => new FakeOracleFactory());
    private readonly FakeOracleConnection connection = new();

    [Theory]
    [InlineData(SchemaPhase.Tables)]
    [InlineData(SchemaPhase.Keys)]
    [InlineData(SchemaPhase.Programmability)]
    public async Task Each_phase_sends_its_batches_one_at_a_time(SchemaPhase phase)
    {
        await engine.CreateAsync(connection, phase, CancellationToken.None);
        var sent = connection.Executed.Select(c => c.CommandText).ToList();
        if (phase == SchemaPhase.Programmability)
        {
            Assert.Equal(OracleEngine.CompileErrorsSql, sent[^1]);
            sent.RemoveAt(sent.Count - 1);
        }

        Assert.Equal(OracleEngine.Batches(phase), sent);
    }

    [Fact]
    public async Task Programs_that_do_not_compile_fail_the_build_with_Oracle_s_messages()
    {
        connection.Respond = command =>
        {
            if (command.CommandText != OracleEngine.CompileErrorsSql)
            {
                return null;
            }

            var table = OracleStoreCommandsTests.Table(("NAME", typeof(string)), ("TYPE", typeof(string)), ("LINE", typeof(decimal)), ("TEXT", typeof(string)));
            table.Rows.Add("PURCHASE", "PROCEDURE", 12m, "PLS-00201: identifier 'DS3_TYPES.N_TYPE' must be declared");
            return table;
        };
        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => engine.CreateAsync(connection, SchemaPhase.Programmability, CancellationToken.None));
        Assert.Contains("PROCEDURE PURCHASE line 12: PLS-00201", error.Message);
    }

    [Fact]
    public async Task A_missing_Oracle_Text_is_a_user_error_naming_what_to_install()
    {
        connection.Respond = command => command.CommandText.Contains("CTXSYS.CONTEXT", StringComparison.Ordinal)
            ? throw new FakeOracleException(29855, "ORA-29855: error occurred in the execution of ODCIINDEXCREATE routine")
            : null;
        var error = await Assert.ThrowsAsync<UserError>(() => engine.CreateAsync(connection, SchemaPhase.Keys, CancellationToken.None));
        Assert.Contains("CTXAPP", error.Message);
        Assert.Contains("ORA-29855", error.Message);
    }

    [Fact]
    public async Task Store_exists_asks_USER_TABLES_with_every_table_name_bound()
    {
        connection.Respond = _ =>
        {
            var table = OracleStoreCommandsTests.Table(("COUNT", typeof(decimal)));
            table.Rows.Add(3m);
            return table;
        };
        Assert.True(await engine.StoreExistsAsync(connection, CancellationToken.None));
        var command = connection.Last;
        Assert.StartsWith(OracleEngine.StoreExistsSqlPrefix + ":t0, :t1", command.CommandText);
        Assert.True(command.BindByName);
        Assert.Equal(StoreModel.Tables.Select(t => t.Name), command.Parameters.Cast<FakeOracleParameter>().Select(p => (string)p.Value!));
    }

    [Fact]
    public async Task Drop_reset_and_analyze_send_the_expected_statements()
    {
        await engine.DropAsync(connection, CancellationToken.None);
        Assert.Equal(OracleEngine.DropBlock(), connection.Last.CommandText);

        await engine.ResetIdentityAsync(connection, StoreModel.Customers, 20_000, CancellationToken.None);
        Assert.StartsWith("CREATE SEQUENCE CUSTOMERID_SEQ START WITH 20001 ", connection.Last.CommandText);

        connection.Executed.Clear();
        await engine.AnalyzeAsync(connection, CancellationToken.None);
        Assert.All(connection.Executed, c => Assert.Equal(OracleEngine.AnalyzeBlock, c.CommandText));
        Assert.Equal(StoreModel.Tables.Select(t => t.Name), connection.Executed.Select(c => (string)c.Parameter("table_name").Value!));
    }

    [Fact]
    public async Task Server_facts_hold_the_version_the_CPUs_Oracle_sees_and_key_parameters()
    {
        connection.Respond = command => command.CommandText switch
        {
            OracleServerFacts.ComponentVersionSql => Rows(("Oracle Database 19c Enterprise Edition", "19.22.0.0.0")),
            OracleServerFacts.VersionSql => Rows(("Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production\nVersion 19.22.0.0.0", "")),
            OracleServerFacts.OsStatSql => Rows(("NUM_CPUS", "64"), ("NUM_CPU_CORES", "32"), ("NUM_CPU_SOCKETS", "2")),
            var text when text == OracleServerFacts.ParameterSql => Rows(("cpu_count", "64"), ("sga_target", "68719476736")),
            _ => throw new InvalidOperationException(command.CommandText),
        };
        var facts = await engine.DescribeServerAsync(connection, CancellationToken.None);
        Assert.Equal("Oracle", facts.Product);
        Assert.Equal("19.22.0.0.0", facts.Version);
        AssertSettings.Hold(facts.Settings, ("banner", "Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production"),
            ("os.num_cpus", "64"), ("os.num_cpu_cores", "32"), ("os.num_cpu_sockets", "2"), ("cpu_count", "64"));
        Assert.Contains("'cpu_count'", OracleServerFacts.ParameterSql);
    }

    [Fact]
    public async Task Without_dictionary_privileges_the_facts_say_what_is_missing()
    {
        connection.Respond = command => command.CommandText == OracleServerFacts.ComponentVersionSql
            ? Rows(("Oracle Database 23ai Free", "23.5.0.24.07"))
            : throw new FakeOracleException(942, "ORA-00942: table or view does not exist");
        var facts = await engine.DescribeServerAsync(connection, CancellationToken.None);
        Assert.Equal("23.5.0.24.07", facts.Version);
        Assert.StartsWith("needs SELECT_CATALOG_ROLE", facts.Settings["os.unavailable"]);
        Assert.StartsWith("needs SELECT_CATALOG_ROLE", facts.Settings["parameters.unavailable"]);
    }

    private static DataTable Rows(params (string Key, string Value)[] rows)
    {
        var table = OracleStoreCommandsTests.Table(("K", typeof(string)), ("V", typeof(string)));
        foreach (var (key, value) in rows)
        {
            table.Rows.Add(key, value);
        }

        return table;
    }
}
