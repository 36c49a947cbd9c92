using Microsoft.Data.SqlClient;

namespace DvdStore.Schema.Engines.SqlServer;

/// <summary>SQL Server error numbers and what they mean for the caller (retry, reconnect, fix the setup).</summary>
internal static class SqlServerFailures
{
    /// <summary>Severities 20–25 are fatal: SQL Server ends the session.</summary>
    private const byte FatalSeverity = 20;

    public static FailureKind Classify(Exception error) => FailureChain.Classify(error, e => e is SqlException sql ? ClassifyError(sql) : null);

    /// <summary>
    /// By error number; else an error of severity 20 or more (the server closed the session: KILL, a transport
    /// failure reported as error 0) means a lost connection; else null, so the chain's inner socket error can decide.
    /// </summary>
    private static FailureKind? ClassifyError(SqlException sql)
    {
        var errors = sql.Errors.Cast<SqlError>().ToList();
        var kind = Classify(errors.Select(x => x.Number).Prepend(sql.Number));
        if (kind != FailureKind.Other)
        {
            return kind;
        }

        return sql.Class >= FatalSeverity || errors.Any(x => x.Class >= FatalSeverity) ? FailureKind.Connection : null;
    }

    /// <summary>The first error number that means something decides; an exception can carry several errors.</summary>
    public static FailureKind Classify(IEnumerable<int> numbers) => FailureChain.FirstMeaningful(numbers, Classify);

    public static FailureKind Classify(int number) => number switch
    {
        // 1205 deadlock victim; 3960 snapshot update conflict: both succeed when retried.
        1205 or 3960 => FailureKind.Deadlock,
        // Login failed (18456 and its variants for expired/locked/untrusted logins).
        18456 or 18452 or 18486 or 18487 or 18488 => FailureKind.Authentication,
        // -2: the client's command timeout; 1222: lock request timeout.
        -2 or 1222 => FailureKind.Timeout,
        // No server at that address, connection reset/refused/timed out, no process on the pipe, or the managed SNI's -1;
        // 596: the session was killed (KILL) while running.
        53 or 2 or 10053 or 10054 or 10060 or 10061 or 233 or 64 or 121 or -1 or 596 => FailureKind.Connection,
        // Invalid object name, missing procedure, missing database.
        208 or 2812 or 4060 => FailureKind.MissingObject,
        _ => FailureKind.Other,
    };
}
