namespace DvdStore.Tests.Schema.Plans;

/// <summary>
/// What a hot routine's plan must not do, said once for every engine (issue 20):
/// <list type="bullet">
/// <item>scan a big table whole: REVIEWS, REVIEWS_HELPFULNESS, ORDERS, CUSTOMERS (and PRODUCTS, whose searches have
/// indexes of their own) — a full table or full index scan;</item>
/// <item>read wide rows it does not return: the review rows (REVIEW_TEXT, up to 1,000 characters) may only be read
/// whole for the batch the routine returns, by primary key. Every sort, GROUP BY or temporary table over wide rows
/// (the old GROUP BY of all nine columns) needs more wide rows than that, so this rule catches them on every engine
/// in one form, including SQLite, whose plans carry no row counts.</item>
/// </list>
/// </summary>
public static class PlanRules
{
    public static readonly IReadOnlySet<string> NoFullScan =
        new HashSet<string>(StringComparer.OrdinalIgnoreCase) { "REVIEWS", "REVIEWS_HELPFULNESS", "ORDERS", "CUSTOMERS", "PRODUCTS" };

    public const string WideTable = "REVIEWS";

    public static void AssertNoViolations(string routine, IReadOnlyList<string> violations, string plans) =>
        Assert.True(violations.Count == 0, $"{routine}: {string.Join("; ", violations)}\nplans:\n{plans}");
}
