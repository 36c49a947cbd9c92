using DvdStore.Analysis.Reading;
using DvdStore.Analysis.Statistics;

namespace DvdStore.Tests.Analysis;

/// <summary>A sweep step's server CPU-set labels become the vcpus/smt/affinity/threads the studies compare.</summary>
public sealed class SweepLabelTests
{
    [Fact]
    public void Sweep_labels_become_vcpus_smt_affinity_and_threads_and_do_not_split_configurations()
    {
        var one = ContextLabels.Derive(AnalysisFixtures.Result(1000, ("cpu_set", "vcpu-1"), ("cpu_study", "vcpu"), ("cpus", "1"), ("threads_per_core", "1"), ("users", "2"), ("cpu_list", "0")));
        var ht = ContextLabels.Derive(AnalysisFixtures.Result(1000, ("cpu_set", "ht-on-4"), ("cpu_study", "ht"), ("cpu_variant", "on"), ("cpus", "4"), ("threads_per_core", "2"), ("users", "8")));
        var spread = ContextLabels.Derive(AnalysisFixtures.Result(1000, ("cpu_set", "affinity-spread-8"), ("cpu_study", "affinity"), ("cpu_variant", "spread"), ("cpus", "8"), ("threads_per_core", "1"), ("vcpus", "6")));

        Assert.Equal(("1", "off", "pinned", "2"), (one["vcpus"], one["smt"], one["affinity"], one["threads"]));
        Assert.False(one.ContainsKey("numa"));
        Assert.Equal(("4", "on"), (ht["vcpus"], ht["smt"]));
        Assert.Equal("spread", spread["numa"]);
        Assert.Equal("6", spread["vcpus"]); // the run's own label wins

        var a = new Dictionary<string, string> { ["vcpus"] = "2", ["cpu_set"] = "vcpu-2", ["cpu_list"] = "0-1", ["users"] = "2" };
        var b = new Dictionary<string, string> { ["vcpus"] = "2", ["cpu_set"] = "vcpu-2", ["cpu_list"] = "2-3", ["users"] = "2" };
        Assert.Equal(RunGroups.Key(a, SweepKeys.All), RunGroups.Key(b, SweepKeys.All));
    }

    [Fact]
    public void The_drivers_cpus_label_does_not_split_configurations_or_change_the_derived_labels()
    {
        var apart = ContextLabels.Derive(AnalysisFixtures.Result(1000, ("cpu_set", "vcpu-1"), ("cpu_study", "vcpu"), ("cpus", "1"), ("threads_per_core", "1"), ("users", "2"), ("cpu_list", "0"), ("driver_cpus", "1")));
        var shared = ContextLabels.Derive(AnalysisFixtures.Result(1000, ("cpu_set", "vcpu-1"), ("cpu_study", "vcpu"), ("cpus", "1"), ("threads_per_core", "1"), ("users", "2"), ("cpu_list", "0"), ("driver_cpus", "0-1")));

        Assert.Equal(("1", "off", "pinned", "2"), (apart["vcpus"], apart["smt"], apart["affinity"], apart["threads"]));
        Assert.Equal(RunGroups.Key(apart, SweepKeys.All), RunGroups.Key(shared, SweepKeys.All));
        Assert.Contains(SweepKeys.DriverCpus, SweepKeys.All);
    }

    [Fact]
    public void A_driver_pinned_with_driver_cpus_does_not_give_its_own_cpus_as_the_servers_vcpus()
    {
        static RunResult Local(string driverCpus) => new()
        {
            Parameters = new Dictionary<string, string> { ["driver_cpus"] = driverCpus, ["n_threads"] = "2" },
            Context = new RunContext
            {
                Client = new ClientContext { Hostname = "db1", ThreadsPerCore = 1, OnlineCpuCount = 2, AffinityCpuCount = 1, AffinityCpus = "1" },
                Servers = [new ServerContext { Engine = "sqlite", Connection = "Data Source=s.db" }],
            },
        };

        var pinned = ContextLabels.Derive(Local("1"));
        var plain = ContextLabels.Derive(Local(""));

        Assert.False(pinned.ContainsKey("vcpus") || pinned.ContainsKey("affinity"), string.Join(", ", pinned));
        Assert.Equal(("off", "2"), (pinned["smt"], pinned["threads"]));
        Assert.Equal(("1", "pinned"), (plain["vcpus"], plain["affinity"]));
    }
}
