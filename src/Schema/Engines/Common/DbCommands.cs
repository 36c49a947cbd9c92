using System.Data;

namespace DvdStore.Schema.Engines.Common;

/// <summary>Small helpers for parameterised commands on any provider; values are always bound, never spliced into text.</summary>
public static class DbCommands
{
    public static DbCommand Command(this DbConnection connection, string sql, DbTransaction? transaction = null)
    {
        var command = connection.CreateCommand();
        command.CommandText = sql;
        command.Transaction = transaction;
        return command;
    }

    public static DbParameter Add(this DbCommand command, string name, object? value, DbType? type = null)
    {
        var parameter = command.CreateParameter();
        parameter.ParameterName = name;
        parameter.Value = value ?? DBNull.Value;
        if (type is { } t)
        {
            parameter.DbType = t;
        }

        command.Parameters.Add(parameter);
        return parameter;
    }

    public static async Task<int> ExecuteAsync(this DbConnection connection, string sql, CancellationToken cancellationToken, DbTransaction? transaction = null)
    {
        await using var command = connection.Command(sql, transaction);
        command.CommandTimeout = 0;
        return await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Runs each statement in order (DDL batches, script batches).</summary>
    public static async Task ExecuteAllAsync(this DbConnection connection, IEnumerable<string> statements, CancellationToken cancellationToken)
    {
        foreach (var statement in statements)
        {
            await connection.ExecuteAsync(statement, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>
    /// Creates <paramref name="table"/> with <paramref name="createSql"/> unless it can be read already; a create that
    /// fails because another process made the table at the same moment is no error (any other failure is).
    /// </summary>
    public static async Task EnsureTableAsync(this DbConnection connection, string table, string createSql, CancellationToken cancellationToken)
    {
        if (await connection.TableExistsAsync(table, cancellationToken).ConfigureAwait(false))
        {
            return;
        }

        try
        {
            await connection.ExecuteAsync(createSql, cancellationToken).ConfigureAwait(false);
        }
        catch (DbException)
        {
            if (!await connection.TableExistsAsync(table, cancellationToken).ConfigureAwait(false))
            {
                throw;
            }
        }
    }

    /// <summary>
    /// True when <paramref name="table"/> can be read: a query that returns no row, portable to every engine. Any
    /// failure (no such table, no right to read it) answers false.
    /// </summary>
    public static async Task<bool> TableExistsAsync(this DbConnection connection, string table, CancellationToken cancellationToken)
    {
        try
        {
            await using var probe = connection.Command($"SELECT COUNT(*) FROM {table} WHERE 1 = 0");
            await probe.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false);
            return true;
        }
        catch (DbException)
        {
            return false;
        }
    }

    public static async Task<T?> ScalarAsync<T>(this DbCommand command, CancellationToken cancellationToken)
    {
        var value = await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false);
        return value is null or DBNull ? default : (T)Convert.ChangeType(value, typeof(T), System.Globalization.CultureInfo.InvariantCulture);
    }
}
