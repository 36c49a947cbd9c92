using DvdStore.Cli;
using DvdStore.Loader.Export;
using DvdStore.Loader.Import;

namespace DvdStore.Tests.Loader;

/// <summary>
/// `load --from-csv`: DS3's data files through each engine's bulk path give the same store as the generator's own
/// load (export-csv → load --from-csv → the same fingerprint, read back from the database), and DS3's empty fields
/// become NULL where the column allows it ('' in required text), the same on every engine.
/// </summary>
public sealed class CsvLoadTests
{
    /// <summary>The smallest store, seeded apart from the default so the export and load really carry the seed.</summary>
    private static readonly TestStore Store = TestStore.Smallest with { Seed = 7 };

    [SkippableTheory]
    [EveryTestEngine]
    public Task Export_csv_then_load_from_csv_gives_the_fingerprint_of_the_direct_load(EngineKind kind) =>
        AssertLoadFromCsvMatchesDirectLoadAsync(kind, _ => { });

    /// <summary>
    /// DS3's generators write PRICE with <c>%5.2f</c> (" 9.99" under ten dollars) and end lines with LF (system type
    /// Linux) or CR LF (Windows) — ds3-workload.md, "DS3 generator output formats". The exported files rewritten to
    /// those rules load to the same store. Parsing is the engine-independent part, so SQLite is enough here.
    /// </summary>
    [Theory]
    [InlineData("\n")]
    [InlineData("\r\n")]
    public Task Files_in_ds3s_generator_form_padded_prices_and_either_line_end_load_to_the_same_store(string lineEnd) =>
        AssertLoadFromCsvMatchesDirectLoadAsync(EngineKind.Sqlite, folder => RewriteAsDs3Generators(folder, lineEnd));

    [Fact]
    public void A_price_printed_with_a_leading_space_is_money()
    {
        var table = new Ds3CsvTable(StoreModel.Products, [], "/");
        var row = table.Parse("65,3,ACADEMY BASIC,PENELOPE GUINESS, 9.99,0,4321,1", "prod/prod.csv", 65);
        Assert.Equal(9.99m, row[4]);
    }

    /// <summary>Every line ended with <paramref name="lineEnd"/>, every PRICE printed as C's <c>%5.2f</c>.</summary>
    private static void RewriteAsDs3Generators(string folder, string lineEnd)
    {
        var priceColumn = StoreModel.Products.Columns.ToList().FindIndex(c => c.Name == "PRICE");
        var padded = 0;
        foreach (var file in Directory.EnumerateFiles(folder, "*.csv", SearchOption.AllDirectories))
        {
            var lines = File.ReadAllLines(file);
            if (Path.GetFileName(file) == "prod.csv")
            {
                for (var i = 0; i < lines.Length; i++)
                {
                    var fields = lines[i].Split(',');
                    fields[priceColumn] = decimal.Parse(fields[priceColumn], CultureInfo.InvariantCulture).ToString("0.00", CultureInfo.InvariantCulture).PadLeft(5);
                    padded += fields[priceColumn][0] == ' ' ? 1 : 0;
                    lines[i] = string.Join(',', fields);
                }
            }

            File.WriteAllText(file, string.Concat(lines.Select(l => l + lineEnd)));
        }

        Assert.True(padded > 0, "the store has no price under 10: the padding is not exercised");
    }

