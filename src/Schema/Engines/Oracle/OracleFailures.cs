using System.Text.RegularExpressions;

namespace DvdStore.Schema.Engines.Oracle;

/// <summary>
/// ORA error codes and what they mean for the caller. The provider's OracleException is a DbException with a
/// <c>Number</c> property (read by reflection); its message carries every ORA-/PLS- code of the error stack.
/// </summary>
public static partial class OracleFailures
{
    public static FailureKind Classify(Exception error) =>
        FailureChain.Classify(error, e => e is DbException db && Classify(Number(db), db.Message) is var kind && kind != FailureKind.Other ? kind : null);

    /// <summary>The exception's own code first, then every ORA- code in its message; the first that means something decides.</summary>
    public static FailureKind Classify(int number, string message)
    {
        // PLS-00201 "identifier must be declared" under ORA-06550: the procedure being called does not exist.
        if (message.Contains("PLS-00201", StringComparison.Ordinal))
        {
            return FailureKind.MissingObject;
        }

        return FailureChain.FirstMeaningful(OraCodes(message).Prepend(number), Classify);
    }

    public static FailureKind Classify(int code) => code switch
    {
        // 60 deadlock detected; 8177 cannot serialize access (SERIALIZABLE): both succeed when retried.
        60 or 8177 => FailureKind.Deadlock,
        // 1017 invalid user/password; 1005 null password; 1045 no CREATE SESSION; 28000 locked; 28001 expired; 28009 SYSDBA needed.
        1017 or 1005 or 1045 or 28000 or 28001 or 28009 => FailureKind.Authentication,
        // 1013 cancelled (the client's command timeout); 54 and 30006 resource busy / lock wait timed out; 12170 connect timeout.
        1013 or 54 or 30006 or 12170 => FailureKind.Timeout,
        // Lost or refused connections: end-of-file on channel, not connected, lost contact, killed (28) or idle session,
        // session ended by a fatal error (603), a call that cannot be replayed after failover (25408), instance down or
        // starting, and the TNS listener family (no listener, unknown service/SID, no handler, host unreachable).
        3113 or 3114 or 3135 or 28 or 603 or 25408 or 2396 or 1012 or 1033 or 1034 or 1089 or 1090 or 1092 or 12500 or 12505 or 12514 or 12516
            or 12518 or 12519 or 12520 or 12521 or 12528 or 12537 or 12541 or 12543 or 12545 or 12547 or 12560 or 12571 => FailureKind.Connection,
        // 942 table or view does not exist; 4043 object does not exist; 2289 sequence does not exist.
        942 or 4043 or 2289 => FailureKind.MissingObject,
        _ => FailureKind.Other,
    };

    /// <summary>Every ORA-nnnnn code in a message, in order.</summary>
    public static IEnumerable<int> OraCodes(string message) =>
        OraCodePattern().Matches(message).Select(m => int.Parse(m.Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture));

    /// <summary>The provider exception's Number (OracleException.Number), or 0 for a DbException without one.</summary>
    private static int Number(DbException error) =>
        error.GetType().GetProperty(OracleProviderSurface.Number)?.GetValue(error) is int number ? number : error.ErrorCode;

    [GeneratedRegex(@"ORA-(\d{5})")]
    private static partial Regex OraCodePattern();
}
