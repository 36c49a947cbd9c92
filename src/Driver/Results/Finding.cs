namespace DvdStore.Driver.Results;

/// <summary>Something the reader of a result must know: a warning about the measurement or an error.</summary>
/// <param name="Code">Stable machine name, e.g. "client-saturation", "reconnects", "cross-check".</param>
/// <param name="Severity">Warning or error.</param>
/// <param name="Message">One human sentence.</param>
public sealed record Finding(string Code, FindingSeverity Severity, string Message);
