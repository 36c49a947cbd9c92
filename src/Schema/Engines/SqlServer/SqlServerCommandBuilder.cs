using System.Data;

using Microsoft.Data.SqlClient;

namespace DvdStore.Schema.Engines.SqlServer;

/// <summary>
/// Builds the DS3 procedure calls as unconnected <see cref="SqlCommand"/>s (stored-procedure name plus typed
/// parameters), so their shape is testable without a server; <see cref="SqlServerStoreCommands"/> attaches the connection.
/// Parameter names and types are DS3's (docs/ds3-compatibility.md, "How DS3's drivers call the store": 32-bit ids, TINYINT region/card type/age,
/// MONEY amounts, VARCHAR(50) text), so DS3's SQL Server driver binds the same procedures by name. One deviation: @zip_in is
/// VARCHAR(9) like the ZIP column (leading zeros kept); DS3's driver sends an INT, which the server converts.
/// </summary>
internal static class SqlServerCommandBuilder
{
    public const int SearchTextLength = 50;

    public static SqlCommand Login(string username, string password) =>
        Procedure("LOGIN", VarChar("@username_in", 50, username), VarChar("@password_in", 50, password));

    public static SqlCommand NewCustomer(NewCustomerRequest c) => Procedure(
        "NEW_CUSTOMER",
        VarChar("@firstname_in", 50, c.FirstName),
        VarChar("@lastname_in", 50, c.LastName),
        VarChar("@address1_in", 50, c.Address1),
        VarChar("@address2_in", 50, c.Address2),
        VarChar("@city_in", 50, c.City),
        VarChar("@state_in", 50, c.State),
        VarChar("@zip_in", 9, c.Zip),
        VarChar("@country_in", 50, c.Country),
        Typed("@region_in", SqlDbType.TinyInt, checked((byte)c.Region)),
        VarChar("@email_in", 50, c.Email),
        VarChar("@phone_in", 50, c.Phone),
        Typed("@creditcardtype_in", SqlDbType.TinyInt, checked((byte)c.CreditCardType)),
        VarChar("@creditcard_in", 50, c.CreditCard),
        VarChar("@creditcardexpiration_in", 50, c.CreditCardExpiration),
        VarChar("@username_in", 50, c.Username),
        VarChar("@password_in", 50, c.Password),
        Typed("@age_in", SqlDbType.TinyInt, c.Age is { } age ? checked((byte)age) : null),
        Typed("@income_in", SqlDbType.Int, c.Income),
        VarChar("@gender_in", 1, c.Gender));

    public static SqlCommand NewMember(long customerId, int membershipType) =>
        Procedure("NEW_MEMBER", Typed("@customerid_in", SqlDbType.Int, checked((int)customerId)), Typed("@membershiplevel_in", SqlDbType.Int, membershipType));

    public static SqlCommand Browse(Ds3Browse by, int batchSize, object key) => Procedure(Ds3RoutineName.Of(by), Batch(batchSize), by switch
    {
        Ds3Browse.Category => Typed("@category_in", SqlDbType.Int, key),
        Ds3Browse.Actor => Search("@actor_in", (string)key),
        _ => Search("@title_in", (string)key),
    });

    /// <summary>GET_PROD_REVIEWS, _BY_STARS (the only one that takes @stars_in) or _BY_DATE.</summary>
    public static SqlCommand Reviews(Ds3ReviewOrder order, int batchSize, int prodId, int stars)
    {
        var command = Procedure(Ds3RoutineName.Of(order), Batch(batchSize), Typed("@prod_in", SqlDbType.Int, prodId));
        if (order == Ds3ReviewOrder.Stars)
        {
            command.Parameters.Add(Typed("@stars_in", SqlDbType.Int, stars));
        }

        return command;
    }

    public static SqlCommand SearchReviews(Ds3ReviewSearch by, int batchSize, string word) =>
        Procedure(Ds3RoutineName.Of(by), Batch(batchSize), Search(by == Ds3ReviewSearch.Actor ? "@actor_in" : "@title_in", word));

