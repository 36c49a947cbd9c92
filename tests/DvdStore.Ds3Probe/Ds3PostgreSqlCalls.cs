using System.Data;
using System.Globalization;
using Npgsql;
using NpgsqlTypes;

namespace DvdStore.Ds3Probe;

/// <summary>
/// Each call made the way DS3's PostgreSQL adapter makes it (docs/ds3-compatibility.md, "How DS3's drivers call the store"): CommandType.StoredProcedure with
/// the UPPER-case name, parameters added by name in signature order with DS3's Npgsql types, and results read with DS3's
/// getters and casts: (int) unboxing for LOGIN's id and PURCHASE's result, Convert.ToInt32(ToString()) for the other
/// ids, typed getters by ordinal for rows, at most 100 rows per result (DS3's buffers).
/// </summary>
public sealed class Ds3PostgreSqlCalls(NpgsqlConnection connection)
{
    private const int MaxRows = 100;

    public string Run(string name, string[] a) => name switch
    {
        "LOGIN" => Login(a[0], a[1]),
        "NEW_CUSTOMER" => NewCustomer(a[0]),
        "NEW_MEMBER" => Id(Procedure("NEW_MEMBER", ("customerid_in", NpgsqlDbType.Integer, Int(a[0])), ("membershiplevel_in", NpgsqlDbType.Integer, Int(a[1])))),
        "BROWSE_BY_CATEGORY" => Browse(Procedure(name, ("batch_size_in", NpgsqlDbType.Integer, Int(a[0])), ("category_in", NpgsqlDbType.Integer, Int(a[1])))),
        "BROWSE_BY_ACTOR" => Browse(Procedure(name, ("batch_size_in", NpgsqlDbType.Integer, Int(a[0])), ("actor_in", NpgsqlDbType.Varchar, Quoted(a[1])))),
        "BROWSE_BY_TITLE" => Browse(Procedure(name, ("batch_size_in", NpgsqlDbType.Integer, Int(a[0])), ("title_in", NpgsqlDbType.Varchar, Quoted(a[1])))),
        "GET_PROD_REVIEWS" or "GET_PROD_REVIEWS_BY_DATE" =>
            Reviews(Procedure(name, ("batch_size_in", NpgsqlDbType.Integer, Int(a[0])), ("prod_in", NpgsqlDbType.Integer, Int(a[1])))),
        "GET_PROD_REVIEWS_BY_STARS" => Reviews(Procedure(name,
            ("batch_size_in", NpgsqlDbType.Integer, Int(a[0])), ("prod_in", NpgsqlDbType.Integer, Int(a[1])), ("stars_in", NpgsqlDbType.Integer, Int(a[2])))),
        "GET_PROD_REVIEWS_BY_ACTOR" => ProductReviews(Procedure(name, ("batch_size_in", NpgsqlDbType.Integer, Int(a[0])), ("actor_in", NpgsqlDbType.Varchar, Quoted(a[1])))),
        "GET_PROD_REVIEWS_BY_TITLE" => ProductReviews(Procedure(name, ("batch_size_in", NpgsqlDbType.Integer, Int(a[0])), ("title_in", NpgsqlDbType.Varchar, Quoted(a[1])))),
        "NEW_PROD_REVIEW" => Id(Procedure(name,
            ("prod_id_in", NpgsqlDbType.Integer, Int(a[0])), ("stars_in", NpgsqlDbType.Integer, Int(a[1])), ("customerid_in", NpgsqlDbType.Integer, Int(a[2])),
            ("review_summary_in", NpgsqlDbType.Varchar, "Probe summary"), ("review_text_in", NpgsqlDbType.Varchar, "probe words only"))),
        "NEW_REVIEW_HELPFULNESS" => Id(Procedure(name,
            ("review_id_in", NpgsqlDbType.Integer, Int(a[0])), ("customerid_in", NpgsqlDbType.Integer, Int(a[1])), ("review_helpfulness_in", NpgsqlDbType.Integer, Int(a[2])))),
        "PURCHASE" => Purchase(Int(a[0]), a[1]),
        _ => throw new ArgumentException($"unknown call {name}"),
    };

    private static int Int(string text) => int.Parse(text, CultureInfo.InvariantCulture);

    // The adapter wraps actor and title searches in literal double quotes.
    private static string Quoted(string text) => "\"" + text + "\"";

    private NpgsqlCommand Procedure(string name, params (string Name, NpgsqlDbType Type, object Value)[] parameters)
    {
        var command = new NpgsqlCommand(name, connection) { CommandType = CommandType.StoredProcedure };
        foreach (var (parameterName, type, value) in parameters)
        {
            command.Parameters.Add(new NpgsqlParameter(parameterName, type) { Value = value });
        }

        return command;
    }

    private string Login(string username, string password)
    {
        using var command = Procedure("LOGIN", ("username_in", NpgsqlDbType.Varchar, username), ("password_in", NpgsqlDbType.Varchar, password));
        using var reader = command.ExecuteReader();
        reader.Read();
        var customerId = (int)reader[0];
        // The adapter then asks for a second result set, which a function never has: the history is never read.
        var more = reader.NextResult();
        return string.Create(CultureInfo.InvariantCulture, $"{customerId} next_result={more}");
    }

