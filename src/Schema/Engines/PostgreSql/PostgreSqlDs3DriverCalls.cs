using DvdStore.Schema.Engines.Commands;
using Npgsql;
using NpgsqlTypes;

namespace DvdStore.Schema.Engines.PostgreSql;

/// <summary>
/// The statements DS3's PostgreSQL driver puts on the wire (ds3-interface.md §1.3): its Npgsql 5 sends every
/// CommandType.StoredProcedure call as <c>SELECT * FROM NAME("param_in" := $1, …)</c>, the name unquoted (folded to
/// lower case) and DS3's parameter names quoted (so they must match exactly), with DS3's Npgsql types. Results are read
/// with DS3's casts: <c>(int)</c> unboxing for LOGIN's id and PURCHASE's result, typed getters by ordinal for rows.
/// Sending the text ourselves reproduces the wire form without Npgsql's process-wide compatibility switch.
/// </summary>
public sealed class PostgreSqlDs3DriverCalls(NpgsqlConnection connection) : IDs3DriverCalls
{
    public async Task<int> LoginAsync(string username, string password, CancellationToken cancellationToken)
    {
        await using var command = Call("LOGIN", ("username_in", NpgsqlDbType.Varchar, username), ("password_in", NpgsqlDbType.Varchar, password));
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        // DS3 reads one row and unboxes column 0: anything but int4, or no row at all, kills its process.
        if (!await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            throw new InvalidOperationException("LOGIN returned no row: DS3's driver reads column 0 of the first row and would die");
        }

        return (int)reader[0];
    }

    public async Task<int> NewCustomerAsync(string username, CancellationToken cancellationToken)
    {
        await using var command = Call("NEW_CUSTOMER",
            ("firstname_in", NpgsqlDbType.Varchar, "ABCDEF"), ("lastname_in", NpgsqlDbType.Varchar, "ABCDEFGHIJ"),
            ("address1_in", NpgsqlDbType.Varchar, "1234567890 Dell Way"), ("address2_in", NpgsqlDbType.Varchar, ""),
            ("city_in", NpgsqlDbType.Varchar, "ABCDEFG"), ("state_in", NpgsqlDbType.Varchar, ""), ("zip_in", NpgsqlDbType.Varchar, "12345"),
            ("country_in", NpgsqlDbType.Varchar, "Japan"), ("region_in", NpgsqlDbType.Smallint, (short)2),
            ("email_in", NpgsqlDbType.Varchar, "ABCDEFGHIJ@dell.com"), ("phone_in", NpgsqlDbType.Varchar, "1234567890"),
            ("creditcardtype_in", NpgsqlDbType.Integer, 3), ("creditcard_in", NpgsqlDbType.Varchar, "1234567812345678"),
            ("creditcardexpiration_in", NpgsqlDbType.Varchar, "2030/07"), ("username_in", NpgsqlDbType.Varchar, username),
            ("password_in", NpgsqlDbType.Varchar, "password"), ("age_in", NpgsqlDbType.Smallint, (short)44),
            ("income_in", NpgsqlDbType.Integer, 60000), ("gender_in", NpgsqlDbType.Varchar, "F"));
        // DS3: Convert.ToInt32(ExecuteScalar().ToString(), 10).
        return Convert.ToInt32((await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false))?.ToString(), 10);
    }

    public async Task<IReadOnlyList<int>> BrowseByTitleAsync(int batchSize, string title, CancellationToken cancellationToken)
    {
        // DS3 wraps the title in literal double quotes.
        await using var command = Call("BROWSE_BY_TITLE", ("batch_size_in", NpgsqlDbType.Integer, batchSize), ("title_in", NpgsqlDbType.Varchar, "\"" + title + "\""));
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        var ids = new List<int>();
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            _ = (reader.GetInt16(1), reader.GetString(2), reader.GetString(3), reader.GetDecimal(4), reader.GetInt16(5), reader.GetInt32(6));
            ids.Add(reader.GetInt32(0));
        }

        return ids;
    }

    public async Task<int?> PurchaseAsync(IReadOnlyList<(int ProdId, int Quantity)> cart, int customerId, CancellationToken cancellationToken)
    {
        var net = 0m;
        foreach (var (prodId, quantity) in cart)
        {
            await using var price = new NpgsqlCommand("SELECT PROD_ID, PRICE FROM PRODUCTS WHERE PROD_ID = @ARG0", connection);
            price.Parameters.Add(new NpgsqlParameter("ARG0", NpgsqlDbType.Integer) { Value = prodId });
            await using var reader = await price.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
            net += await reader.ReadAsync(cancellationToken).ConfigureAwait(false) ? quantity * reader.GetDecimal(1) : 0m;
        }

        var tax = 0.0825m * net;
        var parameters = new List<(string, NpgsqlDbType, object)>
        {
            ("customerid_in", NpgsqlDbType.Integer, customerId), ("number_items", NpgsqlDbType.Integer, cart.Count),
            ("netamount_in", NpgsqlDbType.Numeric, net), ("taxamount_in", NpgsqlDbType.Numeric, tax), ("totalamount_in", NpgsqlDbType.Numeric, net + tax),
        };
        for (var i = 0; i < 10; i++)
        {
            parameters.Add(($"prod_id_in{i}", NpgsqlDbType.Integer, i < cart.Count ? cart[i].ProdId : 0));
            parameters.Add(($"qty_in{i}", NpgsqlDbType.Integer, i < cart.Count ? cart[i].Quantity : 0));
        }

        await using var command = Call("PURCHASE", [.. parameters]);
        try
        {
            return (int)(await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false))!;
        }
        catch (PostgresException e) when (e.SqlState == PostgresErrorCodes.RaiseException)
        {
            return 0;
        }
    }

    private NpgsqlCommand Call(string name, params (string Name, NpgsqlDbType Type, object Value)[] parameters)
    {
        var arguments = string.Join(", ", parameters.Select((p, i) => $"\"{p.Name}\" := ${i + 1}"));
        var command = new NpgsqlCommand($"SELECT * FROM {name}({arguments})", connection);
        foreach (var (_, type, value) in parameters)
        {
            command.Parameters.Add(new NpgsqlParameter { NpgsqlDbType = type, Value = value });
        }

        return command;
    }
}
