using DvdStore.Analysis.Reading;

namespace DvdStore.Tests.Analysis;

/// <summary>Labels derived from the recorded context, and the user's overrides.</summary>
public sealed class LabelTests
{
    [Theory]
    [InlineData("run1.json:vcpus=8", "run1.json", "vcpus", "8")]
    [InlineData("/data/runs/run1.json:generation=Sapphire Rapids", "/data/runs/run1.json", "generation", "Sapphire Rapids")]
    [InlineData("run1.json=smt=off", "run1.json", "smt", "off")]
    [InlineData("engine=postgres", "*", "engine", "postgres")]
    [InlineData("*:numa=one-node", "*", "numa", "one-node")]
    public void Label_options_name_a_file_or_every_run(string text, string file, string key, string value) =>
        Assert.Equal(new LabelOverride(file, key, value), LabelOverrides.ParseOption(text));

    [Theory]
    [InlineData("vcpus")]
    [InlineData("run1.json:=8")]
    [InlineData("=8")]
    public void A_malformed_label_option_is_a_user_error(string text) =>
        Assert.Throws<UserError>(() => LabelOverrides.ParseOption(text));

    [Fact]
    public async Task A_labels_csv_sets_labels_by_file_name_and_later_overrides_win()
    {
        var csv = TestServers.TempFile("labels.csv");
        await File.WriteAllTextAsync(csv, "file,key,value\n# the old box\nold.json,generation,westmere\nnew.json,generation,skylake\n");
        var overrides = await LabelOverrides.ReadCsvAsync(csv, CancellationToken.None);
        var run = new AnalyzedRun("/r/old.json", RunOrigin.DvdStoreResult, new RunResult(), new Dictionary<string, string> { ["generation"] = "Intel(R) Xeon(R) X7560" });

        var labelled = LabelOverrides.Apply(run, [.. overrides, LabelOverrides.ParseOption("vcpus=40")]);

        Assert.Equal("westmere", labelled.Label("generation"));
        Assert.Equal("40", labelled.Label("vcpus"));
    }

    [Fact]
    public void Cpu_labels_come_from_the_driver_machine_only_when_the_database_ran_there()
    {
        static RunResult On(string connection) => new()
        {
            Parameters = new Dictionary<string, string> { ["n_threads"] = "32", ["db_size"] = "10GB" },
            Context = new RunContext
            {
                Client = new ClientContext { Hostname = "box1", CpuModel = "Xeon Gold 6338", ThreadsPerCore = 2, OnlineCpuCount = 128, AffinityCpuCount = 16 },
                Servers = [new ServerContext { Engine = "postgres", Connection = connection }],
                Labels = new Dictionary<string, string> { ["numa"] = "one-node" },
            },
        };

        var local = ContextLabels.Derive(On("Host=127.0.0.1;Port=5432;Username=bench"));
        var remote = ContextLabels.Derive(On("Host=db7.lab;Port=5432;Username=bench"));

        Assert.Equal("16", local[LabelKeys.Vcpus]);
        Assert.Equal("on", local[LabelKeys.Smt]);
        Assert.Equal("pinned", local[LabelKeys.Affinity]);
        Assert.Equal("Xeon Gold 6338", local[LabelKeys.Generation]);
        Assert.False(remote.ContainsKey(LabelKeys.Vcpus));
        Assert.False(remote.ContainsKey(LabelKeys.Generation));
        foreach (var labels in new[] { local, remote })
        {
            Assert.Equal("32", labels[LabelKeys.Threads]);
            Assert.Equal("10GB", labels[LabelKeys.Size]);
            Assert.Equal("postgres", labels[LabelKeys.Engine]);
            Assert.Equal("box1", labels[LabelKeys.Host]);
            Assert.Equal("one-node", labels[LabelKeys.Numa]);
        }

        Assert.True(ContextLabels.DriverOnDatabaseMachine(On("Server=box1.lab.example;Port=3306")));
        Assert.True(ContextLabels.DriverOnDatabaseMachine(On("Host=localhost")));
        Assert.False(ContextLabels.DriverOnDatabaseMachine(On("Data Source=tcp:sql9,1433")));
    }
}
