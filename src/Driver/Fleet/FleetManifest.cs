using System.Globalization;
using System.Text;
using DvdStore.Schema;
using DvdStore.Schema.Files;

namespace DvdStore.Driver.Fleet;

/// <summary>
/// Writes a fleet of drivers as a Kubernetes Indexed Job: N pods, each running `dvdstore run --fleet ID --fleet-size
/// N` with its index from JOB_COMPLETION_INDEX, the password from a Secret (never in the manifest), results on a shared
/// volume or as one JSON line in the pod's log. No retries (backoffLimit 0): a restarted driver would not be part of the
/// common start. Every string is written double-quoted, so no value can change the YAML's shape.
/// </summary>
public static class FleetManifest
{
    public const string ResultsPath = "/results";

    public static string Render(FleetManifestOptions o)
    {
        Validate(o);
        var name = JobName(o.FleetId);
        var args = new List<string>
        {
            "run", "--engine", o.Engine, "--connection", o.Connection,
            "--fleet", o.FleetId, "--fleet-size", Text(o.Drivers), "--fleet-timeout", o.FleetTimeout,
            "--users", Text(o.UsersPerDriver), "--warmup", o.Warmup, "--duration", o.Duration,
            "--out", o.ResultsClaim is null ? "/tmp/results" : ResultsPath, "--result-stdout", o.ResultsClaim is null ? "Y" : "N",
        };
        // Without a size the drivers read it from the store, as every run does.
        if (o.DbSize is { } size)
        {
            args.AddRange(["--size", size]);
        }

        if (o.Targets.Length > 0)
        {
            args.AddRange(["--target", o.Targets]);
        }

        foreach (var (key, value) in o.Labels)
        {
            args.AddRange(["--label", $"{key}={value}"]);
        }

        if (o.MetricsPort is { } port)
        {
            args.AddRange(["--metrics-port", Text(port)]);
        }

        // The manifest as it reads, with the parts an option adds; every value goes through Q (quoted, escaped).
        var y = new StringBuilder();
        y.AppendLine($$"""
            # dvdstore fleet: {{Text(o.Drivers)}} drivers that are one run (docs/scale-out.md). Apply with: kubectl apply -f <this file>
            apiVersion: batch/v1
            kind: Job
            metadata:
              name: {{Q(name)}}
              namespace: {{Q(o.Namespace)}}
            {{Labels("  ", o.FleetId)}}
            spec:
              completionMode: Indexed
              completions: {{Text(o.Drivers)}}
              parallelism: {{Text(o.Drivers)}}
              backoffLimit: 0
              template:
                metadata:
            {{Labels("      ", o.FleetId)}}
                spec:
                  restartPolicy: Never
                  affinity:
                    podAntiAffinity:
                      preferredDuringSchedulingIgnoredDuringExecution:
                        - weight: 100
                          podAffinityTerm:
                            topologyKey: "kubernetes.io/hostname"
                            labelSelector:
                              matchLabels:
                                dvdstore/fleet: {{Q(o.FleetId)}}
                  containers:
                    - name: "driver"
                      image: {{Q(o.Image)}}
                      args:
            """);
        foreach (var arg in args)
        {
            y.AppendLine($"            - {Q(arg)}");
        }

        y.AppendLine($$"""
                      env:
                        - name: "DVDSTORE_PASSWORD"
                          valueFrom:
                            secretKeyRef:
                              name: {{Q(o.SecretName)}}
                              key: {{Q(o.SecretKey)}}
            """);
        if (o.MetricsPort is { } metricsPort)
        {
            y.AppendLine($$"""
                          ports:
                            - name: "metrics"
                              containerPort: {{Text(metricsPort)}}
                """);
        }

        if (o.Cpu is { } cpu)
        {
            y.AppendLine($$"""
                          resources:
                            requests: { cpu: {{Q(cpu)}} }
                            limits: { cpu: {{Q(cpu)}} }
                """);
        }

        if (o.ResultsClaim is { } claim)
        {
            y.AppendLine($$"""
                          volumeMounts:
                            - name: "results"
                              mountPath: {{Q(ResultsPath)}}
                      volumes:
                        - name: "results"
                          persistentVolumeClaim:
                            claimName: {{Q(claim)}}
                """);
        }

        return y.ToString();
    }

    /// <summary>Writes the manifest to <paramref name="path"/>: the whole file or none.</summary>
    public static async Task WriteAsync(string path, string manifest, CancellationToken cancellationToken)
    {
        AtomicFile.EnsureWritableFolder(Path.GetDirectoryName(Path.GetFullPath(path))!, "--out");
        await AtomicFile.WriteAsync(path, stream => stream.WriteAsync(Encoding.UTF8.GetBytes(manifest), cancellationToken).AsTask(), cancellationToken).ConfigureAwait(false);
    }

    /// <summary>The Job's name: dvdstore-fleet-ID in Kubernetes' name syntax (lower case, at most 63 characters).</summary>
    public static string JobName(string fleetId)
    {
        var name = "dvdstore-fleet-" + new string(fleetId.ToLowerInvariant().Select(static c => char.IsAsciiLetterOrDigit(c) ? c : '-').ToArray());
        return name.Length > 63 ? name[..63].TrimEnd('-') : name.TrimEnd('-');
    }

    /// <summary>The labels the Job and its pods carry, at <paramref name="indent"/> (no line break after the last).</summary>
    private static string Labels(string indent, string fleetId) => string.Join('\n',
        $"{indent}labels:",
        $"{indent}  app.kubernetes.io/name: \"dvdstore\"",
        $"{indent}  app.kubernetes.io/component: \"driver\"",
        $"{indent}  dvdstore/fleet: {Q(fleetId)}");

    private static void Validate(FleetManifestOptions o)
    {
        Parameters.InputBounds.Check("fleet_size", "--drivers", Text(o.Drivers), o.Drivers);
        Parameters.InputBounds.Check("n_threads", "--users", Text(o.UsersPerDriver), o.UsersPerDriver);
        if (o.MetricsPort is { } port)
        {
            Parameters.InputBounds.Check("metrics_port", "--metrics-port", Text(port), port);
        }

        FleetMember.Create(o.FleetId, o.Drivers, 0, static _ => null);
        if (o.FleetId.Length > 63)
        {
            throw new UserError($"fleet id '{o.FleetId}' is longer than 63 characters, the most a Kubernetes label value holds; give a shorter --fleet.");
        }

        if (Schema.Connections.ConnectionStrings.Value(o.Connection, "Password", "Pwd", "PSW") is not null)
        {
            throw new UserError("the --connection holds a password, which would be written into the manifest; remove it and name the Secret that holds it with --secret.");
        }

        if (string.IsNullOrWhiteSpace(o.Image) || string.IsNullOrWhiteSpace(o.SecretName))
        {
            throw new UserError("a fleet needs --image (the dvdstore container image) and --secret (the Secret with the database password).");
        }
    }

    private static string Text(int value) => value.ToString(CultureInfo.InvariantCulture);

    /// <summary>A YAML double-quoted scalar: quotes, backslashes and control characters escaped.</summary>
    private static string Q(string value)
    {
        var quoted = new StringBuilder("\"");
        foreach (var c in value)
        {
            quoted.Append(c switch
            {
                '"' => "\\\"",
                '\\' => "\\\\",
                _ when char.IsControl(c) => string.Create(CultureInfo.InvariantCulture, $"\\u{(int)c:x4}"),
                _ => c.ToString(),
            });
        }

        return quoted.Append('"').ToString();
    }
}
