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
/// <item>read the reviews of more products than DS3's 500-pair cap needs: a review search keeps the first 500
/// (product, review) pairs, so one statement reading more than twice that many REVIEWS entries joined every matching
/// product to its reviews before cutting (MariaDB, which has no LATERAL: 10,000 entries for 500 products). Checked
/// where plans carry row counts (MariaDB's ANALYZE, PostgreSQL's auto_explain).</item>
/// </list>
/// </summary>
public static class PlanRules
{
    public static readonly IReadOnlySet<string> NoFullScan =
        new HashSet<string>(StringComparer.OrdinalIgnoreCase) { "REVIEWS", "REVIEWS_HELPFULNESS", "ORDERS", "CUSTOMERS", "PRODUCTS" };

    public const string WideTable = "REVIEWS";

    public const int PairCap = 500;

    public const int MostReviewEntries = 2 * PairCap;

    /// <summary>The third rule's violation where one statement read <paramref name="entries"/> REVIEWS entries (row counts × loops), else null.</summary>
    public static string? TooManyReviewEntries(double entries) =>
        entries > MostReviewEntries
            ? $"reads {entries:F0} entries of {WideTable} in one statement, more than {MostReviewEntries} " +
              $"(twice DS3's {PairCap}-pair cap): it read the reviews of more products than the cap needs"
            : null;

    public static void AssertNoViolations(string routine, IReadOnlyList<string> violations, string plans) =>
        Assert.True(violations.Count == 0, $"{routine}: {string.Join("; ", violations)}\nplans:\n{plans}");
}
