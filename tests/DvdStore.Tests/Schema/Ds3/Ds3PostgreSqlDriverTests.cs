using System.Diagnostics;
using DvdStore.Contract;
using DvdStore.Tests.Schema.Contract;
using Npgsql;

namespace DvdStore.Tests.Schema.Ds3;

/// <summary>
/// DS3's PostgreSQL driver calls every function of our store the way it does (docs/ds3-compatibility.md, "How DS3's drivers call the store"): Npgsql
/// CommandType.StoredProcedure under the <c>Npgsql.EnableStoredProcedureCompatMode</c> switch, named parameters, DS3's
/// casts. The switch is process-wide, so the calls run in a child process (DvdStore.Ds3Probe); this process's Npgsql
/// is left as every other test expects it.
/// </summary>
public sealed class Ds3PostgreSqlDriverTests(PostgreSqlContractDatabase database) : IClassFixture<PostgreSqlContractDatabase>
{
    [SkippableFact]
    public async Task Every_function_answers_DS3s_driver_calls_with_DS3s_types_shapes_and_sentinels()
    {
        // The probe calls the new store over connections of its own.
        await (await database.OpenNewStoreAsync()).DisposeAsync();
        var connectionString = await database.ConnectionStringAsync();

        var calls = new (string Call, string Expected)[]
        {
            ("LOGIN|user1|password", "LOGIN 1 next_result=False"),
            ("LOGIN|user3|password", "LOGIN 3 next_result=False"),
            ("LOGIN|nosuchuser|password", "LOGIN 0 next_result=False"),
            ("NEW_CUSTOMER|newuser1", "NEW_CUSTOMER 5"),
            ("NEW_CUSTOMER|newuser1", "NEW_CUSTOMER 0"),
            ("LOGIN|newuser1|password", "LOGIN 5 next_result=False"),
            ("NEW_MEMBER|1|2", "NEW_MEMBER 0"),
            ("NEW_MEMBER|2|3", "NEW_MEMBER 2"),
            ("BROWSE_BY_CATEGORY|9|1", "BROWSE_BY_CATEGORY rows=2 ids=1,3"),
            ("BROWSE_BY_CATEGORY|1|1", "BROWSE_BY_CATEGORY rows=1 ids=1"),
            ("BROWSE_BY_ACTOR|9|PENELOPE GUINESS", "BROWSE_BY_ACTOR rows=1 ids=1"),
            ("BROWSE_BY_ACTOR|9|NOBODY ATALL", "BROWSE_BY_ACTOR rows=0 ids="),
            ("BROWSE_BY_TITLE|9|AFRICAN EGG", "BROWSE_BY_TITLE rows=1 ids=3"),
            ("GET_PROD_REVIEWS|9|1", "GET_PROD_REVIEWS rows=4 ids=2,7,1,3"),
            ("GET_PROD_REVIEWS|2|1", "GET_PROD_REVIEWS rows=2 ids=2,7"),
            ("GET_PROD_REVIEWS_BY_STARS|9|1|5", "GET_PROD_REVIEWS_BY_STARS rows=2 ids=1,3"),
            ("GET_PROD_REVIEWS_BY_DATE|9|1", "GET_PROD_REVIEWS_BY_DATE rows=4 ids=7,3,2,1"),
            ("GET_PROD_REVIEWS_BY_ACTOR|9|GUINESS", "GET_PROD_REVIEWS_BY_ACTOR rows=4 ids=2,7,1,3"),
            ("GET_PROD_REVIEWS_BY_TITLE|9|AGENT", "GET_PROD_REVIEWS_BY_TITLE rows=0 ids="),
            ("NEW_PROD_REVIEW|2|4|1", "NEW_PROD_REVIEW 8"),
            ("NEW_REVIEW_HELPFULNESS|8|2|5", "NEW_REVIEW_HELPFULNESS 8"),
            ("PURCHASE|1|1:2,2:1", "PURCHASE 5"),
            ("PURCHASE|1|8:1,3:1", "PURCHASE 0"),
        };

        var output = RunProbe(connectionString, calls.Select(c => c.Call));

        Assert.Equal(calls.Select(c => c.Expected), output);
        await using var check = new NpgsqlConnection(connectionString);
        await check.OpenAsync();
        await using var orders = new NpgsqlCommand("SELECT count(*) FROM ORDERS", check);
        // Four loaded orders plus the one that committed; the short-stock purchase left nothing behind.
        Assert.Equal(5L, (long)(await orders.ExecuteScalarAsync())!);
        await using var stock = new NpgsqlCommand("SELECT QUAN_IN_STOCK FROM INVENTORY WHERE PROD_ID = 8", check);
        Assert.Equal(ContractData.Stock(8), (int)(await stock.ExecuteScalarAsync())!);
    }

    private static IReadOnlyList<string> RunProbe(string connectionString, IEnumerable<string> calls)
    {
        var dll = Path.Combine(AppContext.BaseDirectory, "DvdStore.Ds3Probe.dll");
        Assert.True(File.Exists(dll), $"{dll} is missing: the test project references the probe, so the build copies it");
        var info = new ProcessStartInfo("dotnet") { RedirectStandardInput = true, RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        info.ArgumentList.Add(dll);
        info.ArgumentList.Add(connectionString);
        using var process = Process.Start(info)!;
        foreach (var call in calls)
        {
            process.StandardInput.WriteLine(call);
        }

        process.StandardInput.Close();
        var output = process.StandardOutput.ReadToEnd();
        var error = process.StandardError.ReadToEnd();
        Assert.True(process.WaitForExit(120_000), "the probe did not finish");
        Assert.True(process.ExitCode == 0, $"probe exit {process.ExitCode}: {error}");
        return output.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
    }
}
