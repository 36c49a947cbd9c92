using System.Data;
using System.Text.Json;
using System.Text.RegularExpressions;

namespace DvdStore.Tests.Schema.Plans;

/// <summary>
/// MariaDB/MySQL's plans of the hot routines. A CALL cannot be explained, so each query of the procedure as
/// installed on the server (information_schema.ROUTINES), and of the procedures it calls, is run under ANALYZE
/// FORMAT=JSON with parameters and variables replaced by the values the call would have (the helpers' OUT values from
/// a real call): the plan of the real text, with real row counts, which also bound the REVIEWS entries per statement. No optimizer option is changed (the 10MB store is large enough; see <see cref="PlanStores"/>).
/// </summary>
[Collection(PlanStoreCollection.Name)]
public sealed partial class MySqlPlanGuardTests(PlanStores stores) : PlanGuardTests(stores, EngineKind.MySql)
{
    /// <summary>Per routine: its IN parameters in order, and the values of the locals its queries (and those of the
    /// procedures it calls) read that no call sets: LOGIN's customer, and one step of DS_REVIEW_PRODUCTS' walk.</summary>
    private static readonly Dictionary<string, (object[] Parameters, Dictionary<string, object> Locals)> Arguments = new()
    {
        ["LOGIN"] = ([HotRoutines.User, HotRoutines.Password], new() { ["v_customer"] = 17 }),
        ["BROWSE_BY_CATEGORY"] = ([HotRoutines.Batch, HotRoutines.Category], []),
        ["BROWSE_BY_ACTOR"] = ([HotRoutines.Batch, HotRoutines.Actor], []),
        ["BROWSE_BY_TITLE"] = ([HotRoutines.Batch, HotRoutines.TitleWord], []),
        ["GET_PROD_REVIEWS"] = ([HotRoutines.Batch, HotRoutines.Product], []),
        ["GET_PROD_REVIEWS_BY_STARS"] = ([HotRoutines.Batch, HotRoutines.Product, HotRoutines.Stars], []),
        ["GET_PROD_REVIEWS_BY_DATE"] = ([HotRoutines.Batch, HotRoutines.Product], []),
        ["GET_PROD_REVIEWS_BY_ACTOR"] = ([HotRoutines.Batch, HotRoutines.Actor], Walk),
        ["GET_PROD_REVIEWS_BY_TITLE"] = ([HotRoutines.Batch, HotRoutines.TitleWord], Walk),
    };

    private static Dictionary<string, object> Walk => new() { ["v_prod"] = HotRoutines.Product, ["v_pairs"] = 0 };

    protected override async Task<(List<string> Violations, string Plans)> ReadPlansAsync(StoreTarget target, DbConnection connection, string routine)
    {
        var (values, locals) = Arguments[routine];
        var parameters = await ParametersAsync(connection, routine);
        Assert.Equal(values.Length, parameters.Count);
        var scope = new Dictionary<string, object?>(StringComparer.OrdinalIgnoreCase);
        foreach (var (name, value) in parameters.Select((p, i) => (p.Name, values[i])).Concat(locals.Select(l => (l.Key, l.Value))))
        {
            scope[name] = value;
        }

        var statements = await StatementsAsync(connection, routine, scope, locals);
        Assert.NotEmpty(statements);

        var violations = new List<string>();
        var plans = new List<string>();
        foreach (var statement in statements)
        {
            await using var command = connection.Command("ANALYZE FORMAT=JSON " + statement);
            var plan = (string)(await command.ExecuteScalarAsync())!;
            plans.Add(statement + "\n" + plan);
            var aliases = StatementTables.Aliases(statement);
            var tables = Tables(JsonDocument.Parse(plan).RootElement).ToList();
            violations.AddRange(tables.SelectMany(t => Violations(t, aliases)));
            var reviewEntries = tables.Where(t => IsTable(t, aliases, PlanRules.WideTable)).Sum(t => Number(t, "r_rows") * Number(t, "r_loops"));
            if (PlanRules.TooManyReviewEntries(reviewEntries) is { } tooMany)
            {
                violations.Add(tooMany);
            }
        }

        return (violations, string.Join("\n\n", plans));
    }

