namespace DvdStore.Driver.Fleet;

/// <summary>What `dvdstore fleet` needs to write a Kubernetes Indexed Job of driver pods.</summary>
public sealed record FleetManifestOptions
{
    /// <summary>The fleet id: the Job's name suffix, every driver's --fleet and the results' scaleout label.</summary>
    public required string FleetId { get; init; }

    /// <summary>Number of driver pods (the Job's completions and parallelism).</summary>
    public required int Drivers { get; init; }

    /// <summary>Container image holding the dvdstore tool (docs/scale-out.md builds it from the Dockerfile).</summary>
    public required string Image { get; init; }

    public required string Engine { get; init; }

    /// <summary>Connection string without a password (the password comes from the secret).</summary>
    public required string Connection { get; init; }

    /// <summary>Secret holding the database password, and its key; the manifest names it, never the password.</summary>
    public required string SecretName { get; init; }

    public string SecretKey { get; init; } = "password";

    public required int UsersPerDriver { get; init; }

    public required string Duration { get; init; }

    public string Warmup { get; init; } = "1m";

    public string? DbSize { get; init; }

    /// <summary>';'-separated database hosts, dealt out to the drivers; empty = the connection's host for all.</summary>
    public string Targets { get; init; } = "";

    public IReadOnlyDictionary<string, string> Labels { get; init; } = new Dictionary<string, string>();

    /// <summary>PersistentVolumeClaim (ReadWriteMany) for the results; null = none: results are printed as one JSON line for kubectl logs.</summary>
    public string? ResultsClaim { get; init; }

    public string Namespace { get; init; } = "default";

    /// <summary>CPUs each driver pod requests (and is limited to), e.g. "2"; null = none set.</summary>
    public string? Cpu { get; init; }

    /// <summary>Port of each driver's Prometheus endpoint; null = off.</summary>
    public int? MetricsPort { get; init; }

    public string FleetTimeout { get; init; } = "10m";
}
