using System.Text;

namespace DvdStore.Schema.Engines;

/// <summary>
/// What the server says of one long statement of the store's in flight (an index build, a key's check, statistics):
/// each engine's reader (<see cref="EngineProfile.ReadStatementProgress"/>) fills what its server tells.
/// </summary>
/// <param name="Kind">What the statement builds or checks: "index", "primary key", "foreign key", "statistics", ...</param>
/// <param name="Table">The table it works on, when known.</param>
/// <param name="Name">The index or constraint it builds or checks, when known.</param>
/// <param name="Phase">The server's word for where the statement is, e.g. "building index: scanning table", "waiting for a lock".</param>
/// <param name="Done">Work done, in <paramref name="Unit"/>s.</param>
/// <param name="Total">Work in all, in <paramref name="Unit"/>s; 0 when the server does not say.</param>
/// <param name="Unit">What <paramref name="Done"/> and <paramref name="Total"/> count: "blocks", "tuples", "stage", ...</param>
/// <param name="Percent">The server's own percentage where it gives one rather than counts.</param>
public sealed record StatementProgress(string Kind, string? Table, string? Name, string? Phase, long Done = 0, long Total = 0, string? Unit = null, double? Percent = null)
{
    /// <summary>The percentage done: the server's own, else from the counts; null when neither says.</summary>
    public double? PercentDone => Percent ?? (Total > 0 ? Math.Min(100, 100.0 * Done / Total) : null);

    /// <summary>One phrase, e.g. "index reviews_ix on REVIEWS: building index: scanning table 45% (blocks 1,234 of 2,741)".</summary>
    public string Describe()
    {
        var text = new StringBuilder(Kind);
        if (Name is not null)
        {
            text.Append(' ').Append(Name);
        }

        if (Table is not null)
        {
            text.Append(" on ").Append(Table);
        }

        if (Phase is not null)
        {
            text.Append(": ").Append(Phase);
        }

        if (PercentDone is { } percent)
        {
            text.Append(CultureInfo.InvariantCulture, $" {percent:F0}%");
        }

        if (Total > 0)
        {
            text.Append(CultureInfo.InvariantCulture, $" ({Unit ?? "units"} {Done:N0} of {Total:N0})");
        }

        return text.ToString();
    }

    /// <summary>
    /// The statements of one beat as one line: each described, "; " between, and past <paramref name="most"/> only how
    /// many more (a load may build many indexes at once).
    /// </summary>
    public static string DescribeAll(IReadOnlyList<StatementProgress> statements, int most = 3)
    {
        var shown = string.Join("; ", statements.Take(most).Select(s => s.Describe()));
        return statements.Count > most ? string.Create(CultureInfo.InvariantCulture, $"{shown}; and {statements.Count - most} more") : shown;
    }
}