    /// <summary>The queries a call of <paramref name="routine"/> runs, names replaced by values: those of the procedures
    /// it CALLs first (their parameters bound to the call's arguments; their OUT values, such as DS_SEARCH_TERMS' terms
    /// or DS_REVIEW_PRODUCTS' products, taken from a real call with these arguments), then its own.</summary>
    private static async Task<List<string>> StatementsAsync(
        DbConnection connection, string routine, Dictionary<string, object?> scope, IReadOnlyDictionary<string, object> locals)
    {
        var body = LineComment().Replace(await BodyAsync(connection, routine), "");
        var statements = new List<string>();
        foreach (Match call in CallStatement().Matches(body))
        {
            var callee = call.Groups["name"].Value;
            var arguments = call.Groups["args"].Value.Split(',', StringSplitOptions.TrimEntries);
            var parameters = await ParametersAsync(connection, callee);
            Assert.Equal(parameters.Count, arguments.Length);
            var calleeScope = new Dictionary<string, object?>(StringComparer.OrdinalIgnoreCase);
            foreach (var local in locals)
            {
                calleeScope[local.Key] = local.Value;
            }

            await using var real = connection.Command(callee);
            real.CommandType = CommandType.StoredProcedure;
            var outputs = new List<(string Argument, DbParameter Parameter)>();
            for (var i = 0; i < parameters.Count; i++)
            {
                var (name, mode) = parameters[i];
                if (mode == "IN")
                {
                    calleeScope[name] = Value(arguments[i], scope);
                    real.Add("@" + name, calleeScope[name]);
                }
                else
                {
                    var output = real.Add("@" + name, null, DbType.String);
                    output.Direction = ParameterDirection.Output;
                    outputs.Add((arguments[i], output));
                }
            }

            if (outputs.Count > 0)
            {
                await real.ExecuteNonQueryAsync();
                foreach (var (argument, output) in outputs)
                {
                    scope[argument] = output.Value is DBNull ? null : output.Value;
                }
            }

            statements.AddRange(await StatementsAsync(connection, callee, calleeScope, locals));
        }

        statements.AddRange(Queries(body).Select(q => Bind(q, scope)));
        return statements;
    }

    private static object? Value(string argument, IReadOnlyDictionary<string, object?> scope) =>
        scope.TryGetValue(argument, out var value) ? value
        : int.TryParse(argument, NumberStyles.Integer, CultureInfo.InvariantCulture, out var number) ? number
        : argument.StartsWith('\'') ? argument[1..^1].Replace("''", "'", StringComparison.Ordinal)
        : throw new InvalidOperationException($"no value for {argument}: add it to the routine's locals");

    private static bool IsTable(JsonElement table, IReadOnlyDictionary<string, string> aliases, string name) =>
        aliases.TryGetValue(table.GetProperty("table_name").GetString()!, out var real) && string.Equals(real, name, StringComparison.OrdinalIgnoreCase);

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

    private static async Task<string> BodyAsync(DbConnection connection, string routine)
    {
        await using var body = connection.Command(
            "SELECT ROUTINE_DEFINITION FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = DATABASE() AND ROUTINE_NAME = @name");
        body.Add("@name", routine);
        return (string?)await body.ExecuteScalarAsync() ?? throw new InvalidOperationException($"{routine} is not installed");
    }

    private static async Task<IReadOnlyList<(string Name, string Mode)>> ParametersAsync(DbConnection connection, string routine)
    {
        await using var parameters = connection.Command(
            "SELECT PARAMETER_NAME, PARAMETER_MODE FROM information_schema.PARAMETERS WHERE SPECIFIC_SCHEMA = DATABASE() " +
            "AND SPECIFIC_NAME = @name AND ROUTINE_TYPE = 'PROCEDURE' ORDER BY ORDINAL_POSITION");
        parameters.Add("@name", routine);
        var names = new List<(string, string)>();
        await using var reader = await parameters.ExecuteReaderAsync();
        while (await reader.ReadAsync())
        {
            names.Add((reader.GetString(0), reader.GetString(1)));
        }

        return names;
    }

    /// <summary>The queries of a procedure body: each SELECT that starts a statement (after BEGIN, THEN or ELSE), each cursor's SELECT, and the
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

    private static string Bind(string query, IReadOnlyDictionary<string, object?> scope)
    {
        foreach (var (name, value) in scope)
        {
            query = Regex.Replace(query, $@"\b{Regex.Escape(name)}\b", Literal(value));
        }

        return query;
    }

    private static string Literal(object? value) => value switch
    {
        null => "NULL",
        string text => "'" + text.Replace("'", "''", StringComparison.Ordinal) + "'",
        _ => Convert.ToString(value, CultureInfo.InvariantCulture)!,
    };

    [GeneratedRegex(@"--[^\n]*")]
    private static partial Regex LineComment();

    [GeneratedRegex(@"^\s*SET\s+\w+\s*=\s*(?<value>.*\bSELECT\b.*)$", RegexOptions.Singleline | RegexOptions.IgnoreCase)]
    private static partial Regex SetFromQuery();

    [GeneratedRegex(@"(?:^|\bTHEN|\bELSE|\bBEGIN|\bCURSOR\s+FOR)\s*(?<query>SELECT\b)", RegexOptions.IgnoreCase)]
    private static partial Regex StatementSelect();

    [GeneratedRegex(@"\bCALL\s+(?<name>\w+)\s*\((?<args>[^)]*)\)", RegexOptions.IgnoreCase)]
    private static partial Regex CallStatement();
}
