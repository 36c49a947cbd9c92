using System.Net;
using System.Net.Sockets;
using DvdStore.Monitoring;
using DvdStore.Monitoring.Host;

namespace DvdStore.Tests.Monitoring;

/// <summary>The SSH path, without ever leaving this machine: ssh only to a closed loopback port, and a fake "ssh" that runs sh.</summary>
public class SshTests
{
    [Theory]
    [InlineData("bench@db1", "bench", "db1", null)]
    [InlineData("db1.example.com", null, "db1.example.com", null)]
    [InlineData("bench@10.0.0.5:2222", "bench", "10.0.0.5", 2222)]
    [InlineData("ops@[fe80::1]:22", "ops", "fe80::1", 22)]
    public void Server_host_is_user_at_host_with_an_optional_port(string text, string? user, string host, int? port)
    {
        Assert.Equal(new SshTarget(user, host, port), SshTarget.Parse(text));
    }

    [Theory]
    [InlineData("")]
    [InlineData("-oProxyCommand=evil")]
    [InlineData("bench@-oProxyCommand=x")]
    [InlineData("bench@db1 rm -rf /")]
    [InlineData("bench@db1:99999")]
    [InlineData("bench@db1;id")]
    public void Anything_else_is_a_user_error(string text)
    {
        Assert.Throws<UserError>(() => SshTarget.Parse(text));
    }

    [Fact]
    public void The_ssh_command_uses_a_key_only_and_starts_a_remote_shell()
    {
        var args = SshTarget.Parse("bench@db1:2222").Arguments();

        Assert.Equal(
            ["-o", "BatchMode=yes", "-o", "PasswordAuthentication=no", "-o", "KbdInteractiveAuthentication=no",
             "-o", "ConnectTimeout=10", "-o", "ServerAliveInterval=15", "-o", "ServerAliveCountMax=2", "-T",
             "-p", "2222", "bench@db1", "sh"],
            args);
    }

    [Fact]
    public void The_remote_script_marks_each_file_and_the_end()
    {
        Assert.Equal(
            "for f in /proc/stat /proc/42/status; do printf '\\n@@dvdstore-file %s\\n' \"$f\"; cat \"$f\" 2>/dev/null; done; echo @@dvdstore-end",
            SshFileReader.Script(["/proc/stat", "/proc/42/status"]));
        Assert.Throws<ArgumentException>(() => SshFileReader.Script(["/proc/stat; rm -rf /"]));
    }

    [Fact]
    public void The_remote_output_splits_back_into_files_and_drops_missing_ones()
    {
        var lines = "\n@@dvdstore-file /proc/loadavg\n1.00 0.50 0.25 2/100 999\n\n@@dvdstore-file /proc/9/status\n\n@@dvdstore-file /proc/stat\ncpu  1 2 3 4\ncpu0 1 2 3 4\n@@dvdstore-end".Split('\n');

        var files = SshFileReader.ParseOutput(lines);

        Assert.Equal(2, files.Count);
        Assert.Equal("1.00 0.50 0.25 2/100 999\n", files["/proc/loadavg"]);
        Assert.Equal("cpu  1 2 3 4\ncpu0 1 2 3 4\n", files["/proc/stat"]);
    }

    [Fact]
    public void Options_check_the_mode_and_host_together()
    {
        Assert.Equal(ServerMetricsMode.Local, ServerMetricsOptions.From(null, null, null, null).Mode);
        Assert.Equal(new SshTarget("bench", "db1", null), ServerMetricsOptions.From("ssh", "bench@db1", "/var/lib/pg", 7).Host);
        Assert.Throws<UserError>(() => ServerMetricsOptions.From("ssh", null, null, null));
        Assert.Throws<UserError>(() => ServerMetricsOptions.From("local", "bench@db1", null, null));
        Assert.Throws<UserError>(() => ServerMetricsOptions.From("remote", null, null, null));
        Assert.Throws<UserError>(() => ServerMetricsOptions.From("ssh", "bench@db1", "relative/dir", null));
        Assert.Throws<UserError>(() => ServerMetricsOptions.From("local", null, null, 0));
    }

