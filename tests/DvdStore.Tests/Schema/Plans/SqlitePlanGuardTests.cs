using System.Text.RegularExpressions;
using DvdStore.Schema.Engines.Sqlite;
using Microsoft.Data.Sqlite;

namespace DvdStore.Tests.Schema.Plans;

/// <summary>
/// SQLite's plans of the hot routines: EXPLAIN QUERY PLAN of the very statements SqliteStoreCommands runs, on the
/// 10MB store after the loader's ANALYZE. SQLite's plans carry no row counts, so "wide rows only for the batch"
/// is checked in the form SQLite shows: REVIEWS may be read whole only by its INTEGER PRIMARY KEY (one row per
/// chosen review), every other REVIEWS access must be a covering index (ids, dates, stars from the index alone).
/// </summary>
[Collection(PlanStoreCollection.Name)]
public sealed partial class SqlitePlanGuardTests(PlanStores stores) : PlanGuardTests(stores, EngineKind.Sqlite)
{
    private static readonly Dictionary<string, (string Sql, Dictionary<string, object> Parameters)[]> Statements = new()
    {
        ["LOGIN"] =
        [
            (SqliteProcedures.LoginCustomer, new() { ["@username"] = HotRoutines.User, ["@password"] = HotRoutines.Password }),
            (SqliteProcedures.LoginHistory, new() { ["@customerid"] = 17 }),
        ],
        ["BROWSE_BY_CATEGORY"] = [(SqliteProcedures.BrowseByCategory, new() { ["@category"] = HotRoutines.Category, ["@batch_size"] = HotRoutines.Batch })],
        ["BROWSE_BY_ACTOR"] = [(SqliteProcedures.BrowseByFullText, Search("ACTOR", HotRoutines.Actor))],
        ["BROWSE_BY_TITLE"] = [(SqliteProcedures.BrowseByFullText, Search("TITLE", HotRoutines.TitleWord))],
        ["GET_PROD_REVIEWS"] = [(SqliteProcedures.GetProdReviews, Product())],
        ["GET_PROD_REVIEWS_BY_STARS"] = [(SqliteProcedures.GetProdReviewsByStars, new(Product()) { ["@stars"] = HotRoutines.Stars })],
        ["GET_PROD_REVIEWS_BY_DATE"] = [(SqliteProcedures.GetProdReviewsByDate, Product())],
        ["GET_PROD_REVIEWS_BY_ACTOR"] = [(SqliteProcedures.GetProdReviewsByFullText, Search("ACTOR", HotRoutines.Actor))],
        ["GET_PROD_REVIEWS_BY_TITLE"] = [(SqliteProcedures.GetProdReviewsByFullText, Search("TITLE", HotRoutines.TitleWord))],
    };

    protected override async Task<(List<string> Violations, string Plans)> ReadPlansAsync(StoreTarget target, DbConnection db, string routine)
    {
        var connection = (SqliteConnection)db;
        var violations = new List<string>();
        var plans = new List<string>();
        foreach (var (sql, parameters) in Statements[routine])
        {
            await using var command = new SqliteCommand("EXPLAIN QUERY PLAN " + sql, connection);
            foreach (var (name, value) in parameters)
            {
                command.Parameters.AddWithValue(name, value);
            }

            var lines = new List<string>();
            await using (var reader = await command.ExecuteReaderAsync())
            {
                while (await reader.ReadAsync())
                {
                    lines.Add(reader.GetString(3));
                }
            }

            plans.Add(string.Join("\n", lines));
            var aliases = StatementTables.Aliases(sql);
            violations.AddRange(lines.SelectMany(line => Violations(line, aliases)));
        }

        Assert.NotEmpty(plans);
        return (violations, string.Join("\n\n", plans));
    }

    private static IEnumerable<string> Violations(string line, IReadOnlyDictionary<string, string> aliases)
    {
        var step = Step().Match(line);
        if (!step.Success || !aliases.TryGetValue(step.Groups["alias"].Value, out var table))
        {
            yield break;
        }

        var how = step.Groups["how"].Value;
        if (step.Groups["kind"].Value == "SCAN" && PlanRules.NoFullScan.Contains(table))
        {
            yield return $"full scan of {table}: {line}";
        }
        else if (string.Equals(table, PlanRules.WideTable, StringComparison.OrdinalIgnoreCase)
                 && !how.StartsWith("USING COVERING INDEX", StringComparison.Ordinal)
                 && !how.StartsWith("USING INTEGER PRIMARY KEY", StringComparison.Ordinal))
        {
            yield return $"whole review rows read by a range, not only the batch's by key: {line}";
        }
    }

    private static Dictionary<string, object> Product() => new() { ["@prod_id"] = HotRoutines.Product, ["@batch_size"] = HotRoutines.Batch };

    private static Dictionary<string, object> Search(string column, string word) =>
        new() { ["@query"] = SqliteFullTextQuery.Build(column, word)!, ["@batch_size"] = HotRoutines.Batch };

    [GeneratedRegex(@"^(?<kind>SCAN|SEARCH) (?<alias>\w+)\s*(?<how>.*)$")]
    private static partial Regex Step();
}
