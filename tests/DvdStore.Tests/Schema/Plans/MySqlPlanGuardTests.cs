using System.Data.Common;
using System.Globalization;
using System.Text.Json;
using System.Text.RegularExpressions;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Engines.Common;

namespace DvdStore.Tests.Schema.Plans;

/// <summary>
/// MariaDB/MySQL's plans of the hot routines. A CALL cannot be explained, so each query of the procedure as
/// installed on the server (information_schema.ROUTINES) is run under ANALYZE FORMAT=JSON with the routine's
/// parameters and search variables replaced by the values the call would have: the plan of the real text, with real
/// row counts. No optimizer option is changed (the 10MB store is large enough; see <see cref="PlanStores"/>).
/// </summary>
[Collection(PlanStoreCollection.Name)]
public sealed partial class MySqlPlanGuardTests(PlanStores stores)
{
    /// <summary>Per routine: its IN parameters in order, and the values of the locals its queries read.</summary>
    private static readonly Dictionary<string, (object[] Parameters, Dictionary<string, object> Locals)> Arguments = new()
    {
        ["LOGIN"] = ([HotRoutines.User, HotRoutines.Password], new() { ["v_customer"] = 17 }),
        ["BROWSE_BY_CATEGORY"] = ([HotRoutines.Batch, HotRoutines.Category], []),
        ["BROWSE_BY_ACTOR"] = ([HotRoutines.Batch, HotRoutines.Actor], Search(HotRoutines.Actor)),
        ["BROWSE_BY_TITLE"] = ([HotRoutines.Batch, HotRoutines.TitleWord], Search(HotRoutines.TitleWord)),
        ["GET_PROD_REVIEWS"] = ([HotRoutines.Batch, HotRoutines.Product], []),
        ["GET_PROD_REVIEWS_BY_STARS"] = ([HotRoutines.Batch, HotRoutines.Product, HotRoutines.Stars], []),
        ["GET_PROD_REVIEWS_BY_DATE"] = ([HotRoutines.Batch, HotRoutines.Product], []),
        ["GET_PROD_REVIEWS_BY_ACTOR"] = ([HotRoutines.Batch, HotRoutines.Actor], Search(HotRoutines.Actor)),
        ["GET_PROD_REVIEWS_BY_TITLE"] = ([HotRoutines.Batch, HotRoutines.TitleWord], Search(HotRoutines.TitleWord)),
    };

    [SkippableTheory]
    [MemberData(nameof(HotRoutines.Names), MemberType = typeof(HotRoutines))]
    public async Task Hot_routine_plan_scans_no_big_table_and_reads_wide_rows_only_for_its_batch(string routine)
    {
        var target = await stores.TargetAsync(EngineKind.MySql);
        await using var connection = await target.OpenAsync(CancellationToken.None);
        var (body, parameters) = await InstalledAsync(connection, routine);
        var statements = Queries(body).Select(q => Substitute(q, parameters, routine)).ToList();
        Assert.NotEmpty(statements);

        var violations = new List<string>();
        var plans = new List<string>();
        foreach (var statement in statements)
        {
            await using var command = connection.Command("ANALYZE FORMAT=JSON " + statement);
            var plan = (string)(await command.ExecuteScalarAsync())!;
            plans.Add(statement + "\n" + plan);
            var aliases = StatementTables.Aliases(statement);
            violations.AddRange(Tables(JsonDocument.Parse(plan).RootElement).SelectMany(t => Violations(t, aliases)));
        }

        PlanRules.AssertNoViolations(routine, violations, string.Join("\n\n", plans));
    }

    private static IEnumerable<string> Violations(JsonElement table, IReadOnlyDictionary<string, string> aliases)
    {
        var alias = table.GetProperty("table_name").GetString()!;
        if (!aliases.TryGetValue(alias, out var name))
        {
            yield break; // <derivedN>, <subqueryN>: their own tables are checked where they are read.
        }

        var access = table.GetProperty("access_type").GetString();
        if (PlanRules.NoFullScan.Contains(name) && access is "ALL" or "index")
        {
            yield return $"full {(access == "ALL" ? "table" : "index")} scan of {name} ({alias})";
        }

        var covering = table.TryGetProperty("using_index", out var usingIndex) && usingIndex.GetBoolean();
        if (string.Equals(name, PlanRules.WideTable, StringComparison.OrdinalIgnoreCase) && !covering)
        {
            var key = table.TryGetProperty("key", out var k) ? k.GetString() : null;
            var rows = Number(table, "r_rows") * Number(table, "r_loops");
            if (access != "eq_ref" || key != "PRIMARY" || rows > HotRoutines.Batch)
            {
                yield return $"{access} on {name} ({alias}, key {key ?? "none"}) reads {rows} whole review rows for a batch of {HotRoutines.Batch}";
            }
        }
    }

