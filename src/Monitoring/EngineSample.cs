namespace DvdStore.Monitoring;

/// <summary>The engine's own counters over one interval.</summary>
public sealed record EngineSample
{
    /// <summary>Transactions the engine committed in the interval (null when it does not count them).</summary>
    public long? Commits { get; init; }

    public long? Rollbacks { get; init; }

    /// <summary>Engine transactions per minute: 60 × commits / interval seconds.</summary>
    public double? Tpm { get; init; }

    /// <summary>Each other cumulative counter as a rate per second, by the engine's name.</summary>
    public IReadOnlyDictionary<string, double> RatesPerSecond { get; init; } = new Dictionary<string, double>();

    /// <summary>Instant values at the end of the interval (threads running, the engine's own CPU %), by the engine's name.</summary>
    public IReadOnlyDictionary<string, double> Gauges { get; init; } = new Dictionary<string, double>();
}
