using System.Globalization;
using DvdStore.Schema.Sizing;

namespace DvdStore.Driver.Workload;

/// <summary>The order mix: DS3's parameters (docs/ds3-compatibility.md, "Driver parameters") and the store's size-driven counts.</summary>
public sealed record WorkloadSettings
{
    public long Customers { get; init; } = 20_000;

    public long Products { get; init; } = 10_000;

    public double PctNewCustomers { get; init; } = 20;

    public double PctNewMember { get; init; } = 1;

    public int Searches { get; init; } = 3;

    public int SearchBatchSize { get; init; } = 5;

    public int Reviews { get; init; } = 3;

    public double PctNewReviews { get; init; } = 5;

    public double PctNewHelpfulness { get; init; } = 10;

    public int LineItems { get; init; } = 5;

    /// <summary>DS2 mode: skip membership, review browsing and fetching, new reviews and ratings.</summary>
    public bool Ds2Mode { get; init; }

    /// <summary>Mean think time between orders, seconds.</summary>
    public double ThinkTimeSeconds { get; init; }

    /// <summary>The words searches draw from: sampled from the store at the start of a run (<see cref="SearchTerms"/>).</summary>
    public SearchTerms Terms { get; init; } = SearchTerms.BuiltIn;

    /// <summary>
    /// The parameters that define the work of an order, by their DS3 names: what the workload identity hashes. Think
    /// time and the store's counts are not among them (a run setting and the store's size).
    /// </summary>
    public IReadOnlyDictionary<string, string> MixParameters()
    {
        static string F(double value) => value.ToString(CultureInfo.InvariantCulture);
        static string I(int value) => value.ToString(CultureInfo.InvariantCulture);
        return new SortedDictionary<string, string>(StringComparer.Ordinal)
        {
            ["pct_newcustomers"] = F(PctNewCustomers),
            ["pct_newmember"] = F(PctNewMember),
            ["n_searches"] = I(Searches),
            ["search_batch_size"] = I(SearchBatchSize),
            ["n_reviews"] = I(Reviews),
            ["pct_newreviews"] = F(PctNewReviews),
            ["pct_newhelpfulness"] = F(PctNewHelpfulness),
            ["n_line_items"] = I(LineItems),
            ["ds2_mode"] = Ds2Mode ? "Y" : "N",
        };
    }

    /// <summary>The counts for a store of the given size (docs/ds3-compatibility.md, "Row counts").</summary>
    public static WorkloadSettings ForSize(StoreSize size)
    {
        var counts = RowCounts.For(size);
        return new WorkloadSettings { Customers = counts.Customers, Products = counts.Products };
    }
}