    private static async Task AssertLoadFromCsvMatchesDirectLoadAsync(EngineKind kind, Action<string> rewrite)
    {
        await using var direct = await LoaderDatabase.CreateAsync(kind);
        await using var fromCsv = await LoaderDatabase.CreateAsync(kind);
        var loaded = await direct.LoadAsync(Store.Load(2));
        var folder = Path.Combine(Path.GetDirectoryName(TestServers.TempFile("x"))!, "csv-" + Guid.NewGuid().ToString("N")[..8]);
        await CsvExporter.ExportAsync(Store.Seed, Store.Size, folder, 2, CancellationToken.None);
        rewrite(folder);

        using var output = new StringWriter();
        using var error = new StringWriter();
        var code = await CliApp.RunAsync(
            ["load", "--from-csv", folder, "--parallel-tables", "2", $"--engine={EngineCatalog.NameOf(kind)}", $"--connection={fromCsv.Target.ConnectionString}"],
            output, error, CancellationToken.None);
        Assert.True(code == 0, $"exit {code}: {error}\n{output}");
        Assert.Contains("size read from the rows: 1MB", output.ToString(), StringComparison.Ordinal);

        StoreFingerprint directPrint, csvPrint;
        await using (var connection = await direct.Target.OpenAsync(CancellationToken.None))
        {
            directPrint = await StoreFingerprint.ReadAsync(StoreReads.Single(direct.Target.Engine, connection), CancellationToken.None);
        }

        await using (var connection = await fromCsv.Target.OpenAsync(CancellationToken.None))
        {
            csvPrint = await StoreFingerprint.ReadAsync(StoreReads.Single(fromCsv.Target.Engine, connection), CancellationToken.None);
            // Our generator leaves ADDRESS2 and a non-US STATE empty: NULL in both stores, never ''.
            await using var blanks = connection.Command("SELECT COUNT(*) FROM CUSTOMERS WHERE ADDRESS2 = '' OR STATE = ''");
            Assert.Equal(0L, Convert.ToInt64(await blanks.ExecuteScalarAsync(), CultureInfo.InvariantCulture));
        }

        Assert.Equal(loaded.Fingerprint.Value, directPrint.Value);
        Assert.True(directPrint.Value == csvPrint.Value, $"direct {directPrint.Detail}\ncsv    {csvPrint.Detail}");
        await fromCsv.AssertVerifiesAsync();
    }

    [Fact]
    public void Empty_fields_are_null_where_allowed_and_empty_text_where_required()
    {
        var table = new Ds3CsvTable(StoreModel.Customers, [], "/");
        // A DS3 generator's ROW customer: empty ADDRESS2 and STATE, a numeric ZIP; an empty FIRSTNAME (DS3's generator bug); CR LF.
        var row = table.Parse("20001,,ZQDLGMBOKU,1234 Dell Way,,GFTPHS,,37113,Germany,2,ZQDLGMBOKU@dell.com,4124543513,3,1811583716171742,2012/06,user20001,password,31,40000,F\r", "cust/row_cust.csv", 1);
        Assert.Equal(20001L, row[0]);
        Assert.Equal("", row[1]);
        Assert.Null(row[4]);
        Assert.Null(row[6]);
        Assert.Equal("37113", row[7]);
        Assert.Equal((short)31, row[17]);
        Assert.Equal("F", row[19]);
    }

    [Theory]
    [InlineData("1,2013/01/05,17,60.01,4.95", "5 fields, ORDERS has 6")]
    [InlineData("1,2013/01/05,17,60.01,4.95,64.96,9", "more than the 6 fields of ORDERS")]
    [InlineData("1,2013-13-05,17,60.01,4.95,64.96", "ORDERDATE '2013-13-05' is not a date")]
    [InlineData("x,2013/01/05,17,60.01,4.95,64.96", "ORDERID 'x' is not a bigint")]
    public void A_malformed_line_is_a_one_line_error_naming_file_and_line(string line, string message)
    {
        var table = new Ds3CsvTable(StoreModel.Orders, [], "/");
        AssertUserError.OneLine(() => table.Parse(line, "orders/jan_orders.csv", 42), "orders/jan_orders.csv line 42: " + message);
    }

    [Fact]
    public async Task A_missing_data_file_is_refused_before_the_target_is_touched()
    {
        var folder = Path.Combine(Path.GetDirectoryName(TestServers.TempFile("x"))!, "empty-" + Guid.NewGuid().ToString("N")[..8]);
        Directory.CreateDirectory(folder);
        var connection = $"Data Source={TestServers.TempFile("csv-missing.db")}";
        using var output = new StringWriter();
        using var error = new StringWriter();
        var code = await CliApp.RunAsync(["load", "--from-csv", folder, "--connection", connection], output, error, CancellationToken.None);
        Assert.Equal(2, code);
        Assert.Contains("has no cust/us_cust.csv", error.ToString(), StringComparison.Ordinal);

        code = await CliApp.RunAsync(["load", "--from-csv", folder, "--size", "10MB", "--connection", connection], output, error, CancellationToken.None);
        Assert.Equal(2, code);
        Assert.Contains("leave out --size and --data-seed", error.ToString(), StringComparison.Ordinal);
    }
}
