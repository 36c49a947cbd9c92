using System.Data;
using DvdStore.Schema.Engines.Commands;
using MySqlConnector;

namespace DvdStore.Schema.Engines.MySql;

/// <summary>
/// DS3's MySQL driver (ds3-interface.md §2.3): NEW_CUSTOMER is a CommandType.StoredProcedure call bound BY NAME, user
/// name and password added first (not the procedure's order), DS3's types (zip Int32, age Byte), the id read from the
/// OUT parameter with <c>(int)</c>; the provider matches each of the procedure's parameters to ours by name, so a
/// renamed parameter fails the call. LOGIN and BROWSE_BY_TITLE are SQL text against the tables, read with DS3's getters
/// (GetByte on CATEGORY and SPECIAL); values are bound here where DS3 splices them in. DS3 purchases with client SQL.
/// </summary>
public sealed class MySqlDs3DriverCalls(MySqlConnection connection) : IDs3DriverCalls
{
    public async Task<int> LoginAsync(string username, string password, CancellationToken cancellationToken)
    {
        await using var command = new MySqlCommand("SELECT CUSTOMERID FROM CUSTOMERS WHERE USERNAME = @u AND PASSWORD = @p", connection);
        command.Parameters.AddWithValue("@u", username);
        command.Parameters.AddWithValue("@p", password);
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        return await reader.ReadAsync(cancellationToken).ConfigureAwait(false) ? reader.GetInt32(0) : 0;
    }

    public async Task<int> NewCustomerAsync(string username, CancellationToken cancellationToken)
    {
        await using var command = new MySqlCommand("NEW_CUSTOMER", connection) { CommandType = CommandType.StoredProcedure };
        foreach (var (name, type, value) in new (string, MySqlDbType, object)[]
        {
            ("username_in", MySqlDbType.VarChar, username), ("password_in", MySqlDbType.VarChar, "password"),
            ("firstname_in", MySqlDbType.VarChar, "ABCDEF"), ("lastname_in", MySqlDbType.VarChar, "ABCDEFGHIJ"),
            ("address1_in", MySqlDbType.VarChar, "1 Dell Way"), ("address2_in", MySqlDbType.VarChar, ""), ("city_in", MySqlDbType.VarChar, "ABCDEFG"),
            ("state_in", MySqlDbType.VarChar, ""), ("zip_in", MySqlDbType.Int32, 0), ("country_in", MySqlDbType.VarChar, "Japan"),
            ("region_in", MySqlDbType.Int32, 2), ("email_in", MySqlDbType.VarChar, "a@dell.com"), ("phone_in", MySqlDbType.VarChar, "123"),
            ("creditcardtype_in", MySqlDbType.Int32, 3), ("creditcard_in", MySqlDbType.VarChar, "1234567812345678"),
            ("creditcardexpiration_in", MySqlDbType.VarChar, "2030/07"), ("age_in", MySqlDbType.Byte, (sbyte)44),
            ("income_in", MySqlDbType.Int32, 60000), ("gender_in", MySqlDbType.VarChar, "F"),
        })
        {
            command.Parameters.Add(new MySqlParameter(name, type) { Value = value });
        }

        var output = command.Parameters.Add(new MySqlParameter("customerid_out", MySqlDbType.Int32) { Direction = ParameterDirection.Output });
        await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
        return (int)output.Value!;
    }

    public async Task<IReadOnlyList<int>> BrowseByTitleAsync(int batchSize, string title, CancellationToken cancellationToken)
    {
        await using var command = new MySqlCommand("SELECT * FROM PRODUCTS WHERE MATCH (TITLE) AGAINST (@title) LIMIT @batch", connection);
        command.Parameters.AddWithValue("@title", title);
        command.Parameters.AddWithValue("@batch", batchSize);
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        var ids = new List<int>();
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            // GetByte throws unless the column is TINYINT, as DS3's driver does.
            _ = (reader.GetByte(1), reader.GetString(2), reader.GetString(3), reader.GetDecimal(4), reader.GetByte(5), reader.GetInt32(6));
            ids.Add(reader.GetInt32(0));
        }

        return ids;
    }

    public Task<int?> PurchaseAsync(IReadOnlyList<(int ProdId, int Quantity)> cart, int customerId, CancellationToken cancellationToken) =>
        Task.FromResult<int?>(null);
}
