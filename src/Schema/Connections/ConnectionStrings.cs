using DvdStore.Schema.Files;

namespace DvdStore.Schema.Connections;

/// <summary>
/// Connection strings as users give them: the password comes from <c>DVDSTORE_PASSWORD</c> or the file named by
/// <c>DVDSTORE_PASSWORD_FILE</c> (never needed on the command line), and is removed before anything is printed or saved.
/// </summary>
public static class ConnectionStrings
{
    public const string PasswordVariable = "DVDSTORE_PASSWORD";
    public const string PasswordFileVariable = "DVDSTORE_PASSWORD_FILE";

    // The user's own password under any provider's spelling (Npgsql also takes PSW); not SSL or certificate passwords.
    private static readonly string[] PasswordKeys = ["password", "pwd", "psw"];

    /// <summary>The connection string with the password filled in from the environment when it has none.</summary>
    public static string WithPassword(string connectionString) =>
        WithPassword(connectionString, Environment.GetEnvironmentVariable(PasswordVariable), Environment.GetEnvironmentVariable(PasswordFileVariable));

    public static string WithPassword(string connectionString, string? password, string? passwordFile)
    {
        var builder = Parse(connectionString);
        if (builder.Keys.Cast<string>().Any(static k => PasswordKeys.Contains(k.Trim().ToLowerInvariant())))
        {
            return connectionString;
        }

        if (string.IsNullOrEmpty(password) && !string.IsNullOrEmpty(passwordFile))
        {
            try
            {
                password = BoundedFile.ReadAllText(passwordFile, BoundedFile.SecretChars)?.TrimEnd('\r', '\n')
                    ?? throw new UserError($"the password file {passwordFile} named by {PasswordFileVariable} holds more than {BoundedFile.Describe(BoundedFile.SecretChars)}; a password file holds the password alone (is it the right file?).");
            }
            catch (IOException e)
            {
                throw new UserError($"cannot read the password file {passwordFile} named by {PasswordFileVariable} ({e.Message}); fix the path or set {PasswordVariable}.");
            }
            catch (UnauthorizedAccessException)
            {
                throw new UserError($"no permission to read the password file {passwordFile} named by {PasswordFileVariable}; fix its permissions or set {PasswordVariable}.");
            }
        }

        if (string.IsNullOrEmpty(password))
        {
            return connectionString;
        }

        builder["Password"] = password;
        return builder.ConnectionString;
    }

    /// <summary>
    /// The connection string without any password, for strings whose engine is not known; prefer
    /// <see cref="StoreTarget.RedactedConnection"/>, which reads the string with the engine's own provider.
    /// </summary>
    public static string Redact(string connectionString) => ConnectionSecrets.RedactGeneric(connectionString);

    /// <summary>A value of the connection string (e.g. Host, Data Source), or null.</summary>
    public static string? Value(string connectionString, params string[] keys)
    {
        var builder = Parse(connectionString);
        foreach (var key in keys)
        {
            if (builder.TryGetValue(key, out var value) && value is not null)
            {
                return value.ToString();
            }
        }

        return null;
    }

    private static DbConnectionStringBuilder Parse(string connectionString)
    {
        try
        {
            return new DbConnectionStringBuilder { ConnectionString = connectionString };
        }
        catch (ArgumentException)
        {
            throw new UserError("the --connection value is not a connection string of key=value pairs separated by ';' (e.g. \"Host=localhost;Username=bench;Database=ds3\").");
        }
    }
}