    [Fact]
    public async Task An_unreachable_host_is_one_line_naming_ssh_s_reason()
    {
        await using var reader = new SshFileReader(new SshTarget("bench", "127.0.0.1", ClosedLoopbackPort()));

        var error = await Assert.ThrowsAsync<HostUnreachableException>(() => reader.ReadAsync(["/proc/stat"], CancellationToken.None));

        Assert.StartsWith("cannot read bench@127.0.0.1:", error.Message);
        Assert.Contains("Connection refused", error.Message);
        Assert.DoesNotContain('\n', error.Message);
    }

    [Fact]
    public async Task A_missing_ssh_client_is_reported_not_thrown_at_the_run()
    {
        var options = new ServerMetricsOptions(ServerMetricsMode.Ssh, new SshTarget("bench", "127.0.0.1", null), null, null);
        await using var sampler = ServerMetricsSampler.Create(
            options, EngineKind.Sqlite, _ => throw new InvalidOperationException("not used"), sshPath: "/nonexistent/ssh");

        var first = await sampler.StartAsync(CancellationToken.None);
        var second = await sampler.SampleAsync(CancellationToken.None);

        Assert.Null(first.Host);
        Assert.Contains(first.Warnings, w => w.StartsWith("server host metrics off for the rest of the run: cannot run the ssh client '/nonexistent/ssh'", StringComparison.Ordinal));
        Assert.Contains(first.Warnings, w => w.StartsWith("no engine counters: SQLite", StringComparison.Ordinal));
        Assert.Null(second.Host);
        Assert.Empty(second.Warnings);
    }

    [Fact]
    public async Task The_session_reads_files_through_the_remote_shell()
    {
        var fakeSsh = await FakeSshAsync();
        var data = TestServers.TempFile("loadavg");
        await File.WriteAllTextAsync(data, "1.00 0.50 0.25 2/100 999\n");
        await using var reader = new SshFileReader(new SshTarget("bench", "db1", null), fakeSsh);

        var first = await reader.ReadAsync(["/proc/stat", data, "/proc/does-not-exist"], CancellationToken.None);
        var second = await reader.ReadAsync([data], CancellationToken.None);

        Assert.StartsWith("cpu ", first["/proc/stat"]);
        Assert.Equal("1.00 0.50 0.25 2/100 999\n", first[data]);
        Assert.False(first.ContainsKey("/proc/does-not-exist"));
        Assert.Equal("1.00 0.50 0.25 2/100 999\n", second[data]);
    }

    [Fact]
    public async Task A_sampler_over_the_session_gives_host_figures()
    {
        var fakeSsh = await FakeSshAsync();
        var host = new HostMetricsReader(new SshFileReader(new SshTarget(null, "db1", null), fakeSsh), null, Environment.ProcessId);
        await using var sampler = new ServerMetricsSampler(host, engine: null);

        await sampler.StartAsync(CancellationToken.None);
        BurnCpu();
        var sample = await sampler.SampleAsync(CancellationToken.None);

        Assert.NotNull(sample.Host);
        Assert.True(sample.Host.CpuPercent > 0, $"cpu {sample.Host.CpuPercent}");
        Assert.NotNull(sample.Host.CpuSet);
        Assert.Empty(sample.Warnings);
    }

    internal static void BurnCpu()
    {
        // At least a few scheduler ticks of work, so the host's CPU counters must move.
        var until = Environment.TickCount64 + 100;
        var x = 0.0;
        while (Environment.TickCount64 < until)
        {
            x += Math.Sqrt(x + 1);
        }

        GC.KeepAlive(x);
    }

    // A stand-in for ssh that ignores its arguments and runs the shell locally: the whole session protocol, no network.
    private static async Task<string> FakeSshAsync()
    {
        var path = TestServers.TempFile("fake-ssh");
        await File.WriteAllTextAsync(path, "#!/bin/sh\nexec sh\n");
        if (!OperatingSystem.IsWindows())
        {
            File.SetUnixFileMode(path, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
        }

        return path;
    }

    private static int ClosedLoopbackPort()
    {
        var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        var port = ((IPEndPoint)listener.LocalEndpoint).Port;
        listener.Stop();
        return port;
    }
}
