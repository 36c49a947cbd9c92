using DvdStore.Cli;
using DvdStore.Loader.Export;
using static DvdStore.Tests.Infrastructure.InProcessCli;

namespace DvdStore.Tests.Loader;

/// <summary>The loader's commands end to end through `dvdstore` on SQLite (exit codes and output), and export-csv's DS3 layout.</summary>
public sealed class LoaderCommandTests
{
    [Fact]
    public async Task A_load_that_will_not_fit_its_file_system_is_refused_before_the_file_is_made()
    {
        var file = TestServers.TempFile("too-big.db");
        var (code, output, error) = await RunAsync("load", "--size", "10TB", "--connection", $"Data Source={file}");
        Assert.Equal(2, code);
        Assert.Contains("expected on disk: ~", output, StringComparison.Ordinal);
        Assert.Contains("free; free some space, load a smaller --size, or pass --ignore-free-space", error, StringComparison.Ordinal);
        Assert.Single(error.Trim().Split('\n'));
        Assert.False(File.Exists(file));
    }

    [Fact]
    public async Task Load_verify_fingerprint_reset_and_drop_through_the_cli()
    {
        var connection = $"Data Source={TestServers.TempFile("cli.db")}";
        var (code, output, error) = await RunAsync("load", "--size", "1MB", "--data-seed", "5", "--parallel-tables", "2", "--connection", connection);
        Assert.True(code == 0, error);
        Assert.Contains("REVIEWS_HELPFULNESS", output, StringComparison.Ordinal);
        Assert.Contains("analyze", output, StringComparison.Ordinal);
        Assert.Contains("expected on disk: ~", output, StringComparison.Ordinal);
        Assert.DoesNotContain("\r", output, StringComparison.Ordinal);

        (code, output, _) = await RunAsync("verify", "--connection", connection);
        Assert.True(code == 0, output);
        Assert.Contains("store OK", output, StringComparison.Ordinal);
        Assert.Contains("checks (statements)", output, StringComparison.Ordinal);
        Assert.Matches(@"ok   rows CUSTOMERS: .* \[\d+\.\d s\]", output);
        Assert.Matches(@"ok   unique CUSTOMERS\.CUSTOMERID: proven by the server's PRIMARY KEY of CUSTOMERS; not counted \(--full counts it\)\r?\n", output);
        Assert.Contains("proven by the server's constraints)", output, StringComparison.Ordinal);

        (code, output, _) = await RunAsync("verify", "--full", "--connection", connection);
        Assert.True(code == 0, output);
        Assert.Matches(@"ok   unique CUSTOMERS\.CUSTOMERID: no duplicates \[\d+\.\d s\]", output);
        Assert.DoesNotContain("proven", output, StringComparison.Ordinal);

        (code, output, _) = await RunAsync("fingerprint", "--connection", connection, "--parallel", "2");
        Assert.Equal(0, code);
        Assert.Contains("reading on 2 connections (--parallel)", output, StringComparison.Ordinal);
        Assert.Contains("fingerprint (rows)", output, StringComparison.Ordinal);
        Assert.Contains("matches the fingerprint recorded at load", output, StringComparison.Ordinal);

        (code, _, error) = await RunAsync("fingerprint", "--connection", connection, "--parallel", "0");
        Assert.Equal(2, code);
        Assert.Contains("--parallel must be at least 1", error, StringComparison.Ordinal);

        (code, _, error) = await RunAsync("load", "--size", "1MB", "--connection", connection);
        Assert.Equal(2, code);
        Assert.Contains("--drop-existing", error, StringComparison.Ordinal);

        (code, output, _) = await RunAsync("reset", "--connection", connection);
        Assert.Equal(0, code);
        Assert.Contains("touched ranges as loaded", output, StringComparison.Ordinal);
        Assert.Contains("ORDERLINES", output, StringComparison.Ordinal);
        Assert.DoesNotContain("matches the fingerprint recorded at load", output, StringComparison.Ordinal);
        Assert.DoesNotContain("fingerprint (rows)", output, StringComparison.Ordinal);

        (code, output, _) = await RunAsync("reset", "--full-fingerprint", "--connection", connection);
        Assert.Equal(0, code);
        Assert.Contains("matches the fingerprint recorded at load", output, StringComparison.Ordinal);
        // The full read shows its rows as fingerprint does (at least its closing line: rows in seconds, rate).
        Assert.Matches(@"fingerprint \(rows\) +[\d,]+ in +[\d.]+s", output);

        (code, output, _) = await RunAsync("drop", "--connection", connection);
        Assert.Equal(0, code);
        Assert.Contains("dropped the store", output, StringComparison.Ordinal);

        (code, output, _) = await RunAsync("verify", "--connection", connection);
        Assert.Equal(1, code);
        Assert.Contains("FAIL store exists", output, StringComparison.Ordinal);

        (code, _, error) = await RunAsync("load", "--size", "1MB", "--parallel-tables", "0", "--connection", connection);
        Assert.Equal(2, code);
        Assert.Contains("--parallel-tables", error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Export_csv_writes_ds3_files_with_the_rows_a_load_writes()
    {
        var directory = Path.Combine(Path.GetDirectoryName(TestServers.TempFile("x"))!, "data_files");
        var (code, output, error) = await RunAsync("export-csv", "--size", "1MB", "--data-seed", "3", "--out", directory);
        Assert.True(code == 0, error);
        Assert.Contains("wrote 44 files", output, StringComparison.Ordinal);

        var files = Directory.EnumerateFiles(directory, "*", SearchOption.AllDirectories)
            .Select(f => Path.GetRelativePath(directory, f).Replace('\\', '/')).Order(StringComparer.Ordinal).ToList();
        var expected = new List<string> { "cust/row_cust.csv", "cust/us_cust.csv", "membership/membership.csv", "orders/inv.csv", "prod/inv.csv", "prod/prod.csv", "reviews/review_helpfulness.csv", "reviews/reviews.csv" };
        expected.AddRange(CsvExporter.Months.SelectMany(m => new[] { $"orders/{m}_cust_hist.csv", $"orders/{m}_orderlines.csv", $"orders/{m}_orders.csv" }));
        Assert.Equal(expected.Order(StringComparer.Ordinal), files);

        var reference = TestStore.Smallest.Reference.Tables.ToDictionary(t => t.Table, t => t.Rows);
        Assert.Equal(reference["CUSTOMERS"], Lines(directory, "cust/us_cust.csv").Length + Lines(directory, "cust/row_cust.csv").Length);
        Assert.Equal(reference["ORDERLINES"], CsvExporter.Months.Sum(m => Lines(directory, $"orders/{m}_orderlines.csv").Length));
        Assert.Equal(reference["REVIEWS_HELPFULNESS"], Lines(directory, "reviews/review_helpfulness.csv").Length);
        Assert.Equal(File.ReadAllBytes(Path.Combine(directory, "prod/inv.csv")), File.ReadAllBytes(Path.Combine(directory, "orders/inv.csv")));

        var us = Lines(directory, "cust/us_cust.csv")[0].Split(',');
        Assert.Equal(20, us.Length);
        Assert.Equal("1", us[0]);
        Assert.Equal("", us[4]);
        Assert.Matches("^[0-9]{5}$", us[7]);
        Assert.Equal("user1", us[15]);
        Assert.Equal("00000", Lines(directory, "cust/row_cust.csv")[0].Split(',')[7]);
        Assert.All(Lines(directory, "orders/feb_orders.csv"), l => Assert.Matches(@"^[0-9]+,2013/02/[0-2][0-9],[0-9]+,[0-9]+\.[0-9]{2},[0-9]+\.[0-9]{2},[0-9]+\.[0-9]{2}$", l));
        Assert.Matches(@"^[0-9]+,[1-3],20(1[5-9])/[01][0-9]/15$", Lines(directory, "membership/membership.csv")[0]);
        Assert.DoesNotContain('\r', File.ReadAllText(Path.Combine(directory, "prod/prod.csv")));

        (code, _, error) = await RunAsync("export-csv", "--size", "1MB", "--out", directory);
        Assert.Equal(2, code);
        Assert.Contains("not empty", error, StringComparison.Ordinal);
        Assert.Empty(Directory.EnumerateDirectories(Path.GetDirectoryName(directory)!, ".data_files.partial-*"));
    }

    private static string[] Lines(string directory, string file) => File.ReadAllLines(Path.Combine(directory, file));
}
