using DvdStore.Loader.Export;
using DvdStore.Schema;
using DvdStore.Schema.Model;

namespace DvdStore.Loader.Import;

/// <summary>
/// A folder in DS3's <c>data_files</c> layout (docs/ds3-compatibility.md, "Data files"), as DS3's generators and <c>export-csv</c> write it:
/// cust/{us,row}_cust.csv, orders/{mon}_{orders,orderlines,cust_hist}.csv, prod/{prod,inv}.csv (inventory may also
/// be orders/inv.csv), membership/membership.csv, reviews/{reviews,review_helpfulness}.csv. CATEGORIES is not a file:
/// the tables step inserts it, as DS3's create-DB scripts do.
/// </summary>
public sealed class Ds3DataFolder
{
    private Ds3DataFolder(string root, IReadOnlyList<Ds3CsvTable> tables)
    {
        Root = root;
        Tables = tables;
    }

    public string Root { get; }

    /// <summary>The nine data tables in DS3's load order.</summary>
    public IReadOnlyList<Ds3CsvTable> Tables { get; }

    /// <summary>The relative files of each table, in load order; INVENTORY's first existing one is used.</summary>
    public static IReadOnlyList<(string Table, string[] Files)> Layout { get; } =
    [
        ("CUSTOMERS", ["cust/us_cust.csv", "cust/row_cust.csv"]),
        ("ORDERS", [.. CsvExporter.Months.Select(m => $"orders/{m}_orders.csv")]),
        ("ORDERLINES", [.. CsvExporter.Months.Select(m => $"orders/{m}_orderlines.csv")]),
        ("CUST_HIST", [.. CsvExporter.Months.Select(m => $"orders/{m}_cust_hist.csv")]),
        ("PRODUCTS", ["prod/prod.csv"]),
        ("INVENTORY", ["prod/inv.csv|orders/inv.csv"]),
        ("MEMBERSHIP", ["membership/membership.csv"]),
        ("REVIEWS", ["reviews/reviews.csv"]),
        ("REVIEWS_HELPFULNESS", ["reviews/review_helpfulness.csv"]),
    ];

    /// <summary>Opens <paramref name="directory"/>; a missing folder or file is a one-line error naming it.</summary>
    public static Ds3DataFolder Open(string directory)
    {
        var root = Path.GetFullPath(directory);
        if (!Directory.Exists(root))
        {
            throw new UserError($"--from-csv: folder '{directory}' does not exist.");
        }

        var tables = new List<Ds3CsvTable>();
        foreach (var (table, files) in Layout)
        {
            var paths = files.Select(f => Find(root, f, directory)).ToList();
            tables.Add(new Ds3CsvTable(StoreModel.Table(table), paths, root));
        }

        return new Ds3DataFolder(root, tables);
    }

    private static string Find(string root, string alternatives, string directory)
    {
        var choices = alternatives.Split('|');
        return choices.Select(c => Path.Combine(root, c)).FirstOrDefault(File.Exists)
            ?? throw new UserError($"--from-csv: '{directory}' has no {string.Join(" or ", choices)} (DS3's data_files layout, as 'dvdstore export-csv' writes it).");
    }
}
