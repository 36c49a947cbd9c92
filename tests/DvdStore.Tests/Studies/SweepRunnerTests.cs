using DvdStore.Studies;

namespace DvdStore.Tests.Studies;

public class SweepRunnerTests
{
    private sealed class RecordingPinner(List<string> calls) : ICpuPinner
    {
        public string Method => "fake";

        public Task PinAsync(IReadOnlyList<int> cpus, CancellationToken cancellationToken)
        {
            calls.Add("pin " + string.Join(',', cpus));
            return Task.CompletedTask;
        }

        public Task RestoreAsync()
        {
            calls.Add("restore");
            return Task.CompletedTask;
        }

        public async ValueTask DisposeAsync() => await RestoreAsync();
    }

    [Fact]
    public async Task Each_set_is_pinned_before_its_steps_and_the_store_is_reset_before_every_step_the_very_first_included()
    {
        var calls = new List<string>();
        var plan = new SweepPlan { Users = [1, 2], ServerPid = 1, Cpus = [1, 2] };
        var sets = plan.PlanCpus(RecordedCpuTrees.Read(RecordedCpuTrees.ThisMachine)).Sets;
        var output = new StringWriter();

        await using (var pinner = new RecordingPinner(calls))
        {
            var results = await new SweepRunner(plan, output).RunAsync(
                sets,
                pinner,
                (set, users, _) =>
                {
                    calls.Add($"run {set!.Name} {users}");
                    return Task.FromResult<StepMeasurement>(1000.0 * users * set.Cpus.Count);
                },
                _ =>
                {
                    calls.Add("reset");
                    return Task.CompletedTask;
                },
                CancellationToken.None);

            Assert.Equal([2, 2], results.Select(static r => r.Search.Peak.Users));
            Assert.Equal(4000, results[1].Search.Peak.Opm);
        }

        Assert.Equal(
            ["pin 0", "reset", "run vcpu-1 1", "reset", "run vcpu-1 2", "pin 0,1", "reset", "run vcpu-2 1", "reset", "run vcpu-2 2", "restore"],
            calls);
        Assert.Contains("sweep vcpu-2: peak 4000 opm at 2 users", output.ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public void Step_labels_carry_the_sets_shape_and_the_users()
    {
        var set = new CpuSetPlanner(RecordedCpuTrees.Read(RecordedCpuTrees.TwoSocketsHt)).HyperThreading().Sets[1];

        var labels = SweepRunner.Labels(set, 16, "sched_setaffinity", "20261123-104500");

        Assert.Equal("16", labels["users"]);
        Assert.Equal("ht-on-4", labels["cpu_set"]);
        Assert.Equal("2", labels["threads_per_core"]);
        Assert.Equal("2", labels["cores"]);
        Assert.Equal("1", labels["sockets"]);
        Assert.Equal("0-1,8-9", labels["cpu_list"]);
        Assert.Equal("unpinned", SweepRunner.Labels(null, 1, null, "x")["cpu_set"]);
    }
}
