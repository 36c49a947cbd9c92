namespace DvdStore.Schema;

/// <summary>
/// A mistake the user can fix: the CLI prints <see cref="Exception.Message"/> as one line
/// (what is wrong, then how to fix it) and exits non-zero, with no stack trace.
/// </summary>
public sealed class UserError : Exception
{
    public UserError(string message, int exitCode = 2) : base(message) => ExitCode = exitCode;

    public UserError(string message, Exception inner, int exitCode = 2) : base(message, inner) => ExitCode = exitCode;

    /// <summary>The process exit code: 2 for bad input, 3 for an unreachable or refusing server.</summary>
    public int ExitCode { get; }
}
