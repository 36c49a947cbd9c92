using System.Diagnostics;

namespace DvdStore.Contract;

/// <summary>Runs contract checks one after another on a session; a failing check is recorded and the next one runs.</summary>
public static class ContractRunner
{
    public static async Task<IReadOnlyList<ContractResult>> RunAsync(
        ContractSession session, IEnumerable<ContractCheck> checks, Action<ContractResult>? onResult, CancellationToken cancellationToken)
    {
        var results = new List<ContractResult>();
        foreach (var check in checks)
        {
            var result = await RunOneAsync(session, check, cancellationToken).ConfigureAwait(false);
            results.Add(result);
            onResult?.Invoke(result);
        }

        return results;
    }

    public static async Task<ContractResult> RunOneAsync(ContractSession session, ContractCheck check, CancellationToken cancellationToken)
    {
        session.ClearNotes();
        var clock = Stopwatch.StartNew();
        string? failure = null;
        try
        {
            await check.Run(session, cancellationToken).ConfigureAwait(false);
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            throw;
        }
        catch (Exception error)
        {
            failure = Describe(session.Engine, error);
        }

        return new ContractResult(check.Group, check.Name, failure is null, failure, session.Notes.ToArray(), Math.Round(clock.Elapsed.TotalSeconds, 3))
        {
            NotApplicable = failure is null ? session.NotApplicableReason : null,
        };
    }

    /// <summary>
    /// One line: a contract violation as it is; a server error with what the engine makes of it (e.g. MissingObject),
    /// its type and its first line. Server messages name objects, never the connection's password.
    /// </summary>
    public static string Describe(IEngine engine, Exception error)
    {
        if (error is ContractViolation)
        {
            return FirstLine(error.Message);
        }

        var inner = error is AggregateException { InnerException: { } only } ? only : error;
        var kind = engine.Classify(inner);
        return $"{(kind == FailureKind.Other ? "" : kind + ": ")}{inner.GetType().Name}: {FirstLine(inner.Message)}";
    }

    private static string FirstLine(string text)
    {
        var line = text.Split('\n', 2)[0].Trim();
        return line.Length <= 300 ? line : line[..300] + "…";
    }
}
