using System.Data;
using MySqlConnector;

namespace DvdStore.Schema.Engines.MySql;

/// <summary>
/// The DS3 procedures on one MySQL/MariaDB connection, one CALL per operation with bound parameters. Procedures
/// with a trailing OUT parameter (DS3 MySQL's shape) run as <see cref="CommandType.StoredProcedure"/>, which
/// MySqlConnector binds by parameter name; the others are CALL statements that return result sets.
/// </summary>
public sealed class MySqlStoreCommands(MySqlConnection connection) : StoreCommandsBase
{
    public override async Task<LoginResult> LoginAsync(string username, string password, CancellationToken cancellationToken)
    {
        await using var command = Call("CALL LOGIN(@username_in, @password_in)");
        command.Parameters.AddWithValue("@username_in", username);
        command.Parameters.AddWithValue("@password_in", password);
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        long customerId = 0;
        if (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            customerId = reader.GetInt64(0);
        }

        var history = new List<PurchaseHistoryRow>();
        if (customerId != 0 && await reader.NextResultAsync(cancellationToken).ConfigureAwait(false))
        {
            while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
            {
                history.Add(new PurchaseHistoryRow(reader.GetString(0), reader.GetString(1), reader.GetString(2)));
            }
        }

        return new LoginResult(customerId, history);
    }

    public override async Task<long> NewCustomerAsync(NewCustomerRequest customer, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(customer);
        await using var command = Procedure("NEW_CUSTOMER");
        command.Parameters.AddWithValue("@firstname_in", customer.FirstName);
        command.Parameters.AddWithValue("@lastname_in", customer.LastName);
        command.Parameters.AddWithValue("@address1_in", customer.Address1);
        command.Parameters.AddWithValue("@address2_in", (object?)customer.Address2 ?? DBNull.Value);
        command.Parameters.AddWithValue("@city_in", customer.City);
        command.Parameters.AddWithValue("@state_in", (object?)customer.State ?? DBNull.Value);
        command.Parameters.AddWithValue("@zip_in", (object?)customer.Zip ?? DBNull.Value);
        command.Parameters.AddWithValue("@country_in", customer.Country);
        command.Parameters.AddWithValue("@region_in", customer.Region);
        command.Parameters.AddWithValue("@email_in", (object?)customer.Email ?? DBNull.Value);
        command.Parameters.AddWithValue("@phone_in", (object?)customer.Phone ?? DBNull.Value);
        command.Parameters.AddWithValue("@creditcardtype_in", customer.CreditCardType);
        command.Parameters.AddWithValue("@creditcard_in", customer.CreditCard);
        command.Parameters.AddWithValue("@creditcardexpiration_in", customer.CreditCardExpiration);
        command.Parameters.AddWithValue("@username_in", customer.Username);
        command.Parameters.AddWithValue("@password_in", customer.Password);
        command.Parameters.AddWithValue("@age_in", (object?)customer.Age ?? DBNull.Value);
        command.Parameters.AddWithValue("@income_in", (object?)customer.Income ?? DBNull.Value);
        command.Parameters.AddWithValue("@gender_in", (object?)customer.Gender ?? DBNull.Value);
        return await ExecuteForOutAsync(command, "@customerid_out", cancellationToken).ConfigureAwait(false);
    }

    public override async Task<long> NewMemberAsync(long customerId, int membershipType, CancellationToken cancellationToken)
    {
        await using var command = Procedure("NEW_MEMBER");
        command.Parameters.AddWithValue("@customerid_in", customerId);
        command.Parameters.AddWithValue("@membershiplevel_in", membershipType);
        return await ExecuteForOutAsync(command, "@customerid_out", cancellationToken).ConfigureAwait(false);
    }

    public override async Task<long> NewProdReviewAsync(int prodId, int stars, long customerId, string summary, string text, CancellationToken cancellationToken)
    {
        await using var command = Procedure("NEW_PROD_REVIEW");
        command.Parameters.AddWithValue("@prod_id_in", prodId);
        command.Parameters.AddWithValue("@stars_in", stars);
        command.Parameters.AddWithValue("@customerid_in", customerId);
        command.Parameters.AddWithValue("@review_summary_in", summary);
        command.Parameters.AddWithValue("@review_text_in", text);
        return await ExecuteForOutAsync(command, "@review_id_out", cancellationToken).ConfigureAwait(false);
    }

    public override async Task<long> NewReviewHelpfulnessAsync(long reviewId, long customerId, int helpfulness, CancellationToken cancellationToken)
    {
        await using var command = Procedure("NEW_REVIEW_HELPFULNESS");
        command.Parameters.AddWithValue("@review_id_in", reviewId);
        command.Parameters.AddWithValue("@customerid_in", customerId);
        command.Parameters.AddWithValue("@review_helpfulness_in", helpfulness);
        return await ExecuteForOutAsync(command, "@review_helpfulness_id_out", cancellationToken).ConfigureAwait(false);
    }

