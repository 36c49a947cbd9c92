using Microsoft.SqlServer.TransactSql.ScriptDom;

namespace DvdStore.Tests.Schema.SqlServer;

/// <summary>Parses T-SQL with the SQL Server 2022 grammar (TSql160Parser), the offline stand-in for a server.</summary>
internal static class TSql
{
    public static TSqlFragment Parse(string batch, out IList<ParseError> errors)
    {
        var parser = new TSql160Parser(initialQuotedIdentifiers: true);
        using var reader = new StringReader(batch);
        return parser.Parse(reader, out errors);
    }

    /// <summary>Parses one batch and fails with every error, its line and the offending text.</summary>
    public static TSqlFragment ParseClean(string batch)
    {
        var fragment = Parse(batch, out var errors);
        Assert.True(errors.Count == 0, $"T-SQL errors:\n{string.Join("\n", errors.Select(e => $"line {e.Line}: {e.Message}"))}\nin:\n{batch}");
        return fragment;
    }

    public static IReadOnlyList<T> All<T>(TSqlFragment fragment)
        where T : TSqlFragment
    {
        var collector = new Collector<T>();
        fragment.Accept(collector);
        return collector.Found;
    }

    private sealed class Collector<T> : TSqlFragmentVisitor
        where T : TSqlFragment
    {
        public List<T> Found { get; } = [];

        public override void Visit(TSqlFragment fragment)
        {
            if (fragment is T match)
            {
                Found.Add(match);
            }
        }
    }
}
