using System.Globalization;
using System.Text;
using DvdStore.Loader.Generation;
using DvdStore.Schema;
using DvdStore.Schema.Model;
using DvdStore.Schema.Sizing;

namespace DvdStore.Loader.Export;

/// <summary>
/// Writes a store's rows (the same seed and size give the same rows as a load) as DS3's data files (docs/ds3-compatibility.md, "Data files"),
/// so DS3's own load scripts can load them: <c>cust/{us,row}_cust.csv</c>, <c>orders/{mon}_{orders,orderlines,cust_hist}.csv</c>,
/// <c>orders/inv.csv</c> and <c>prod/{prod,inv}.csv</c>, <c>membership/membership.csv</c>,
/// <c>reviews/{reviews,review_helpfulness}.csv</c>. Comma-separated, no header, no quoting, dates YYYY/MM/DD, money
/// with two decimals, NULL as an empty field, LF line ends. Written into a temporary folder renamed into place at
/// the end, so a stopped export leaves no half data set under the requested name.
/// </summary>
public static class CsvExporter
{
    public static readonly IReadOnlyList<string> Months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

    /// <summary>Writes every file under <paramref name="directory"/> (which must not exist or be empty); returns the relative paths written.</summary>
    public static async Task<IReadOnlyList<string>> ExportAsync(ulong seed, StoreSize size, string directory, int threads, CancellationToken cancellationToken)
    {
        var target = Path.GetFullPath(directory);
        if (File.Exists(target) || (Directory.Exists(target) && Directory.EnumerateFileSystemEntries(target).Any()))
        {
            throw new UserError($"'{directory}' already exists and is not empty; choose a new folder for --out.");
        }

        var parent = Path.GetDirectoryName(target) ?? ".";
        var temporary = Path.Combine(parent, $".{Path.GetFileName(target)}.partial-{Guid.NewGuid():N}");
        try
        {
            Directory.CreateDirectory(temporary);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or NotSupportedException)
        {
            // E.g. a file where a folder of the path should be: one line, and nothing made.
            throw new UserError($"cannot create the folder '{directory}' for --out: {e.Message.Split('\n', 2)[0].Trim().TrimEnd('.')}.");
        }

        var store = new StoreRows(seed, size);
        var counts = store.Counts;
        try
        {
            var jobs = new List<(IRowSource Source, Func<object?[], string> File)>
            {
                (store.Table("CUSTOMERS"), r => (long)r[0]! <= counts.UsCustomers ? "cust/us_cust.csv" : "cust/row_cust.csv"),
                (store.Table("ORDERS"), r => MonthFile((long)r[0]!, "orders")),
                (store.Table("ORDERLINES"), r => MonthFile((long)r[1]!, "orderlines")),
                (store.Table("CUST_HIST"), r => MonthFile((long)r[1]!, "cust_hist")),
                (store.Table("PRODUCTS"), _ => "prod/prod.csv"),
                (store.Table("INVENTORY"), _ => "prod/inv.csv"),
                (store.Table("MEMBERSHIP"), _ => "membership/membership.csv"),
                (store.Table("REVIEWS"), _ => "reviews/reviews.csv"),
                (store.Table("REVIEWS_HELPFULNESS"), _ => "reviews/review_helpfulness.csv"),
            };
            var written = new List<string>();
            await Parallel.ForEachAsync(jobs, new ParallelOptions { MaxDegreeOfParallelism = Math.Max(1, threads), CancellationToken = cancellationToken }, async (job, ct) =>
            {
                var files = await WriteTableAsync(temporary, job.Source, job.File, ct).ConfigureAwait(false);
                lock (written)
                {
                    written.AddRange(files);
                }
            }).ConfigureAwait(false);

            // DS3's inventory generator writes orders/inv.csv and its installer copies it to prod/.
            File.Copy(Path.Combine(temporary, "prod", "inv.csv"), Path.Combine(temporary, "orders", "inv.csv"));
            written.Add("orders/inv.csv");
            if (Directory.Exists(target))
            {
                Directory.Delete(target);
            }

            Directory.Move(temporary, target);
            written.Sort(StringComparer.Ordinal);
            return written;
        }
        catch
        {
            Directory.Delete(temporary, recursive: true);
            throw;
        }

        string MonthFile(long orderId, string kind) => $"orders/{Months[(int)((orderId - 1) / counts.OrdersPerMonth)]}_{kind}.csv";
    }

    /// <summary>One CSV field as DS3 writes it.</summary>
    public static string Field(ColumnSpec column, object? value) => value switch
    {
        null => "",
        DateTime date => date.ToString("yyyy'/'MM'/'dd", CultureInfo.InvariantCulture),
        decimal money => money.ToString("F2", CultureInfo.InvariantCulture),
        IFormattable number => number.ToString(null, CultureInfo.InvariantCulture),
        _ => value.ToString() ?? "",
    } is var text && column.Type == ColumnType.VarChar && text.Contains(',', StringComparison.Ordinal)
        ? throw new InvalidOperationException($"{column.Name} value '{text}' holds a comma, which DS3's unquoted CSV cannot carry")
        : text;

    private static async Task<List<string>> WriteTableAsync(string root, IRowSource source, Func<object?[], string> fileOf, CancellationToken cancellationToken)
    {
        var writers = new Dictionary<string, StreamWriter>(StringComparer.Ordinal);
        var line = new StringBuilder();
        try
        {
            for (long chunk = 0; chunk < source.ChunkCount; chunk++)
            {
                cancellationToken.ThrowIfCancellationRequested();
                foreach (var row in source.Chunk(chunk))
                {
                    var file = fileOf(row);
                    if (!writers.TryGetValue(file, out var writer))
                    {
                        var path = Path.Combine(root, file);
                        Directory.CreateDirectory(Path.GetDirectoryName(path)!);
                        writer = new StreamWriter(path, append: false, new UTF8Encoding(false), 1 << 16) { NewLine = "\n" };
                        writers[file] = writer;
                    }

                    line.Clear();
                    for (var i = 0; i < row.Length; i++)
                    {
                        if (i > 0)
                        {
                            line.Append(',');
                        }

                        line.Append(Field(source.Table.Columns[i], row[i]));
                    }

                    await writer.WriteLineAsync(line, cancellationToken).ConfigureAwait(false);
                }
            }
        }
        finally
        {
            foreach (var writer in writers.Values)
            {
                await writer.DisposeAsync().ConfigureAwait(false);
            }
        }

        return [.. writers.Keys];
    }
}
