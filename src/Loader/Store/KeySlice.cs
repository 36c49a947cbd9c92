using System.Data.Common;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Engines.Common;

namespace DvdStore.Loader.Store;

/// <summary>
/// One key range of a table, read as one statement: <c>Column</c> from <c>From</c> to <c>To</c> (an open end where
/// null), or the rows whose key is NULL, or the whole table (no column). A table's slices together cover every row
/// exactly once, whatever was added after they were planned: the first is open below and the last open above.
/// </summary>
public sealed record KeySlice(string? Column, long? From, long? To, bool NullKeys = false)
{
    /// <summary>The whole table: no condition, today's plain scan.</summary>
    public static readonly KeySlice Whole = new(null, null, null);

    /// <summary>The SQL condition that selects this slice's rows, the column prefixed by <paramref name="alias"/> when given.</summary>
    public string Condition(IEngine engine, string? alias = null)
    {
        if (Column is null)
        {
            return "1 = 1";
        }

        var column = alias is null ? Column : alias + "." + Column;
        if (NullKeys)
        {
            return column + " IS NULL";
        }

        var parts = new List<string>(2);
        if (From is not null)
        {
            parts.Add($"{column} >= {engine.Parameter("slice_from")}");
        }

        if (To is not null)
        {
            parts.Add($"{column} <= {engine.Parameter("slice_to")}");
        }

        return parts.Count == 0 ? column + " IS NOT NULL" : string.Join(" AND ", parts);
    }

    /// <summary>Binds the bounds <see cref="Condition"/> names.</summary>
    public void Bind(IEngine engine, DbCommand command)
    {
        if (Column is null || NullKeys)
        {
            return;
        }

        if (From is { } from)
        {
            command.Add(engine.Parameter("slice_from"), from);
        }

        if (To is { } to)
        {
            command.Add(engine.Parameter("slice_to"), to);
        }
    }
}
