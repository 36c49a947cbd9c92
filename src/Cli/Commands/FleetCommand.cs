using System.CommandLine;
using System.Globalization;
using DvdStore.Cli.Help;
using DvdStore.Driver.Fleet;
using DvdStore.Driver.Parameters;
using DvdStore.Schema;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Sizing;

namespace DvdStore.Cli.Commands;

/// <summary>
/// `dvdstore fleet`: writes the Kubernetes Indexed Job for N drivers that are one run (docs/scale-out.md). It only
/// renders the manifest; the drivers' start, shares and cross-check live in the Driver library.
/// </summary>
internal static class FleetCommand
{
    public static Command Create()
    {
        var id = new Option<string>("--fleet") { Description = "Fleet id (a new one for every fleet run): the Job's name, every driver's --fleet and the results' scaleout label. Default: f<UTC time>.", HelpName = "id" };
        var drivers = new Option<int>("--drivers") { Description = "Number of driver pods.", Required = true, HelpName = "n" };
        var image = new Option<string>("--image") { Description = "Container image with dvdstore (built from the Dockerfile).", Required = true, HelpName = "image" };
        var engine = new Option<string>("--engine") { Description = $"Database engine: {string.Join(", ", EngineCatalog.ServerNames)}.", Required = true, HelpName = "engine" };
        var connection = new Option<string>("--connection") { Description = "Connection string WITHOUT a password (the pods read it from --secret).", Required = true, HelpName = "connection" };
        var secret = new Option<string>("--secret") { Description = "Kubernetes Secret holding the database password (e.g. kubectl create secret generic dvdstore-db --from-literal=password=...).", Required = true, HelpName = "name" };
        var secretKey = new Option<string>("--secret-key") { Description = "Key of the password in the Secret.", DefaultValueFactory = _ => "password", HelpName = "key" };
        var users = new Option<int>("--users") { Description = "Virtual users per target in each driver (run's --users).", Required = true, HelpName = "n" };
        var duration = new Option<string>("--duration") { Description = $"Measured run length: {DurationText.Forms}.", Required = true, HelpName = "duration" };
        var warmup = new Option<string>("--warmup") { Description = "Warm-up before the measured window.", DefaultValueFactory = _ => "1m", HelpName = "duration" };
        var size = new Option<string?>("--size") { Description = "Size the store was loaded with (S, M, L, <n>MB, <n>GB); default: each driver reads it from the store.", HelpName = "size" };
        var targets = new Option<string>("--target") { Description = "';'-separated database hosts, dealt out to the drivers (every N-th to each); default: the connection's host for all.", DefaultValueFactory = _ => "", HelpName = "hosts" };
        var labels = new Option<string[]>("--label") { Description = "key=value label recorded in every driver's result (repeatable).", HelpName = "key=value", AllowMultipleArgumentsPerToken = false };
        var claim = new Option<string?>("--results-claim") { Description = "ReadWriteMany PersistentVolumeClaim mounted at /results for the result files; without it each driver prints its result as one JSON line (collect with kubectl logs).", HelpName = "claim" };
        var ns = new Option<string>("--namespace") { Description = "Namespace of the Job.", DefaultValueFactory = _ => "default", HelpName = "namespace" };
        var cpu = new Option<string?>("--pod-cpus") { Description = "CPUs each driver pod requests and is limited to (a Kubernetes quantity: 2, 500m); not the server's CPUs (sweep's --cpus) nor a CPU list (run's --driver-cpus).", HelpName = "cpus" };
        var metricsPort = new Option<int?>("--metrics-port") { Description = "Each driver serves live figures for Prometheus on this port.", HelpName = "port" };
        var timeout = new Option<string>("--fleet-timeout") { Description = "How long drivers wait for each other at the start and the end.", DefaultValueFactory = _ => "10m", HelpName = "duration" };
        var output = new Option<string?>("--out") { Description = "File to write the manifest to; default: stdout.", HelpName = "file" };
        var command = new Command("fleet", "Write a Kubernetes Indexed Job for N drivers that are ONE run: they start together through a barrier in the database, split the targets and report one summed result (docs/scale-out.md).")
        {
            engine, connection, size, users, duration, output, warmup, id, drivers, image, secret, secretKey, targets, labels, claim, ns, cpu, metricsPort, timeout,
        };
        command.SetAction(async (result, cancellationToken) =>
        {
            var options = new FleetManifestOptions
            {
                FleetId = result.GetValue(id) is { Length: > 0 } given ? given : string.Create(CultureInfo.InvariantCulture, $"f{DateTime.UtcNow:yyyyMMddHHmmss}"),
                Drivers = result.GetValue(drivers),
                Image = result.GetValue(image)!,
                Engine = EngineCatalog.Parse(result.GetValue(engine)!).Profile.Name,
                Connection = result.GetValue(connection)!,
                SecretName = result.GetValue(secret)!,
                SecretKey = result.GetValue(secretKey)!,
                UsersPerDriver = result.GetValue(users),
                Duration = DurationText.Parse("--duration", result.GetValue(duration)!) is { TotalSeconds: > 0 } ? result.GetValue(duration)! : throw new UserError("--duration must be longer than 0; give e.g. 10m."),
                Warmup = DurationText.Parse("--warmup", result.GetValue(warmup)!) >= TimeSpan.Zero ? result.GetValue(warmup)! : "0",
                DbSize = result.GetValue(size) is { } sized ? StoreSize.Parse(sized).ToString() : null,
                Targets = result.GetValue(targets)!.Trim(),
                Labels = ParseLabels(result.GetValue(labels) ?? []),
                ResultsClaim = result.GetValue(claim),
                Namespace = result.GetValue(ns)!,
                Cpu = result.GetValue(cpu),
                MetricsPort = result.GetValue(metricsPort),
                FleetTimeout = result.GetValue(timeout)!,
            };
            var manifest = FleetManifest.Render(options);
            if (result.GetValue(output) is { Length: > 0 } path)
            {
                await FleetManifest.WriteAsync(path, manifest, cancellationToken).ConfigureAwait(false);
                await result.InvocationConfiguration.Output.WriteLineAsync($"fleet {options.FleetId}: {options.Drivers} drivers in {path}; kubectl apply -f {path}").ConfigureAwait(false);
            }
            else
            {
                await result.InvocationConfiguration.Output.WriteAsync(manifest).ConfigureAwait(false);
            }

            return 0;
        });
        command.WithExamples(
            $"dvdstore fleet --drivers 4 --image registry/dvdstore:1 {ExampleTarget.First} --secret dvdstore-db --users 16 --duration 10m --out fleet.yaml");
        return command;
    }

    private static Dictionary<string, string> ParseLabels(IEnumerable<string> labels)
    {
        var parsed = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var label in labels)
        {
            var equals = label.IndexOf('=', StringComparison.Ordinal);
            if (equals <= 0)
            {
                throw new UserError($"--label {label} is not key=value; write e.g. --label vcpus=96.");
            }

            parsed[label[..equals].Trim()] = label[(equals + 1)..].Trim();
        }

        return parsed;
    }
}