    public override async Task<IReadOnlyDictionary<int, decimal>> GetPricesAsync(IReadOnlyList<int> prodIds, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(prodIds);
        var prices = new Dictionary<int, decimal>();
        if (prodIds.Count == 0)
        {
            return prices;
        }

        var ids = prodIds.Distinct().ToArray();
        var names = ids.Select((_, i) => "@p" + i.ToString(CultureInfo.InvariantCulture)).ToArray();
        await using var command = Call($"SELECT PROD_ID, PRICE FROM PRODUCTS WHERE PROD_ID IN ({string.Join(", ", names)})");
        for (var i = 0; i < ids.Length; i++)
        {
            command.Parameters.AddWithValue(names[i], ids[i]);
        }

        await StoreRowReader.AddPricesAsync(command, prices, cancellationToken).ConfigureAwait(false);

        return prices;
    }

    public override async Task<long> PurchaseAsync(PurchaseRequest purchase, CancellationToken cancellationToken)
    {
        PurchaseArguments.ThrowIfTooManyItems(purchase);

        await using var command = Procedure("PURCHASE");
        command.Parameters.AddWithValue("@customerid_in", purchase.CustomerId);
        command.Parameters.AddWithValue("@number_items", purchase.Items.Count);
        command.Parameters.AddWithValue("@netamount_in", purchase.NetAmount);
        command.Parameters.AddWithValue("@taxamount_in", purchase.Tax);
        command.Parameters.AddWithValue("@totalamount_in", purchase.TotalAmount);
        for (var i = 0; i < PurchaseRequest.MaxItems; i++)
        {
            // DS3's drivers send all ten pairs, unused ones as 0; the procedure reads only the first number_items.
            var item = i < purchase.Items.Count ? purchase.Items[i] : default;
            command.Parameters.AddWithValue("@prod_id_in" + i.ToString(CultureInfo.InvariantCulture), item.ProdId);
            command.Parameters.AddWithValue("@qty_in" + i.ToString(CultureInfo.InvariantCulture), item.Quantity);
        }

        return await ExecuteForOutAsync(command, "@neworderid_out", cancellationToken).ConfigureAwait(false);
    }

    protected override Task<IReadOnlyList<ProductRow>> BrowseAsync(Ds3Browse by, int batchSize, object key, CancellationToken cancellationToken) =>
        RowsAsync(Ds3RoutineName.Of(by), batchSize, [by == Ds3Browse.Category ? ("@category_in", key) : ("@text_in", key ?? "")], StoreRowReader.Product, cancellationToken);

    protected override Task<IReadOnlyList<ReviewRow>> ReviewsAsync(Ds3ReviewOrder order, int batchSize, int prodId, int stars, CancellationToken cancellationToken) =>
        RowsAsync(Ds3RoutineName.Of(order), batchSize, order == Ds3ReviewOrder.Stars ? [("@prod_in", prodId), ("@stars_in", stars)] : [("@prod_in", prodId)],
            StoreRowReader.Review, cancellationToken);

    protected override Task<IReadOnlyList<ProductReviewRow>> SearchReviewsAsync(Ds3ReviewSearch by, int batchSize, string word, CancellationToken cancellationToken) =>
        RowsAsync(Ds3RoutineName.Of(by), batchSize, [("@text_in", word ?? "")], StoreRowReader.ProductReview, cancellationToken);

    private MySqlCommand Call(string sql) => new(sql, connection) { CommandTimeout = 0 };

    private MySqlCommand Procedure(string name) => new(name, connection) { CommandType = CommandType.StoredProcedure, CommandTimeout = 0 };

    private static async Task<long> ExecuteForOutAsync(MySqlCommand command, string outName, CancellationToken cancellationToken)
    {
        var output = command.Parameters.Add(outName, MySqlDbType.Int64);
        output.Direction = ParameterDirection.Output;
        await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
        return output.Value is null or DBNull ? 0 : Convert.ToInt64(output.Value, CultureInfo.InvariantCulture);
    }

    /// <summary>Runs CALL <paramref name="routine"/>(@batch_size, keys...) and maps every row of its result set.</summary>
    private async Task<IReadOnlyList<T>> RowsAsync<T>(
        string routine, int batchSize, (string Name, object Value)[] keys, Func<System.Data.Common.DbDataReader, T> map, CancellationToken cancellationToken)
    {
        await using var command = Call($"CALL {routine}(@batch_size{string.Concat(keys.Select(k => ", " + k.Name))})");
        command.Parameters.AddWithValue("@batch_size", batchSize);
        foreach (var (name, value) in keys)
        {
            command.Parameters.AddWithValue(name, value);
        }

        return await StoreRowReader.ReadAllAsync(command, map, cancellationToken).ConfigureAwait(false);
    }
}
