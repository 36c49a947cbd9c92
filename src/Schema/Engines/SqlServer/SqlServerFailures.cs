using Microsoft.Data.SqlClient;

namespace DvdStore.Schema.Engines.SqlServer;

/// <summary>SQL Server error numbers and what they mean for the caller (retry, reconnect, fix the setup).</summary>
internal static class SqlServerFailures
{
    public static FailureKind Classify(Exception error)
    {
        for (var e = error; e is not null; e = e.InnerException)
        {
            switch (e)
            {
                case SqlException sql:
                    return Classify(sql.Errors.Cast<SqlError>().Select(x => x.Number).Prepend(sql.Number));
                case TimeoutException:
                    return FailureKind.Timeout;
            }
        }

        return FailureKind.Other;
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
        // No server at that address, connection reset/refused/timed out, no process on the pipe, or the managed SNI's -1.
        53 or 2 or 10053 or 10054 or 10060 or 10061 or 233 or 64 or 121 or -1 => FailureKind.Connection,
        // Invalid object name, missing procedure, missing database.
        208 or 2812 or 4060 => FailureKind.MissingObject,
        _ => FailureKind.Other,
    };
}