    public static SqlCommand NewProdReview(int prodId, int stars, long customerId, string summary, string text) => Procedure(
        "NEW_PROD_REVIEW",
        Typed("@prod_id_in", SqlDbType.Int, prodId),
        Typed("@stars_in", SqlDbType.Int, stars),
        Typed("@customerid_in", SqlDbType.Int, checked((int)customerId)),
        VarChar("@review_summary_in", 50, summary),
        VarChar("@review_text_in", 1000, text));

    public static SqlCommand NewReviewHelpfulness(long reviewId, long customerId, int helpfulness) => Procedure(
        "NEW_REVIEW_HELPFULNESS",
        Typed("@review_id_in", SqlDbType.Int, checked((int)reviewId)),
        Typed("@customerid_in", SqlDbType.Int, checked((int)customerId)),
        Typed("@review_helpfulness_in", SqlDbType.Int, helpfulness));

    /// <summary>PURCHASE with all ten (product, quantity) pairs bound, unused ones as 0, as DS3's drivers send them.</summary>
    public static SqlCommand Purchase(PurchaseRequest purchase)
    {
        PurchaseArguments.ThrowIfTooManyItems(purchase);

        var parameters = new List<SqlParameter>
        {
            Typed("@customerid_in", SqlDbType.Int, checked((int)purchase.CustomerId)),
            Typed("@number_items", SqlDbType.Int, purchase.Items.Count),
            Money("@netamount_in", purchase.NetAmount),
            Money("@taxamount_in", purchase.Tax),
            Money("@totalamount_in", purchase.TotalAmount),
        };
        for (var i = 0; i < PurchaseRequest.MaxItems; i++)
        {
            var item = i < purchase.Items.Count ? purchase.Items[i] : default;
            parameters.Add(Typed(string.Create(CultureInfo.InvariantCulture, $"@prod_id_in{i}"), SqlDbType.Int, item.ProdId));
            parameters.Add(Typed(string.Create(CultureInfo.InvariantCulture, $"@qty_in{i}"), SqlDbType.Int, item.Quantity));
        }

        return Procedure("PURCHASE", [.. parameters]);
    }

    /// <summary>The untimed price lookup before a purchase: one parameter per distinct product id.</summary>
    public static SqlCommand Prices(IReadOnlyList<int> prodIds)
    {
        var ids = prodIds.Distinct().ToArray();
        var command = new SqlCommand();
        var names = ids.Select((_, i) => string.Create(CultureInfo.InvariantCulture, $"@p{i}")).ToArray();
        command.CommandText = $"SELECT PROD_ID, PRICE FROM PRODUCTS WHERE PROD_ID IN ({string.Join(", ", names)})";
        for (var i = 0; i < ids.Length; i++)
        {
            command.Parameters.Add(Typed(names[i], SqlDbType.Int, ids[i]));
        }

        return command;
    }

    private static SqlCommand Procedure(string name, params SqlParameter[] parameters)
    {
        var command = new SqlCommand(name) { CommandType = CommandType.StoredProcedure };
        command.Parameters.AddRange(parameters);
        return command;
    }

    private static SqlParameter Batch(int batchSize) => Typed("@batch_size_in", SqlDbType.Int, batchSize);

    private static SqlParameter Search(string name, string text) => new(name, SqlDbType.VarChar, SearchTextLength) { Value = text };

    private static SqlParameter VarChar(string name, int length, string? value) =>
        new(name, SqlDbType.VarChar, length) { Value = (object?)value ?? DBNull.Value };

    private static SqlParameter Money(string name, decimal value) => new(name, SqlDbType.Money) { Value = value };

    private static SqlParameter Typed(string name, SqlDbType type, object? value) =>
        new(name, type) { Value = value ?? DBNull.Value };
}
