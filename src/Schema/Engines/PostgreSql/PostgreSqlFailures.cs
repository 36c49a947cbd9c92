using System.Net.Sockets;
using Npgsql;

namespace DvdStore.Schema.Engines.PostgreSql;

/// <summary>What a PostgreSQL/Npgsql error means, by SQLSTATE first and by the exception chain for transport failures.</summary>
internal static class PostgreSqlFailures
{
    public static FailureKind Classify(Exception error)
    {
        for (var e = error; e is not null; e = e.InnerException)
        {
            if (e is PostgresException pg)
            {
                return ClassifySqlState(pg.SqlState);
            }
        }

        for (var e = error; e is not null; e = e.InnerException)
        {
            switch (e)
            {
                case TimeoutException:
                    return FailureKind.Timeout;
                case SocketException or IOException or EndOfStreamException:
                    return FailureKind.Connection;
            }
        }

        // Npgsql reports a broken or unopenable connection as a bare NpgsqlException (no server SQLSTATE).
        return error is NpgsqlException ? FailureKind.Connection : FailureKind.Other;
    }

    public static FailureKind ClassifySqlState(string sqlState) => sqlState switch
    {
        "40P01" or "40001" => FailureKind.Deadlock,
        "28P01" or "28000" => FailureKind.Authentication,
        "57014" => FailureKind.Timeout,
        // admin_shutdown, crash_shutdown, cannot_connect_now: the server went away.
        "57P01" or "57P02" or "57P03" => FailureKind.Connection,
        // undefined_table, undefined_function, undefined_column, invalid_schema_name, invalid_catalog_name.
        "42P01" or "42883" or "42703" or "3F000" or "3D000" => FailureKind.MissingObject,
        _ when sqlState.StartsWith("08", StringComparison.Ordinal) => FailureKind.Connection,
        _ => FailureKind.Other,
    };
}
