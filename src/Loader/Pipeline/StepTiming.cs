namespace DvdStore.Loader.Pipeline;

/// <summary>How long one build step took.</summary>
public sealed record StepTiming(string Step, TimeSpan Elapsed);
