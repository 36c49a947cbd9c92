using DvdStore.Schema.Engines;

namespace DvdStore.Loader.Pipeline;

/// <summary>A snapshot of one table's load, or the start/end of a build step.</summary>
/// <param name="Step">Build step (e.g. "tables", "load", "keys").</param>
/// <param name="Table">Table being loaded, or null for a step event.</param>
/// <param name="Rows">Rows written so far.</param>
/// <param name="ExpectedRows">Rows expected in all (an estimate for draw-dependent tables).</param>
/// <param name="Bytes">Approximate bytes of row data written so far.</param>
/// <param name="Elapsed">Time since the table (or step) started.</param>
/// <param name="Done">True when the table (or step) has finished.</param>
public sealed record LoadProgress(string Step, string? Table, long Rows, long ExpectedRows, long Bytes, TimeSpan Elapsed, bool Done)
{
    /// <summary>On a step's heartbeat: what the server says of the long statements in flight; empty when it says nothing.</summary>
    public IReadOnlyList<StatementProgress> Statements { get; init; } = [];

    public double RowsPerSecond => Elapsed.TotalSeconds > 0 ? Rows / Elapsed.TotalSeconds : 0;

    public double MegabytesPerSecond => Elapsed.TotalSeconds > 0 ? Bytes / 1e6 / Elapsed.TotalSeconds : 0;

    /// <summary>Estimated time left, or null before any rows are written.</summary>
    public TimeSpan? Remaining => Rows > 0 && ExpectedRows > Rows
        ? TimeSpan.FromSeconds((ExpectedRows - Rows) / RowsPerSecond)
        : null;
}
