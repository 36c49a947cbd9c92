using DvdStore.Driver.Parameters;
using DvdStore.Monitoring;

namespace DvdStore.Tests.Monitoring;

/// <summary>Which server metrics a run takes when the user names none, and the run parameters that choose them.</summary>
public sealed class ServerMetricsDefaultsTests
{
    [Theory]
    [InlineData(null, true)]
    [InlineData("localhost", true)]
    [InlineData("127.0.0.1", true)]
    [InlineData("::1", true)]
    [InlineData("[::1]:5432", true)]
    [InlineData("/var/run/postgresql", true)]
    [InlineData("tcp:localhost,1433", true)]
    [InlineData("(local)", true)]
    [InlineData("localhost:1521/FREEPDB1", true)]
    [InlineData("db1.example.com", false)]
    [InlineData("10.0.0.5", false)]
    [InlineData("tcp:10.0.0.5,1433", false)]
    public void Loopback_hosts_sockets_and_no_host_are_this_machine(string? host, bool local) =>
        Assert.Equal(local, ServerMetricsDefaults.IsLocalHost(host));

    [Fact]
    public void The_default_is_local_for_a_loopback_or_sqlite_target_and_off_for_a_remote_one()
    {
        Assert.Equal(ServerMetricsMode.Local, ServerMetricsDefaults.Resolve(null, null, null, null, StoreTarget.From("sqlite", "Data Source=x.db")).Mode);
        Assert.Equal(ServerMetricsMode.Local, ServerMetricsDefaults.Resolve(null, null, null, null, StoreTarget.From("postgres", "Host=127.0.0.1;Username=u")).Mode);
        Assert.Equal(ServerMetricsMode.Off, ServerMetricsDefaults.Resolve(null, null, null, null, StoreTarget.From("postgres", "Host=db1;Username=u")).Mode);
        var ssh = ServerMetricsDefaults.Resolve(null, "bench@db1", "/data", 42, StoreTarget.From("postgres", "Host=db1;Username=u"));
        Assert.Equal(ServerMetricsMode.Ssh, ssh.Mode);
        Assert.Equal("bench@db1", ssh.Host!.ToString());
        Assert.Equal(42, ssh.ServerPid);
        Assert.Equal(ServerMetricsMode.Off, ServerMetricsDefaults.Resolve("off", null, null, null, StoreTarget.From("sqlite", "Data Source=x.db")).Mode);
    }

    [Fact]
    public void Run_parameters_choose_the_server_metrics()
    {
        var remote = new RunParameterSet().ApplyArguments(["--engine=postgres", "--connection=Host=db1;Username=u"]).Build();
        Assert.Equal(ServerMetricsMode.Off, remote.ServerMetrics!.Mode);
        Assert.Equal("off", remote.ToParameters()["server_metrics"]);

        var viaSsh = new RunParameterSet()
            .ApplyArguments(["--engine=postgres", "--connection=Host=db1;Username=u", "--server-host=bench@db1:2222", "--server_data_dir=/pg/data", "--server-pid=77"])
            .Build();
        Assert.Equal(ServerMetricsMode.Ssh, viaSsh.ServerMetrics!.Mode);
        Assert.Equal(2222, viaSsh.ServerMetrics.Host!.Port);
        Assert.Equal("/pg/data", viaSsh.ServerMetrics.DataDirectory);
        Assert.Equal(77, viaSsh.ServerMetrics.ServerPid);

        var local = new RunParameterSet().ApplyArguments(["--engine=sqlite", "--server-metrics=local"]).Build();
        Assert.Equal(ServerMetricsMode.Local, local.ServerMetrics!.Mode);

        Assert.Throws<UserError>(() => new RunParameterSet().ApplyArguments(["--engine=sqlite", "--server-metrics=sometimes"]).Build());
        Assert.Throws<UserError>(() => new RunParameterSet().ApplyArguments(["--engine=sqlite", "--server-metrics=local", "--server-host=db1"]).Build());
    }
}
