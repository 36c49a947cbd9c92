using DvdStore.Driver.Results;

namespace DvdStore.Driver.Running;

/// <summary>A finished run: its result and the files written.</summary>
/// <param name="Result">What was measured.</param>
/// <param name="ResultPath">The result JSON.</param>
/// <param name="IntervalsPath">The interval CSV.</param>
/// <param name="Ds3CsvPath">DS3's CSV (out_filename), when asked for.</param>
public sealed record DriverRunOutcome(RunResult Result, string ResultPath, string IntervalsPath, string? Ds3CsvPath)
{
    /// <summary>0 completed, 1 failed (error or cross-check mismatch), 130 stopped by Ctrl-C/SIGTERM.</summary>
    public int ExitCode => Result.Outcome switch
    {
        RunOutcome.Completed => 0,
        RunOutcome.Cancelled => 130,
        _ => 1,
    };
}
