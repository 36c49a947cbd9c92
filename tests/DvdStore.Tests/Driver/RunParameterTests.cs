using DvdStore.Cli.Commands;
using DvdStore.Driver.Parameters;

namespace DvdStore.Tests.Driver;

public sealed class RunParameterTests
{
    [Fact]
    public void Defaults_are_ds3s()
    {
        var settings = new RunParameterSet().Build();

        Assert.Equal(1, settings.UsersPerTarget);
        Assert.Equal(10, settings.RampRate);
        Assert.Equal(TimeSpan.FromMinutes(10), settings.RunTime); // DS3 runs until stopped; ours measures 10 minutes unless told (issue 15)
        Assert.Equal(TimeSpan.FromMinutes(1), settings.Warmup);
        Assert.Equal("10MB", settings.DbSize.ToString());
        Assert.Equal(20, settings.Workload.PctNewCustomers);
        Assert.Equal(1, settings.Workload.PctNewMember);
        Assert.Equal(3, settings.Workload.Searches);
        Assert.Equal(5, settings.Workload.SearchBatchSize);
        Assert.Equal(3, settings.Workload.Reviews);
        Assert.Equal(5, settings.Workload.PctNewReviews);
        Assert.Equal(10, settings.Workload.PctNewHelpfulness);
        Assert.Equal(5, settings.Workload.LineItems);
        Assert.Equal(10, settings.LogFrequencySeconds);
        Assert.Equal(LogTimestamp.None, settings.LogTimestamp);
        Assert.False(settings.Workload.Ds2Mode);
        Assert.Equal(EngineKind.Sqlite, Assert.Single(settings.Targets).Engine.Kind);
    }

    [Fact]
    public void Arguments_and_config_files_apply_left_to_right_and_the_last_wins()
    {
        var file = TestServers.TempFile("ds3.conf");
        File.WriteAllText(file, "n_threads=8\n\n# a comment\nrun_time=5\nthink_time=0.5\nlinux_perf_host=u:p=w:h\n");

        var before = new RunParameterSet().ApplyArguments(["--n_threads=2", $"--config_file={file}"]).Build();
        var after = new RunParameterSet().ApplyArguments([$"--config_file={file}", "--n_threads=2", "--duration", "30s"]).Build();

        Assert.Equal(8, before.UsersPerTarget);
        Assert.Equal(TimeSpan.FromMinutes(5), before.RunTime);
        Assert.Equal(0.5, before.Workload.ThinkTimeSeconds);
        Assert.Equal("u:p=w:h", before.LinuxPerfHost);
        Assert.Equal(2, after.UsersPerTarget);
        Assert.Equal(TimeSpan.FromSeconds(30), after.RunTime);
        // A later run_time replaces an earlier --duration.
        Assert.Equal(TimeSpan.FromMinutes(3), new RunParameterSet().ApplyArguments(["--duration=30s", "--run_time=3"]).Build().RunTime);
    }

    [Fact]
    public void Json_config_sets_parameters_and_labels()
    {
        var file = TestServers.TempFile("run.json");
        File.WriteAllText(file, """{ "n_threads": 16, "ds2_mode": "Y", "warmup": "30s", "label": { "vcpus": 96, "smt": "on" } }""");

        var set = new RunParameterSet().ApplyArguments([$"--config={file}", "--label=smt=off"]);
        var settings = set.Build();

        Assert.Equal(16, settings.UsersPerTarget);
        Assert.True(settings.Workload.Ds2Mode);
        Assert.Equal(TimeSpan.FromSeconds(30), settings.Warmup);
        Assert.Equal("96", settings.Labels["vcpus"]);
        Assert.Equal("off", settings.Labels["smt"]);
    }

    [Theory]
    [InlineData("--run_time=1.5", "run_time")]
    [InlineData("--n_threads=0", "n_threads")]
    [InlineData("--n_searches=0", "n_searches")]
    [InlineData("--log_timestamp=GMT", "log_timestamp")]
    [InlineData("--detailed_view=maybe", "detailed_view")]
    [InlineData("--db_size=huge", "db_size")]
    [InlineData("--no_such=1", "no_such")]
    [InlineData("--duration=ten", "duration")]
    [InlineData("--pct_newcustomers=120", "pct_newcustomers")]
    [InlineData("--start_at=tomorrow", "start_at")]
    [InlineData("n_threads=2", "not a parameter")]
    [InlineData("--label=novalue", "key=value")]
    [InlineData("--engine=db2", "engine")]
    public void Bad_values_are_one_line_user_errors(string argument, string mentioned)
    {
        AssertUserError.OneLine(() => new RunParameterSet().ApplyArguments([argument]).Build(), mentioned);
    }

    [Fact]
    public void A_bad_config_line_names_the_file_and_line()
    {
        var file = TestServers.TempFile("bad.conf");
        File.WriteAllText(file, "n_threads=2\nthis line has no equals\n");

        var error = Assert.Throws<UserError>(() => new RunParameterSet().ApplyArguments([$"--config_file={file}"]));

        Assert.Contains("line 2", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Several_targets_replace_the_host_of_the_connection_and_keep_the_rest()
    {
        var settings = new RunParameterSet()
            .ApplyArguments(["--engine=mysql", "--connection=Server=x;User ID=bench;Password=secret;Database=ds3", "--target=db1;db2:3307", "--n_threads=3"])
            .Build();

        Assert.Equal(6, settings.TotalUsers);
        Assert.Equal(["db1", "db2:3307"], settings.Names);
        Assert.Contains("Server=db1", settings.Targets[0].ConnectionString, StringComparison.OrdinalIgnoreCase);
        Assert.Contains("port=3307", settings.Targets[1].ConnectionString, StringComparison.OrdinalIgnoreCase);
        Assert.Contains("Database=ds3", settings.Targets[1].ConnectionString, StringComparison.OrdinalIgnoreCase);
        Assert.DoesNotContain("secret", settings.ToParameters()["connection"], StringComparison.Ordinal);
        Assert.DoesNotContain("secret", string.Join(';', settings.Names), StringComparison.Ordinal);
    }

    [Fact]
    public void The_run_command_reads_options_in_the_order_written()
    {
        var parse = DvdStore.Cli.CliApp.BuildRoot().Parse(["run", "--n_threads=2", "--users", "5", "--label", "a=b", "--n_threads=7"]);

        Assert.Empty(parse.Errors);
        Assert.Equal([("n_threads", "2"), ("users", "5"), ("label", "a=b"), ("n_threads", "7")], RunCommand.OrderedValues(parse).ToArray());
    }
}