    private static double Number(JsonElement element, string name) =>
        element.TryGetProperty(name, out var value) && value.ValueKind == JsonValueKind.Number ? value.GetDouble() : 0;

    private static IEnumerable<JsonElement> Tables(JsonElement element)
    {
        if (element.ValueKind == JsonValueKind.Object)
        {
            foreach (var property in element.EnumerateObject())
            {
                if (property.Name == "table" && property.Value.ValueKind == JsonValueKind.Object && property.Value.TryGetProperty("table_name", out _))
                {
                    yield return property.Value;
                }

                foreach (var inner in Tables(property.Value))
                {
                    yield return inner;
                }
            }
        }
        else if (element.ValueKind == JsonValueKind.Array)
        {
            foreach (var inner in element.EnumerateArray().SelectMany(Tables))
            {
                yield return inner;
            }
        }
    }

    private static async Task<(string Body, IReadOnlyList<string> Parameters)> InstalledAsync(DbConnection connection, string routine)
    {
        await using var body = connection.Command(
            "SELECT ROUTINE_DEFINITION FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = DATABASE() AND ROUTINE_NAME = @name");
        body.Add("@name", routine);
        var text = (string?)await body.ExecuteScalarAsync() ?? throw new InvalidOperationException($"{routine} is not installed");

        await using var parameters = connection.Command(
            "SELECT PARAMETER_NAME FROM information_schema.PARAMETERS WHERE SPECIFIC_SCHEMA = DATABASE() AND SPECIFIC_NAME = @name " +
            "AND PARAMETER_MODE = 'IN' ORDER BY ORDINAL_POSITION");
        parameters.Add("@name", routine);
        var names = new List<string>();
        await using var reader = await parameters.ExecuteReaderAsync();
        while (await reader.ReadAsync())
        {
            names.Add(reader.GetString(0));
        }

        return (text, names);
    }

    /// <summary>The queries of a procedure body: each SELECT that starts a statement (after BEGIN, THEN or ELSE), and the
    /// right-hand side of a "SET v = (SELECT ...)" as a SELECT.</summary>
    public static IEnumerable<string> Queries(string body)
    {
        var code = LineComment().Replace(body, "");
        foreach (var segment in code.Split(';'))
        {
            var set = SetFromQuery().Match(segment);
            if (set.Success)
            {
                yield return "SELECT " + set.Groups["value"].Value.Trim();
                continue;
            }

            var select = StatementSelect().Match(segment);
            if (select.Success)
            {
                yield return segment[select.Groups["query"].Index..].Trim();
            }
        }
    }

    private static string Substitute(string query, IReadOnlyList<string> parameters, string routine)
    {
        var (values, locals) = Arguments[routine];
        Assert.Equal(values.Length, parameters.Count);
        var names = parameters.Select((name, i) => (name, value: values[i])).Concat(locals.Select(l => (name: l.Key, value: l.Value)));
        foreach (var (name, value) in names)
        {
            query = Regex.Replace(query, $@"\b{Regex.Escape(name)}\b", Literal(value));
        }

        return query;
    }

    private static string Literal(object value) => value switch
    {
        string text => "'" + text.Replace("'", "''", StringComparison.Ordinal) + "'",
        _ => Convert.ToString(value, CultureInfo.InvariantCulture)!,
    };

    /// <summary>What DS_SEARCH_TERMS makes of a single indexable word: a required full-text term, no regular expression.</summary>
    private static Dictionary<string, object> Search(string word) => new() { ["v_ft"] = "+" + word, ["v_rx"] = "" };

    [GeneratedRegex(@"--[^\n]*")]
    private static partial Regex LineComment();

    [GeneratedRegex(@"^\s*SET\s+\w+\s*=\s*(?<value>.*\bSELECT\b.*)$", RegexOptions.Singleline | RegexOptions.IgnoreCase)]
    private static partial Regex SetFromQuery();

    [GeneratedRegex(@"(?:^|\bTHEN|\bELSE|\bBEGIN)\s*(?<query>SELECT\b)", RegexOptions.IgnoreCase)]
    private static partial Regex StatementSelect();
}
