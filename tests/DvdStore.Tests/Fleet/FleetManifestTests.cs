using DvdStore.Cli;
using DvdStore.Driver.Fleet;
using k8s;
using k8s.Models;

namespace DvdStore.Tests.Fleet;

/// <summary>The fleet manifest read back through the Kubernetes client's own models, as the API server would read it.</summary>
public sealed class FleetManifestTests
{
    private static FleetManifestOptions Options => new()
    {
        FleetId = "f20261124-a",
        Drivers = 4,
        Image = "registry.example/dvdstore:0.1.0",
        Engine = "postgres",
        Connection = SampleConnections.Postgres,
        SecretName = "dvdstore-db",
        UsersPerDriver = 16,
        Duration = "10m",
        DbSize = "100GB",
        Labels = new Dictionary<string, string> { ["vcpus"] = "96", ["note"] = "quote \" and back\\slash" },
        ResultsClaim = "dvdstore-results",
        MetricsPort = 9464,
    };

    [Fact]
    public void The_manifest_is_an_indexed_job_of_n_drivers_with_the_password_from_a_secret()
    {
        var yaml = FleetManifest.Render(Options);

        var job = KubernetesYaml.Deserialize<V1Job>(yaml);

        Assert.Equal("batch/v1", job.ApiVersion);
        Assert.Equal("Job", job.Kind);
        Assert.Equal("dvdstore-fleet-f20261124-a", job.Metadata.Name);
        Assert.Equal("Indexed", job.Spec.CompletionMode);
        Assert.Equal(4, job.Spec.Completions);
        Assert.Equal(4, job.Spec.Parallelism);
        Assert.Equal(0, job.Spec.BackoffLimit);
        Assert.Equal("Never", job.Spec.Template.Spec.RestartPolicy);
        var container = Assert.Single(job.Spec.Template.Spec.Containers);
        Assert.Equal("registry.example/dvdstore:0.1.0", container.Image);
        var args = container.Args.ToList();
        Assert.Equal("run", args[0]);
        Assert.Equal("f20261124-a", args[args.IndexOf("--fleet") + 1]);
        Assert.Equal("4", args[args.IndexOf("--fleet-size") + 1]);
        Assert.Equal("16", args[args.IndexOf("--users") + 1]);
        Assert.Equal("10m", args[args.IndexOf("--duration") + 1]);
        Assert.Equal("/results", args[args.IndexOf("--out") + 1]);
        Assert.Equal(SampleConnections.Postgres, args[args.IndexOf("--connection") + 1]);
        Assert.Contains("note=quote \" and back\\slash", args);
        Assert.Contains("vcpus=96", args);
        Assert.DoesNotContain("--fleet-index", args); // each pod's index comes from JOB_COMPLETION_INDEX
        var password = Assert.Single(container.Env);
        Assert.Equal("DVDSTORE_PASSWORD", password.Name);
        Assert.Null(password.Value);
        Assert.Equal("dvdstore-db", password.ValueFrom.SecretKeyRef.Name);
        Assert.Equal("password", password.ValueFrom.SecretKeyRef.Key);
        Assert.Equal("/results", Assert.Single(container.VolumeMounts).MountPath);
        Assert.Equal("dvdstore-results", Assert.Single(job.Spec.Template.Spec.Volumes).PersistentVolumeClaim.ClaimName);
        Assert.Equal(9464, Assert.Single(container.Ports).ContainerPort);
        Assert.Equal("f20261124-a", job.Spec.Template.Metadata.Labels["dvdstore/fleet"]);
    }

    [Fact]
    public void Without_a_results_volume_each_driver_prints_its_result_as_a_json_line()
    {
        var job = KubernetesYaml.Deserialize<V1Job>(FleetManifest.Render(Options with { ResultsClaim = null }));

        var args = job.Spec.Template.Spec.Containers[0].Args.ToList();
        Assert.Equal("Y", args[args.IndexOf("--result-stdout") + 1]);
        Assert.Null(job.Spec.Template.Spec.Volumes);
    }

    [Fact]
    public void A_connection_with_a_password_is_refused_so_it_never_reaches_the_manifest()
    {
        var error = Assert.Throws<UserError>(() => FleetManifest.Render(Options with { Connection = "Host=db1;Username=ds3;Password=s3cret;Database=ds3" }));

        Assert.Contains("--secret", error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain("s3cret", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task The_fleet_verb_writes_the_manifest_file()
    {
        var path = TestServers.TempFile("fleet.yaml");
        using var output = new StringWriter();
        using var error = new StringWriter();

        var code = await CliApp.RunAsync(
            ["fleet", "--drivers", "3", "--image", "dvdstore:test", "--engine", "postgres", "--connection", "Host=db;Username=u;Database=d", "--secret", "db", "--users", "8", "--duration", "5m", "--size", "10GB", "--fleet", "run7", "--target", "db1;db2;db3", "--out", path],
            output, error, CancellationToken.None);

        Assert.True(code == 0, error.ToString());
        var job = KubernetesYaml.Deserialize<V1Job>(await File.ReadAllTextAsync(path));
        Assert.Equal(3, job.Spec.Completions);
        var args = job.Spec.Template.Spec.Containers[0].Args.ToList();
        Assert.Equal("db1;db2;db3", args[args.IndexOf("--target") + 1]);
        Assert.Equal("10GB", args[args.IndexOf("--size") + 1]);
    }

    [Theory]
    [InlineData(0, new[] { "a", "e" })]
    [InlineData(3, new[] { "d" })]
    public void Drivers_are_dealt_every_nth_target(int index, string[] expected)
    {
        Assert.Equal(expected, new FleetMember("f", index, 4).TargetShare(["a", "b", "c", "d", "e"]));
    }

    [Fact]
    public void With_fewer_targets_than_drivers_drivers_share_them_and_users_split_evenly()
    {
        Assert.Equal(["b"], new FleetMember("f", 3, 4).TargetShare(["a", "b"]));
        Assert.Equal([3, 3, 2, 2], Enumerable.Range(0, 4).Select(i => new FleetMember("f", i, 4).UserShare(10)));
    }

    [Fact]
    public void The_index_comes_from_job_completion_index_and_is_checked()
    {
        Assert.Equal(2, FleetMember.Create("f", 4, null, name => name == FleetMember.IndexVariable ? "2" : null).Index);
        Assert.Contains("JOB_COMPLETION_INDEX", Assert.Throws<UserError>(() => FleetMember.Create("f", 4, null, _ => null)).Message, StringComparison.Ordinal);
        Assert.Contains("outside 0..3", Assert.Throws<UserError>(() => FleetMember.Create("f", 4, 4, _ => null)).Message, StringComparison.Ordinal);
    }
}
