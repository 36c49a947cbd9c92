using DvdStore.Contract;
using DvdStore.Schema.Engines.MySql;
using DvdStore.Tests.Schema.Contract;
using MySqlConnector;

namespace DvdStore.Tests.Schema.Ds3;

/// <summary>
/// DS3's MySQL driver on our MariaDB store, called as docs/ds3-compatibility.md, "How DS3's drivers call the store" says it calls: the four NEW_* procedures
/// as CommandType.StoredProcedure bound BY NAME (user name and password added first, not in the procedure's order)
/// with their OUT parameters read with (int); everything else is SQL text against the tables, read with DS3's getters
/// (GetByte on CATEGORY and SPECIAL, MATCH … AGAINST on the ACTOR and TITLE full-text indexes). The calls are
/// MySqlDs3DriverCalls, the ones `check` makes for its DS3 rows; here on a store built once more per test, with ids
/// after a taken loaded name, a new review and its rating, and the column types DS3's GetByte needs.
/// </summary>
public sealed class Ds3MySqlDriverTests(MySqlContractDatabase database) : IClassFixture<MySqlContractDatabase>
{
    [SkippableFact]
    public async Task The_NEW_procedures_bind_by_name_and_return_DS3s_ids_and_0_sentinels_through_OUT_parameters()
    {
        await using var connection = (MySqlConnection)await database.OpenNewStoreAsync();
        var ds3 = new MySqlDs3DriverCalls(connection);

        Assert.Equal(5, await ds3.NewCustomerAsync("newuser1", None));
        Assert.Equal(0, await ds3.NewCustomerAsync("newuser1", None));
        Assert.Equal(0, await ds3.NewCustomerAsync("user2", None));
        Assert.Equal(0, await ds3.NewMemberAsync(1, 2, None));
        Assert.Equal(2, await ds3.NewMemberAsync(2, 3, None));
        Assert.Equal(8, await ds3.NewProdReviewAsync(2, 4, 1, "Probe", "probe words", None));
        Assert.Equal(8, await ds3.NewReviewHelpfulnessAsync(8, 2, 5, None));
        await using var login = new MySqlCommand("SELECT CUSTOMERID FROM CUSTOMERS WHERE USERNAME = 'newuser1' AND PASSWORD = 'password'", connection);
        Assert.Equal(5, Convert.ToInt32(await login.ExecuteScalarAsync(), CultureInfo.InvariantCulture));
    }

    [SkippableFact]
    public async Task DS3s_browse_text_reads_CATEGORY_and_SPECIAL_as_TINYINT_through_the_full_text_indexes()
    {
        await using var connection = (MySqlConnection)await database.OpenNewStoreAsync();
        var ds3 = new MySqlDs3DriverCalls(connection);

        Assert.Equal([1, 3], await ds3.BrowseAsync(Ds3Browse.Category, 9, "1", None));
        Assert.Equal(1, (await ds3.BrowseAsync(Ds3Browse.Actor, 9, "PENELOPE GUINESS", None))[0]);
        Assert.Contains(3, await ds3.BrowseAsync(Ds3Browse.Title, 9, "AFRICAN EGG", None));
        await using var types = new MySqlCommand(
            "SELECT COLUMN_NAME, DATA_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'PRODUCTS' AND COLUMN_NAME IN ('CATEGORY', 'SPECIAL')",
            connection);
        await using var reader = await types.ExecuteReaderAsync();
        var columns = new List<string>();
        while (await reader.ReadAsync())
        {
            columns.Add($"{reader.GetString(0)} {reader.GetString(1)}");
        }

        Assert.Equal(["CATEGORY tinyint", "SPECIAL tinyint"], columns.Order());
    }
}
