using System.Text.Json;
using Npgsql;

namespace DvdStore.Tests.Schema.Plans;

/// <summary>
/// PostgreSQL's plans of the hot routines, as the server really runs them: auto_explain (loaded into the test
/// session only) logs the analysed plan of every statement, nested ones in PL/pgSQL included, and the LOG
/// messages come back to this session as notices. No planner option is changed: the 10MB store's statistics
/// make scans as unattractive as they are in a benchmark, so a plan that still picks one is a real regression.
/// </summary>
[Collection(PlanStoreCollection.Name)]
public sealed class PostgreSqlPlanGuardTests(PlanStores stores) : PlanGuardTests(stores, EngineKind.PostgreSql)
{
    protected override async Task<(List<string> Violations, string Plans)> ReadPlansAsync(StoreTarget target, DbConnection db, string routine)
    {
        var connection = (NpgsqlConnection)db;
        var plans = new List<string>();
        connection.Notice += (_, e) =>
        {
            var start = e.Notice.MessageText.IndexOf('{', StringComparison.Ordinal);
            if (e.Notice.MessageText.Contains("plan:", StringComparison.Ordinal) && start >= 0)
            {
                plans.Add(e.Notice.MessageText[start..]);
            }
        };
        foreach (var setting in new[]
                 {
                     "LOAD 'auto_explain'", "SET auto_explain.log_min_duration = 0", "SET auto_explain.log_analyze = on",
                     "SET auto_explain.log_nested_statements = on", "SET auto_explain.log_format = json",
                     "SET client_min_messages = log",
                 })
        {
            await connection.ExecuteAsync(setting, CancellationToken.None);
        }

        await using (var commands = target.Engine.CreateStoreCommands(connection))
        {
            await HotRoutines.Calls[routine](commands, CancellationToken.None);
        }

        await connection.ExecuteAsync("SET client_min_messages = notice", CancellationToken.None);
        var statements = plans.Select(p => Nodes(JsonDocument.Parse(p).RootElement.GetProperty("Plan")).ToList()).ToList();
        var nodes = statements.SelectMany(n => n).ToList();
        Assert.Contains(nodes, n => n.TryGetProperty("Relation Name", out _));
        var violations = nodes.SelectMany(Violations).ToList();
        foreach (var statement in statements)
        {
            var entries = statement.Where(IsReviews).Sum(n => n.GetProperty("Actual Rows").GetDouble() * n.GetProperty("Actual Loops").GetDouble());
            if (PlanRules.TooManyReviewEntries(entries) is { } tooMany)
            {
                violations.Add(tooMany);
            }
        }

        return (violations, string.Join("\n", plans));
    }

    private static bool IsReviews(JsonElement node) =>
        node.TryGetProperty("Relation Name", out var relation) && string.Equals(relation.GetString(), PlanRules.WideTable, StringComparison.OrdinalIgnoreCase);

    private static IEnumerable<string> Violations(JsonElement node)
    {
        if (!node.TryGetProperty("Relation Name", out var relation))
        {
            yield break;
        }

        var table = relation.GetString()!;
        var type = node.GetProperty("Node Type").GetString();
        if (PlanRules.NoFullScan.Contains(table) && type == "Seq Scan")
        {
            yield return $"Seq Scan on {table}";
        }

        if (string.Equals(table, PlanRules.WideTable, StringComparison.OrdinalIgnoreCase) && type != "Index Only Scan")
        {
            var index = node.TryGetProperty("Index Name", out var name) ? name.GetString() : null;
            var rows = node.GetProperty("Actual Rows").GetDouble() * node.GetProperty("Actual Loops").GetDouble();
            if (type != "Index Scan" || index != "pk_reviews" || rows > HotRoutines.Batch)
            {
                yield return $"{type} on {table} ({index ?? "no index"}) reads {rows} whole review rows for a batch of {HotRoutines.Batch}";
            }
        }
    }

    private static IEnumerable<JsonElement> Nodes(JsonElement plan)
    {
        yield return plan;
        if (plan.TryGetProperty("Plans", out var children))
        {
            foreach (var child in children.EnumerateArray().SelectMany(Nodes))
            {
                yield return child;
            }
        }
    }
}
