using System.Data;

using DvdStore.Schema.Engines.SqlServer;
using DvdStore.Tests.Schema.Oracle;

namespace DvdStore.Tests.Schema.SqlServer;

/// <summary>Server facts from canned answers: version and edition, sys.dm_os_sys_info's CPU topology, MAXDOP.</summary>
public class SqlServerServerFactsTests
{
    [Fact]
    public async Task Facts_hold_version_edition_cpu_topology_and_maxdop()
    {
        var connection = new FakeOracleConnection { Respond = Answer(sysInfoDenied: false) };
        var facts = await new SqlServerEngine().DescribeServerAsync(connection, CancellationToken.None);
        Assert.Equal("SQL Server", facts.Product);
        Assert.Equal("16.0.4135.4", facts.Version);
        AssertSettings.Hold(facts.Settings, ("edition", "Developer Edition (64-bit)"), ("version_banner", "Microsoft SQL Server 2022 (RTM-CU15)"),
            ("cpu_count", "64"), ("hyperthread_ratio", "2"), ("socket_count", "2"), ("cores_per_socket", "16"), ("max degree of parallelism", "8"));
    }

    [Fact]
    public async Task Without_VIEW_SERVER_STATE_the_facts_say_so_and_keep_the_rest()
    {
        var connection = new FakeOracleConnection { Respond = Answer(sysInfoDenied: true) };
        var facts = await new SqlServerEngine().DescribeServerAsync(connection, CancellationToken.None);
        Assert.Equal("unavailable (needs VIEW SERVER STATE)", facts.Settings["sys_info"]);
        Assert.False(facts.Settings.ContainsKey("cpu_count"));
        Assert.Equal("8", facts.Settings["max degree of parallelism"]);
    }

    private static Func<FakeOracleCommand, DataTable?> Answer(bool sysInfoDenied) => command =>
    {
        var table = new DataTable();
        switch (command.CommandText)
        {
            case SqlServerServerFacts.VersionSql:
                table.Columns.Add("v");
                table.Columns.Add("e");
                table.Columns.Add("b");
                table.Rows.Add("16.0.4135.4", "Developer Edition (64-bit)", "Microsoft SQL Server 2022 (RTM-CU15)\n\tCopyright");
                return table;
            case SqlServerServerFacts.SysInfoSql when sysInfoDenied:
                throw SqlExceptions.Create(300, "VIEW SERVER STATE permission was denied on object 'server', database 'master'.");
            case SqlServerServerFacts.SysInfoSql:
                foreach (var name in new[] { "cpu_count", "hyperthread_ratio", "socket_count", "cores_per_socket", "numa_node_count", "physical_memory_kb" })
                {
                    table.Columns.Add(name, typeof(long));
                }

                table.Rows.Add(64L, 2L, 2L, 16L, 2L, 268_435_456L);
                return table;
            case SqlServerServerFacts.MaxDopSql:
                table.Columns.Add("m", typeof(int));
                table.Rows.Add(8);
                return table;
            default:
                throw new InvalidOperationException(command.CommandText);
        }
    };
}