    private string NewCustomer(string username)
    {
        using var command = Procedure("NEW_CUSTOMER",
            ("firstname_in", NpgsqlDbType.Varchar, "ABCDEF"), ("lastname_in", NpgsqlDbType.Varchar, "ABCDEFGHIJ"),
            ("address1_in", NpgsqlDbType.Varchar, "1234567890 Dell Way"), ("address2_in", NpgsqlDbType.Varchar, ""),
            ("city_in", NpgsqlDbType.Varchar, "ABCDEFG"), ("state_in", NpgsqlDbType.Varchar, ""), ("zip_in", NpgsqlDbType.Varchar, "12345"),
            ("country_in", NpgsqlDbType.Varchar, "Japan"), ("region_in", NpgsqlDbType.Smallint, (short)2),
            ("email_in", NpgsqlDbType.Varchar, "ABCDEFGHIJ@dell.com"), ("phone_in", NpgsqlDbType.Varchar, "1234567890"),
            ("creditcardtype_in", NpgsqlDbType.Integer, 3), ("creditcard_in", NpgsqlDbType.Varchar, "1234567812345678"),
            ("creditcardexpiration_in", NpgsqlDbType.Varchar, "2030/07"), ("username_in", NpgsqlDbType.Varchar, username),
            ("password_in", NpgsqlDbType.Varchar, "password"), ("age_in", NpgsqlDbType.Smallint, (short)44),
            ("income_in", NpgsqlDbType.Integer, 60000), ("gender_in", NpgsqlDbType.Varchar, "F"));
        return Id(command);
    }

    private static string Id(NpgsqlCommand command)
    {
        using (command)
        {
            return Convert.ToInt32(command.ExecuteScalar()!.ToString(), 10).ToString(CultureInfo.InvariantCulture);
        }
    }

    private static string Browse(NpgsqlCommand command) => ReadRows(command, reader =>
        Id(reader.GetInt32(0), reader.GetInt16(1), reader.GetString(2), reader.GetString(3), reader.GetDecimal(4), reader.GetInt16(5), reader.GetInt32(6)));

    private static string Reviews(NpgsqlCommand command) => ReadRows(command, reader =>
        Id(reader.GetInt32(0), reader.GetInt32(1), reader.GetDateTime(2), reader.GetInt32(3), reader.GetInt32(4), reader.GetString(5), reader.GetString(6), reader.GetInt32(7)));

    private static string ProductReviews(NpgsqlCommand command) => ReadRows(command, reader =>
        Id(reader.GetInt32(3), reader.GetString(1), reader.GetString(2), reader.GetInt32(0), reader.GetDateTime(4), reader.GetInt32(5), reader.GetInt32(6),
            reader.GetString(7), reader.GetString(8), reader.GetInt32(9)));

    // Every value was read with DS3's getter (in readRow); the id is kept, and DS3's 100-element buffers overflow past 100 rows.
    private static string ReadRows(NpgsqlCommand command, Func<NpgsqlDataReader, int> readRow)
    {
        using (command)
        {
            using var reader = command.ExecuteReader();
            var ids = new List<int>();
            while (reader.Read())
            {
                var id = readRow(reader);
                if (ids.Count == MaxRows)
                {
                    throw new IndexOutOfRangeException("more than 100 rows");
                }

                ids.Add(id);
            }

            return $"rows={ids.Count} ids={string.Join(',', ids)}";
        }
    }

    private static int Id(int id, params object[] _) => id;

    private string Purchase(int customerId, string cart)
    {
        var items = cart.Split(',').Select(i => i.Split(':')).Select(p => (Prod: Int(p[0]), Qty: Int(p[1]))).ToArray();
        // The adapter prices the cart with a plain query first, read with GetInt32 and GetDecimal.
        var prices = new Dictionary<int, decimal>();
        var args = string.Join(", ", items.Select((_, i) => $"@ARG{i}"));
        using (var priceQuery = new NpgsqlCommand($"SELECT PROD_ID, PRICE FROM PRODUCTS WHERE PROD_ID IN ({args})", connection))
        {
            for (var i = 0; i < items.Length; i++)
            {
                priceQuery.Parameters.Add(new NpgsqlParameter($"ARG{i}", NpgsqlDbType.Integer) { Value = items[i].Prod });
            }

            using var reader = priceQuery.ExecuteReader();
            while (reader.Read())
            {
                prices[reader.GetInt32(0)] = reader.GetDecimal(1);
            }
        }

        var net = items.Sum(i => i.Qty * prices.GetValueOrDefault(i.Prod));
        var tax = 0.0825m * net;
        var parameters = new List<(string, NpgsqlDbType, object)>
        {
            ("customerid_in", NpgsqlDbType.Integer, customerId), ("number_items", NpgsqlDbType.Integer, items.Length),
            ("netamount_in", NpgsqlDbType.Numeric, net), ("taxamount_in", NpgsqlDbType.Numeric, tax), ("totalamount_in", NpgsqlDbType.Numeric, net + tax),
        };
        for (var i = 0; i < 10; i++)
        {
            parameters.Add(($"prod_id_in{i}", NpgsqlDbType.Integer, i < items.Length ? items[i].Prod : 0));
            parameters.Add(($"qty_in{i}", NpgsqlDbType.Integer, i < items.Length ? items[i].Qty : 0));
        }

        using var command = Procedure("PURCHASE", [.. parameters]);
        try
        {
            return ((int)command.ExecuteScalar()!).ToString(CultureInfo.InvariantCulture);
        }
        catch (PostgresException e) when (e.SqlState == "P0001")
        {
            return "0";
        }
    }
}
