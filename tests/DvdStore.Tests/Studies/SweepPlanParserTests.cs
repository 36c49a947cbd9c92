using DvdStore.Studies;

namespace DvdStore.Tests.Studies;

public class SweepPlanParserTests
{
    private static SweepPlan Parse(params (string Key, string Value)[] options) =>
        options.Aggregate(new SweepPlan(), (plan, o) => SweepPlanParser.Apply(plan, o.Key, o.Value)).Validate();

    [Fact]
    public void Options_give_cpu_counts_users_ht_variants_durations_and_threshold()
    {
        var plan = Parse(("--server-pid", "4242"), ("--cpus", "1,2"), ("--users", "1..16"), ("--ht", "on,off"),
            ("--affinity", "true"), ("--step-duration", "30s"), ("--warmup", "5s"), ("--reset-between", ""), ("--threshold", "2.5"), ("--fill", "threads"));

        Assert.Equal(4242, plan.ServerPid);
        Assert.Equal([1, 2], plan.Cpus);
        Assert.Equal([1, 2, 4, 8, 16], plan.Users);
        Assert.True(plan.HtOn && plan.HtOff && plan.Affinity && plan.ResetBetween);
        Assert.Equal(TimeSpan.FromSeconds(30), plan.StepDuration);
        Assert.Equal(TimeSpan.FromSeconds(5), plan.Warmup);
        Assert.Equal(2.5, plan.ThresholdPercent);
        Assert.Equal(ThreadFill.ThreadsFirst, plan.Fill);
    }

    [Theory]
    [InlineData("--cpus", "1,x", "not a whole number")]
    [InlineData("--users", "8..2", "must go up")]
    [InlineData("--ht", "maybe", "on, off or on,off")]
    [InlineData("--fill", "both", "cores")]
    [InlineData("--step-duration", "soon", "not a duration")]
    [InlineData("--color", "red", "unknown study setting")]
    public void Bad_values_are_one_line_user_errors(string key, string value, string expected)
    {
        AssertUserError.OneLine(() => SweepPlanParser.Apply(new SweepPlan(), key, value), expected);
    }

    [Fact]
    public void Think_time_paces_a_users_sweep_and_is_refused_beside_rates()
    {
        Assert.Equal(TimeSpan.FromMilliseconds(500), Parse(("--think-time", "500ms")).ThinkTime);
        Assert.Equal(TimeSpan.Zero, Parse().ThinkTime);
        AssertUserError.OneLine(() => SweepPlanParser.Apply(new SweepPlan(), "--think-time", "2h"), "--think-time");
        AssertUserError.OneLine(() => Parse(("--think-time", "1s"), ("--rates", "1000,2000")), "drop one of them");
    }

    [Fact]
    public void Cpu_sets_without_a_server_pid_are_refused()
    {
        var error = Assert.Throws<UserError>(() => Parse(("--cpus", "1,2")));

        Assert.Contains("--server-pid", error.Message);
    }

    [Fact]
    public async Task A_json_study_file_holds_the_same_settings()
    {
        var path = TestServers.TempFile("study.json");
        await File.WriteAllTextAsync(path, """{ "server_pid": 7, "cpus": [1, 2], "users": "1..4", "ht": ["off"], "reset_between": true, "step_duration": "2m" }""");

        var plan = (await SweepPlanParser.ReadFileAsync(path, CancellationToken.None)).Validate();

        Assert.Equal(7, plan.ServerPid);
        Assert.Equal([1, 2], plan.Cpus);
        Assert.Equal([1, 2, 4], plan.Users);
        Assert.True(plan.HtOff);
        Assert.False(plan.HtOn);
        Assert.True(plan.ResetBetween);
        Assert.Equal(TimeSpan.FromMinutes(2), plan.StepDuration);
    }

    [Fact]
    public async Task A_broken_study_file_names_the_line()
    {
        var path = TestServers.TempFile("study.json");
        await File.WriteAllTextAsync(path, "{\n \"cpus\": [1,\n");

        var error = await Assert.ThrowsAsync<UserError>(() => SweepPlanParser.ReadFileAsync(path, CancellationToken.None));

        Assert.Contains("not valid JSON", error.Message);
    }

    [Fact]
    public void All_cpus_plans_doubling_up_to_every_online_cpu_of_the_machine()
    {
        var plan = Parse(("server_pid", "1"), ("cpus", "all"), ("ht", "on,off"), ("affinity", "true"));

        var cpus = plan.PlanCpus(RecordedCpuTrees.Read(RecordedCpuTrees.TwoSocketsHt));

        Assert.Equal(["vcpu-1", "vcpu-2", "vcpu-4", "vcpu-8", "vcpu-16", "ht-off-4", "ht-on-4", "affinity-packed-4", "affinity-spread-4"], cpus.Sets.Select(static s => s.Name));
        Assert.Empty(cpus.Skipped);
    }
}
