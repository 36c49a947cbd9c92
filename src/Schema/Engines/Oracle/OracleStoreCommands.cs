using System.Data;

using static DvdStore.Schema.Engines.Oracle.OracleBinding;

using Ora = DvdStore.Schema.Engines.Oracle.OracleDbTypeName;

namespace DvdStore.Schema.Engines.Oracle;

/// <summary>
/// The DS3 procedures on one Oracle connection, called as DS3's Oracle driver calls them (docs/ds3-compatibility.md, "How DS3's drivers call the store"): every
/// parameter of the PL/SQL signature, in its order and under its name (so positional and by-name binding agree), ids in
/// OUT INTEGERs, search rows in DS3's `found` count plus one OUT associative array per column.
/// </summary>
public sealed class OracleStoreCommands(DbConnection connection) : StoreCommandsBase
{
    /// <summary>LOGIN's history rows, as DS3's driver asks for.</summary>
    public const int LoginHistoryRows = 10;

    public override async Task<LoginResult> LoginAsync(string username, string password, CancellationToken cancellationToken)
    {
        await using var command = Procedure("LOGIN");
        In(command, "username_in", Ora.Varchar2, username);
        In(command, "password_in", Ora.Varchar2, password);
        In(command, "batch_size", Ora.Int32, LoginHistoryRows);
        var found = Out(command, "found", Ora.Int32);
        var customerId = Out(command, "customerid_out", Ora.Int64);
        var history = OracleResultArrays.History(command, LoginHistoryRows);
        await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
        var id = ToInt64(customerId.Value);
        return new LoginResult(id, id == 0 ? [] : history(Found(found)));
    }

    public override async Task<long> NewCustomerAsync(NewCustomerRequest customer, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(customer);
        await using var command = Procedure("NEW_CUSTOMER");
        In(command, "firstname_in", Ora.Varchar2, customer.FirstName);
        In(command, "lastname_in", Ora.Varchar2, customer.LastName);
        In(command, "address1_in", Ora.Varchar2, customer.Address1);
        In(command, "address2_in", Ora.Varchar2, customer.Address2);
        In(command, "city_in", Ora.Varchar2, customer.City);
        In(command, "state_in", Ora.Varchar2, customer.State);
        In(command, "zip_in", Ora.Int32, Zip(customer.Zip));
        In(command, "country_in", Ora.Varchar2, customer.Country);
        In(command, "region_in", Ora.Int32, customer.Region);
        In(command, "email_in", Ora.Varchar2, customer.Email);
        In(command, "phone_in", Ora.Varchar2, customer.Phone);
        In(command, "creditcardtype_in", Ora.Int32, customer.CreditCardType);
        In(command, "creditcard_in", Ora.Varchar2, customer.CreditCard);
        In(command, "creditcardexpiration_in", Ora.Varchar2, customer.CreditCardExpiration);
        In(command, "username_in", Ora.Varchar2, customer.Username);
        In(command, "password_in", Ora.Varchar2, customer.Password);
        In(command, "age_in", Ora.Int32, customer.Age);
        In(command, "income_in", Ora.Int32, customer.Income);
        In(command, "gender_in", Ora.Varchar2, customer.Gender);
        return await IdAsync(command, "customerid_out", cancellationToken).ConfigureAwait(false);
    }

    public override async Task<long> NewMemberAsync(long customerId, int membershipType, CancellationToken cancellationToken)
    {
        await using var command = Procedure("NEW_MEMBER");
        In(command, "customerid_in", Ora.Int64, customerId);
        In(command, "membershiplevel_in", Ora.Int32, membershipType);
        return await IdAsync(command, "customerid_out", cancellationToken).ConfigureAwait(false);
    }

    public override async Task<long> NewProdReviewAsync(int prodId, int stars, long customerId, string summary, string text, CancellationToken cancellationToken)
    {
        await using var command = Procedure("NEW_PROD_REVIEW");
        In(command, "prod_id_in", Ora.Int32, prodId);
        In(command, "stars_in", Ora.Int32, stars);
        In(command, "customerid_in", Ora.Int64, customerId);
        In(command, "review_summary_in", Ora.Varchar2, summary);
        In(command, "review_text_in", Ora.Varchar2, text);
        return await IdAsync(command, "review_id_out", cancellationToken).ConfigureAwait(false);
    }

    public override async Task<long> NewReviewHelpfulnessAsync(long reviewId, long customerId, int helpfulness, CancellationToken cancellationToken)
    {
        await using var command = Procedure("NEW_REVIEW_HELPFULNESS");
        In(command, "review_id_in", Ora.Int64, reviewId);
        In(command, "customerid_in", Ora.Int64, customerId);
        In(command, "review_helpfulness_in", Ora.Int32, helpfulness);
        return await IdAsync(command, "review_helpfulness_id_out", cancellationToken).ConfigureAwait(false);
    }

