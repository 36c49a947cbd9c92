using System.Security.Cryptography;

namespace DvdStore.Schema.Engines.Oracle;

/// <summary>
/// A schema of its own: a new user with a random password (never shown), the privileges the store needs and a quota
/// on the caller's default tablespace; the caller needs CREATE USER, DROP USER and GRANT ANY PRIVILEGE (a DBA has them)
/// and GRANT ANY ROLE for CTXAPP (Oracle Text). Its connections are not pooled, so DROP USER finds none left open.
/// </summary>
public sealed class OracleScratchSpace : IScratchSpace
{
    public const string RightsQuery =
        "SELECT COUNT(*) FROM session_privs WHERE privilege IN ('CREATE USER', 'DROP USER', 'GRANT ANY PRIVILEGE', 'GRANT ANY ROLE')";

    /// <summary>What the scratch user may do: build the tables, sequences, types, procedures and trigger, and Oracle Text indexes.</summary>
    public static readonly IReadOnlyList<string> Grants =
        ["CREATE SESSION", "CREATE TABLE", "CREATE SEQUENCE", "CREATE PROCEDURE", "CREATE TRIGGER", "CREATE TYPE", "CTXAPP"];

    public async Task<ScratchStore> CreateAsync(string connectionString, CancellationToken cancellationToken)
    {
        var name = ScratchStore.NewName().ToUpperInvariant();
        var password = "P" + Convert.ToHexString(RandomNumberGenerator.GetBytes(12));
        await using var connection = OracleProvider.Factory().CreateConnection()!;
        connection.ConnectionString = connectionString;
        await connection.OpenAsync(cancellationToken).ConfigureAwait(false);
        await using (var rights = connection.Command(RightsQuery))
        {
            if (Convert.ToInt64(await rights.ScalarAsync<object>(cancellationToken).ConfigureAwait(false), System.Globalization.CultureInfo.InvariantCulture) < 4)
            {
                await using var who = connection.Command("SELECT USER FROM dual");
                var user = await who.ScalarAsync<string>(cancellationToken).ConfigureAwait(false);
                throw new UserError($"user {user} may not create a scratch schema, and check builds its test store in one ({name}) it drops after; it needs CREATE USER, DROP USER, GRANT ANY PRIVILEGE and GRANT ANY ROLE (e.g. run check as a DBA account).");
            }
        }

        await using var tablespace = connection.Command("SELECT default_tablespace FROM user_users");
        var space = await tablespace.ScalarAsync<string>(cancellationToken).ConfigureAwait(false);
        await connection.ExecuteAsync(CreateUserSql(name, password, space!), cancellationToken).ConfigureAwait(false);
        await connection.ExecuteAsync($"GRANT {string.Join(", ", Grants)} TO {name}", cancellationToken).ConfigureAwait(false);

        var builder = new DbConnectionStringBuilder { ConnectionString = connectionString };
        foreach (var key in new[] { "DBA Privilege", "Proxy User Id", "Proxy Password" })
        {
            builder.Remove(key);
        }

        builder["User Id"] = name;
        builder["Password"] = password;
        builder["Pooling"] = "false";
        return new ScratchStore($"schema (user) {name}", name, builder.ConnectionString, connectionString);
    }

    public async Task DropAsync(ScratchStore scratch, CancellationToken cancellationToken)
    {
        await using var connection = OracleProvider.Factory().CreateConnection()!;
        connection.ConnectionString = scratch.AdminConnectionString;
        await connection.OpenAsync(cancellationToken).ConfigureAwait(false);
        await using var exists = connection.Command($"SELECT COUNT(*) FROM all_users WHERE username = '{scratch.Name}'");
        if (Convert.ToInt64(await exists.ScalarAsync<object>(cancellationToken).ConfigureAwait(false), System.Globalization.CultureInfo.InvariantCulture) > 0)
        {
            await connection.ExecuteAsync($"DROP USER {scratch.Name} CASCADE", cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>The password is ours (hex, no quote can occur), so it goes into the DDL, which takes no bind variables.</summary>
    public static string CreateUserSql(string name, string password, string tablespace) =>
        $"CREATE USER {name} IDENTIFIED BY \"{password}\" DEFAULT TABLESPACE {tablespace} QUOTA UNLIMITED ON {tablespace}";
}
