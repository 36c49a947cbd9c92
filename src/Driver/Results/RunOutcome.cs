namespace DvdStore.Driver.Results;

/// <summary>How a run ended.</summary>
public enum RunOutcome
{
    /// <summary>Ran for the configured time.</summary>
    Completed,

    /// <summary>Stopped early by Ctrl-C / SIGTERM; the figures cover the time actually run.</summary>
    Cancelled,

    /// <summary>Ended by an error (database down too long, cross-check mismatch, all users failed).</summary>
    Failed,

    /// <summary>
    /// The driver died without ending the run (kill -9, power loss): what is on disk is the last checkpoint, written at
    /// a log interval, with the orders counted up to then.
    /// </summary>
    Interrupted,
}