    public override async Task<IReadOnlyDictionary<int, decimal>> GetPricesAsync(IReadOnlyList<int> prodIds, CancellationToken cancellationToken)
    {
        var prices = new Dictionary<int, decimal>();
        var ids = prodIds.Distinct().ToArray();
        if (ids.Length == 0)
        {
            return prices;
        }

        await using var command = connection.CreateCommand();
        BindByName(command);
        var names = ids.Select((_, i) => string.Create(CultureInfo.InvariantCulture, $"p{i}")).ToArray();
        command.CommandText = $"SELECT PROD_ID, PRICE FROM PRODUCTS WHERE PROD_ID IN ({string.Join(", ", names.Select(n => ":" + n))})";
        for (var i = 0; i < ids.Length; i++)
        {
            In(command, names[i], Ora.Int32, ids[i]);
        }

        await StoreRowReader.AddPricesAsync(command, prices, cancellationToken).ConfigureAwait(false);

        return prices;
    }

    /// <summary>PURCHASE with DS3 Oracle's shape: the cart as two PL/SQL associative arrays (product ids, quantities) in request order.</summary>
    public override async Task<long> PurchaseAsync(PurchaseRequest purchase, CancellationToken cancellationToken)
    {
        PurchaseArguments.ThrowIfTooManyItems(purchase);

        // An empty associative array cannot be bound: an empty cart sends one unused (0, 0) entry with number_items = 0.
        var items = purchase.Items.Count > 0 ? purchase.Items : [default(CartItem)];
        await using var command = Procedure("PURCHASE");
        In(command, "customerid_in", Ora.Int64, purchase.CustomerId);
        In(command, "number_items", Ora.Int32, purchase.Items.Count);
        In(command, "netamount_in", Ora.Decimal, purchase.NetAmount);
        In(command, "taxamount_in", Ora.Decimal, purchase.Tax);
        In(command, "totalamount_in", Ora.Decimal, purchase.TotalAmount);
        var orderId = Out(command, "neworderid_out", Ora.Int64);
        AssociativeArray(Parameter(command, "prod_id_in"), Ora.Int32, items.Select(i => i.ProdId).ToArray());
        AssociativeArray(Parameter(command, "qty_in"), Ora.Int32, items.Select(i => i.Quantity).ToArray());
        await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
        return ToInt64(orderId.Value);
    }

    protected override Task<IReadOnlyList<ProductRow>> BrowseAsync(Ds3Browse by, int batchSize, object key, CancellationToken cancellationToken) =>
        SearchAsync(Ds3RoutineName.Of(by), batchSize, [by switch
        {
            Ds3Browse.Category => ("category_in", Ora.Int32, key),
            Ds3Browse.Actor => ("actor_in", Ora.Varchar2, key),
            _ => ("title_in", Ora.Varchar2, key),
        }], OracleResultArrays.Products, cancellationToken);

    protected override Task<IReadOnlyList<ReviewRow>> ReviewsAsync(Ds3ReviewOrder order, int batchSize, int prodId, int stars, CancellationToken cancellationToken) =>
        SearchAsync(Ds3RoutineName.Of(order), batchSize, order == Ds3ReviewOrder.Stars ? [("prod_in", Ora.Int32, prodId), ("stars_in", Ora.Int32, stars)] : [("prod_in", Ora.Int32, prodId)],
            OracleResultArrays.Reviews, cancellationToken);

    protected override Task<IReadOnlyList<ProductReviewRow>> SearchReviewsAsync(Ds3ReviewSearch by, int batchSize, string word, CancellationToken cancellationToken) =>
        SearchAsync(Ds3RoutineName.Of(by), batchSize, [(by == Ds3ReviewSearch.Actor ? "actor_in" : "title_in", Ora.Varchar2, word)], OracleResultArrays.ProductReviews, cancellationToken);

    private DbCommand Procedure(string name)
    {
        var command = connection.CreateCommand();
        command.CommandType = CommandType.StoredProcedure;
        command.CommandText = name;
        BindByName(command);
        return command;
    }

    private static DbParameter Parameter(DbCommand command, string name)
    {
        var parameter = command.CreateParameter();
        parameter.ParameterName = name;
        parameter.Direction = ParameterDirection.Input;
        command.Parameters.Add(parameter);
        return parameter;
    }

    private static async Task<long> IdAsync(DbCommand command, string outName, CancellationToken cancellationToken)
    {
        var id = Out(command, outName, Ora.Int64);
        await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
        return ToInt64(id.Value);
    }

    /// <summary>
    /// A search procedure in DS3's shape: batch_size, OUT found, the keys, then the OUT arrays <paramref name="arrays"/> adds
    /// (sized to hold batch_size rows); the rows are elements 0..found-1.
    /// </summary>
    private async Task<IReadOnlyList<T>> SearchAsync<T>(string procedure, int batchSize, (string Name, OracleDbTypeName Type, object Value)[] keys,
        Func<DbCommand, int, Func<int, IReadOnlyList<T>>> arrays, CancellationToken cancellationToken)
    {
        await using var command = Procedure(procedure);
        In(command, "batch_size", Ora.Int32, batchSize);
        var found = Out(command, "found", Ora.Int32);
        foreach (var (name, type, value) in keys)
        {
            In(command, name, type, value);
        }

        var rows = arrays(command, Math.Max(batchSize, 1));
        await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
        return rows(Found(found));
    }

    /// <summary>The row count a search reports (NULL as 0).</summary>
    private static int Found(DbParameter found) => checked((int)ToInt64(found.Value));

    /// <summary>ZIP as the number DS3's interface takes (digits only; anything else, or none, is NULL).</summary>
    private static int? Zip(string? zip) =>
        int.TryParse(zip, NumberStyles.None, CultureInfo.InvariantCulture, out var value) ? value : null;
}
