using DvdStore.Schema;

namespace DvdStore.Driver.Running;

/// <summary>
/// Where a run's files go: --out while it can be written; when it cannot (removed, replaced by a file, disk full), a
/// fallback folder — $TMPDIR/dvdstore-results-fallback, else ./results-fallback — named once in one line. A run's
/// figures are never lost to a folder that went away while it ran.
/// </summary>
public sealed class ResultFolder(string requested, TextWriter output)
{
    private readonly string requested = requested;
    private bool nowhereSaid;

    /// <summary>The folder files go to now.</summary>
    public string Current { get; private set; } = requested;

    /// <summary>
    /// Runs <paramref name="write"/> (which writes into <see cref="Current"/>), moving to a fallback as often as needed;
    /// a <see cref="UserError"/> when no folder at all can be written.
    /// </summary>
    public async Task WriteAsync(Func<Task> write)
    {
        Exception? first = null;
        foreach (var candidate in Candidates())
        {
            if (candidate != Current)
            {
                await output.WriteLineAsync($"warning: cannot write the result to {Current} ({Reason(first!)}); writing it to {candidate} instead.").ConfigureAwait(false);
                Current = candidate;
            }

            try
            {
                await write().ConfigureAwait(false);
                return;
            }
            catch (Exception e) when (IsWriteFailure(e))
            {
                first ??= e;
            }
        }

        var message = $"cannot write the result to {requested} nor to any fallback ({Reason(first!)}); free space or give a writable --out.";
        if (!nowhereSaid)
        {
            nowhereSaid = true;
            await output.WriteLineAsync("warning: " + message).ConfigureAwait(false);
        }

        throw new UserError(message, 1);
    }

    public static bool IsWriteFailure(Exception e) => e is IOException or UnauthorizedAccessException or NotSupportedException;

    public static string Reason(Exception e) => e.Message.Split('\n')[0].Trim().TrimEnd('.');

    private IEnumerable<string> Candidates()
    {
        yield return Current;
        foreach (var fallback in new[] { Path.Combine(Path.GetTempPath(), "dvdstore-results-fallback"), Path.GetFullPath("results-fallback") })
        {
            if (fallback != Current && fallback != requested)
            {
                yield return fallback;
            }
        }
    }
}
