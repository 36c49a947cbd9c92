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
    public async Task Export_csv_then_load_from_csv_gives_the_fingerprint_of_the_direct_load(EngineKind kind)
    {
        await using var direct = await LoaderDatabase.CreateAsync(kind);
        await using var fromCsv = await LoaderDatabase.CreateAsync(kind);
        var loaded = await direct.LoadAsync(Store.Load(2));
        var folder = Path.Combine(Path.GetDirectoryName(TestServers.TempFile("x"))!, "csv-" + Guid.NewGuid().ToString("N")[..8]);
        await CsvExporter.ExportAsync(Store.Seed, Store.Size, folder, 2, CancellationToken.None);

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
        // A DS3 generator's ROW customer: empty ADDRESS2 and STATE, a numeric ZIP; an empty FIRSTNAME (DS3's gcc bug, §6.2 21); CR LF.
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
