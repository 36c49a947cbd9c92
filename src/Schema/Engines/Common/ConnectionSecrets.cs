namespace DvdStore.Schema.Engines.Common;

/// <summary>
/// Takes every secret out of a connection string before it is printed or saved. Each engine parses the string with its
/// provider's own builder, which folds every synonym the provider accepts (Npgsql's <c>PSW=</c>, <c>PWD=</c>, …) into
/// the canonical keyword, so removing the canonical password keywords removes every spelling the provider would use.
/// </summary>
public static class ConnectionSecrets
{
    /// <summary>Shown instead of a string no builder can read: it may hold a password in a place nobody can find.</summary>
    public const string Unparsable = "(unparsable connection string)";

    /// <summary>
    /// The string as <paramref name="parse"/> (the provider's builder) reads it, without any keyword naming a password;
    /// a string the provider refuses falls back to <see cref="RedactGeneric"/>.
    /// </summary>
    public static string Redact(string connectionString, Func<string, DbConnectionStringBuilder> parse)
    {
        DbConnectionStringBuilder builder;
        try
        {
            builder = parse(connectionString);
        }
        catch (Exception e) when (e is ArgumentException or FormatException or InvalidOperationException or InvalidCastException or OverflowException or UserError)
        {
            return RedactGeneric(connectionString);
        }

        foreach (var key in builder.Keys.Cast<string>().Where(IsSecret).ToArray())
        {
            builder.Remove(key);
        }

        return builder.ConnectionString;
    }

    /// <summary>
    /// For strings no provider builder reads (Oracle, loaded at run time; strings a provider refuses): every keyword
    /// that looks like a password in any provider's spelling is removed.
    /// </summary>
    public static string RedactGeneric(string connectionString)
    {
        DbConnectionStringBuilder builder;
        try
        {
            builder = new DbConnectionStringBuilder { ConnectionString = connectionString };
        }
        catch (ArgumentException)
        {
            return Unparsable;
        }

        foreach (var key in builder.Keys.Cast<string>().Where(IsSecret).ToArray())
        {
            builder.Remove(key);
        }

        return builder.ConnectionString;
    }

    /// <summary>
    /// A keyword that holds a secret: any keyword naming a password (Password, SSL Password, Certificate Password, Proxy
    /// Password, …) and the short forms providers accept (PWD, PSW).
    /// </summary>
    public static bool IsSecret(string keyword)
    {
        var compact = new string(keyword.Where(static c => !char.IsWhiteSpace(c) && c != '_').ToArray()).ToLowerInvariant();
        return compact.Contains("password", StringComparison.Ordinal) || compact.Contains("passwd", StringComparison.Ordinal)
            || compact.EndsWith("pwd", StringComparison.Ordinal) || compact.EndsWith("psw", StringComparison.Ordinal);
    }
}
