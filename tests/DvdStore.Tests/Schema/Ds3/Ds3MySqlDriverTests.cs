using System.Data;
using DvdStore.Contract;
using DvdStore.Tests.Schema.Contract;
using MySqlConnector;

namespace DvdStore.Tests.Schema.Ds3;

/// <summary>
/// DS3's MySQL driver on our MariaDB store, called as ds3-interface.md §2.3 says it calls: the four NEW_* procedures
/// as CommandType.StoredProcedure bound BY NAME (user name and password added first, not in the procedure's order)
/// with their OUT parameters read with (int); everything else is SQL text against the tables, read with DS3's getters
/// (GetByte on CATEGORY and SPECIAL, MATCH … AGAINST on the ACTOR and TITLE full-text indexes).
/// </summary>
public sealed class Ds3MySqlDriverTests(MySqlContractDatabase database) : IClassFixture<MySqlContractDatabase>
{
    [SkippableFact]
    public async Task The_NEW_procedures_bind_by_name_and_return_DS3s_ids_and_0_sentinels_through_OUT_parameters()
    {
        await using var connection = await NewStoreAsync();

        Assert.Equal(5, NewCustomer(connection, "newuser1"));
        Assert.Equal(0, NewCustomer(connection, "newuser1"));
        Assert.Equal(0, NewCustomer(connection, "user2"));
        Assert.Equal(0, NewMember(connection, 1, 2));
        Assert.Equal(2, NewMember(connection, 2, 3));
        Assert.Equal(8, Out(Procedure(connection, "NEW_PROD_REVIEW",
            ("prod_id_in", MySqlDbType.Int32, 2), ("stars_in", MySqlDbType.Int32, 4), ("customerid_in", MySqlDbType.Int32, 1),
            ("review_summary_in", MySqlDbType.VarChar, "Probe"), ("review_text_in", MySqlDbType.VarChar, "probe words")), "review_id_out"));
        Assert.Equal(8, Out(Procedure(connection, "NEW_REVIEW_HELPFULNESS",
            ("review_id_in", MySqlDbType.Int32, 8), ("customerid_in", MySqlDbType.Int32, 2), ("review_helpfulness_in", MySqlDbType.Int32, 5)),
            "review_helpfulness_id_out"));
        await using var login = new MySqlCommand("SELECT CUSTOMERID FROM CUSTOMERS WHERE USERNAME = 'newuser1' AND PASSWORD = 'password'", connection);
        await using var reader = await login.ExecuteReaderAsync();
        Assert.True(await reader.ReadAsync());
        Assert.Equal(5, reader.GetInt32(0));
    }

    [SkippableFact]
    public async Task DS3s_browse_text_reads_CATEGORY_and_SPECIAL_as_TINYINT_through_the_full_text_indexes()
    {
        await using var connection = await NewStoreAsync();

        Assert.Equal([1, 3], await BrowseAsync(connection, "CATEGORY = 1 AND SPECIAL = 1"));
        Assert.Equal([1], await BrowseAsync(connection, "MATCH (ACTOR) AGAINST ('PENELOPE GUINESS')").ContinueWith(t => t.Result.Take(1).ToList()));
        Assert.Contains(3, await BrowseAsync(connection, "MATCH (TITLE) AGAINST ('AFRICAN EGG')"));
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

    private async Task<MySqlConnection> NewStoreAsync()
    {
        var connection = new MySqlConnection(await database.ConnectionStringAsync());
        await connection.OpenAsync();
        await database.Engine.DropAsync(connection, CancellationToken.None);
        await ContractStore.BuildAsync(database.Engine, connection);
        return connection;
    }

    // DS3 reads every column by ordinal with these getters; GetByte throws unless the column is TINYINT.
    private static async Task<List<int>> BrowseAsync(MySqlConnection connection, string where)
    {
        await using var command = new MySqlCommand($"SELECT * FROM PRODUCTS WHERE {where} LIMIT 9", connection);
        await using var reader = await command.ExecuteReaderAsync();
        var ids = new List<int>();
        while (await reader.ReadAsync())
        {
            _ = (reader.GetByte(1), reader.GetString(2), reader.GetString(3), reader.GetDecimal(4), reader.GetByte(5), reader.GetInt32(6));
            ids.Add(reader.GetInt32(0));
        }

        return ids;
    }

    private static int NewCustomer(MySqlConnection connection, string username) => Out(Procedure(connection, "NEW_CUSTOMER",
        ("username_in", MySqlDbType.VarChar, username), ("password_in", MySqlDbType.VarChar, "password"),
        ("firstname_in", MySqlDbType.VarChar, "ABCDEF"), ("lastname_in", MySqlDbType.VarChar, "ABCDEFGHIJ"),
        ("address1_in", MySqlDbType.VarChar, "1 Dell Way"), ("address2_in", MySqlDbType.VarChar, ""), ("city_in", MySqlDbType.VarChar, "ABCDEFG"),
        ("state_in", MySqlDbType.VarChar, ""), ("zip_in", MySqlDbType.Int32, 0), ("country_in", MySqlDbType.VarChar, "Japan"),
        ("region_in", MySqlDbType.Int32, 2), ("email_in", MySqlDbType.VarChar, "a@dell.com"), ("phone_in", MySqlDbType.VarChar, "123"),
        ("creditcardtype_in", MySqlDbType.Int32, 3), ("creditcard_in", MySqlDbType.VarChar, "1234567812345678"),
        ("creditcardexpiration_in", MySqlDbType.VarChar, "2030/07"), ("age_in", MySqlDbType.Byte, (sbyte)44),
        ("income_in", MySqlDbType.Int32, 60000), ("gender_in", MySqlDbType.VarChar, "F")), "customerid_out");

    private static int NewMember(MySqlConnection connection, int customerId, int level) => Out(Procedure(connection, "NEW_MEMBER",
        ("customerid_in", MySqlDbType.Int32, customerId), ("membershiplevel_in", MySqlDbType.Int32, level)), "customerid_out");

    private static MySqlCommand Procedure(MySqlConnection connection, string name, params (string Name, MySqlDbType Type, object Value)[] parameters)
    {
        var command = new MySqlCommand(name, connection) { CommandType = CommandType.StoredProcedure };
        foreach (var (parameterName, type, value) in parameters)
        {
            command.Parameters.Add(new MySqlParameter(parameterName, type) { Value = value });
        }

        return command;
    }

    // DS3 adds the OUT parameter as Int32 and unboxes its value with (int).
    private static int Out(MySqlCommand command, string outName)
    {
        using (command)
        {
            var output = command.Parameters.Add(new MySqlParameter(outName, MySqlDbType.Int32) { Direction = ParameterDirection.Output });
            command.ExecuteNonQuery();
            return (int)output.Value!;
        }
    }
}
