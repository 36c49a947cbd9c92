using System.Text.RegularExpressions;

namespace DvdStore.Schema.Engines.Common;

/// <summary>
/// What a long DDL statement builds, read from its text where the server shows only that (a session's current query):
/// its kind, table and index or constraint. The store's own statements are plain SQL, the same on every engine.
/// </summary>
public static partial class DdlStatementText
{
    /// <summary>(kind, table, name) of an index build, a key, a key's check or statistics; null for any other statement.</summary>
    public static (string Kind, string? Table, string? Name)? Read(string? sql)
    {
        if (string.IsNullOrWhiteSpace(sql))
        {
            return null;
        }

        if (CreateIndex().Match(sql) is { Success: true } create)
        {
            return ("index", Bare(create.Groups["table"].Value), Bare(create.Groups["name"].Value));
        }

        if (AlterTable().Match(sql) is { Success: true } alter)
        {
            var table = Bare(alter.Groups["table"].Value);
            var action = alter.Groups["action"].Value;
            if (ValidateConstraint().Match(action) is { Success: true } validate)
            {
                return ("constraint check", table, Bare(validate.Groups["name"].Value));
            }

            var constraint = AddConstraint().Match(action);
            var name = constraint.Success ? Bare(constraint.Groups["name"].Value) : null;
            if (action.Contains("PRIMARY KEY", StringComparison.OrdinalIgnoreCase))
            {
                return ("primary key", table, name);
            }

            if (action.Contains("FOREIGN KEY", StringComparison.OrdinalIgnoreCase))
            {
                return ("foreign key", table, name);
            }

            var indexes = AddIndex().Matches(action).Select(m => Bare(m.Groups["name"].Value)).ToList();
            return indexes.Count > 0 ? ("index", table, string.Join(", ", indexes)) : ("alter table", table, name);
        }

        return Statistics().Match(sql) is { Success: true } statistics
            ? ("statistics", string.Join(", ", statistics.Groups["tables"].Value.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries).Select(t => Bare(t.Split(' ', 2)[0]))), null)
            : null;
    }

    // Quotes of any engine ("x", `x`, [x]) go; a schema prefix stays, as the statement wrote it.
    private static string Bare(string name) => name.Trim().Trim('"', '`', '[', ']');

    [GeneratedRegex(@"^\s*CREATE\s+(?:UNIQUE\s+|FULLTEXT\s+|SPATIAL\s+|CLUSTERED\s+|NONCLUSTERED\s+|BITMAP\s+)*INDEX\s+(?:CONCURRENTLY\s+)?(?:IF\s+NOT\s+EXISTS\s+)?(?<name>[^\s(]+)\s+ON\s+(?:ONLY\s+)?(?<table>[^\s(]+)", RegexOptions.IgnoreCase)]
    private static partial Regex CreateIndex();

    [GeneratedRegex(@"^\s*ALTER\s+TABLE\s+(?:ONLY\s+)?(?:IF\s+EXISTS\s+)?(?<table>[^\s(]+)\s+(?<action>.*)$", RegexOptions.IgnoreCase | RegexOptions.Singleline)]
    private static partial Regex AlterTable();

    [GeneratedRegex(@"^VALIDATE\s+CONSTRAINT\s+(?<name>\S+)", RegexOptions.IgnoreCase)]
    private static partial Regex ValidateConstraint();

    [GeneratedRegex(@"\bADD\s+CONSTRAINT\s+(?<name>[^\s(]+)", RegexOptions.IgnoreCase)]
    private static partial Regex AddConstraint();

    [GeneratedRegex(@"\bADD\s+(?:UNIQUE\s+|FULLTEXT\s+|SPATIAL\s+)?(?:INDEX|KEY)\s+(?<name>[^\s(]+)", RegexOptions.IgnoreCase)]
    private static partial Regex AddIndex();

    // ANALYZE t, ANALYZE TABLE t, u, VACUUM (ANALYZE) t, UPDATE STATISTICS t.
    [GeneratedRegex(@"^\s*(?:ANALYZE\s+(?:TABLE\s+)?|VACUUM\s*\([^)]*\)\s*|UPDATE\s+STATISTICS\s+)(?<tables>[^;(]+?)\s*;?\s*$", RegexOptions.IgnoreCase | RegexOptions.Singleline)]
    private static partial Regex Statistics();
}
