namespace DvdStore.Driver.Running;

/// <summary>The database's counts at the measured window's two edges, or why they could not be read.</summary>
public sealed record WindowReading(WindowEdge? Start, WindowEdge? End, string? Unavailable)
{
    /// <summary>Waits for the probes started at the edges; a probe that failed (or never started) is said, not thrown.</summary>
    public static async Task<WindowReading> ReadAsync(Task<WindowEdge>? start, Task<WindowEdge>? end)
    {
        if (start is null || end is null)
        {
            await IgnoreAsync(start).ConfigureAwait(false);
            await IgnoreAsync(end).ConfigureAwait(false);
            // The run ended in its warm-up: there is no window to check.
            return new WindowReading(null, null, null);
        }

        try
        {
            return new WindowReading(await start.ConfigureAwait(false), await end.ConfigureAwait(false), null);
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            await IgnoreAsync(end).ConfigureAwait(false);
            return new WindowReading(null, null, $"the orders could not be counted at the window's edges ({e.Message.Split('\n')[0].Trim().TrimEnd('.')})");
        }
    }

    private static async Task IgnoreAsync(Task? probe)
    {
        try
        {
            if (probe is not null)
            {
                await probe.ConfigureAwait(false);
            }
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            // Only the first failure is reported.
        }
    }
}
