using Microsoft.Data.SqlClient;

namespace DvdStore.Schema.Engines.SqlServer;

/// <summary>
/// The DS3 procedures on one SQL Server connection: each call is one stored-procedure round trip built by
/// <see cref="SqlServerCommandBuilder"/>; ids come back as one-value result sets, LOGIN's history as a second result.
/// </summary>
public sealed class SqlServerStoreCommands(SqlConnection connection) : StoreCommandsBase
{
    public override async Task<LoginResult> LoginAsync(string username, string password, CancellationToken cancellationToken)
    {
        await using var command = Attach(SqlServerCommandBuilder.Login(username, password));
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        var customerId = await reader.ReadAsync(cancellationToken).ConfigureAwait(false) ? StoreRowReader.ToInt64(reader.GetValue(0)) : 0;
        IReadOnlyList<PurchaseHistoryRow> history = [];
        if (customerId != 0 && await reader.NextResultAsync(cancellationToken).ConfigureAwait(false))
        {
            history = await StoreRowReader.ReadAllAsync(reader, StoreRowReader.History, cancellationToken).ConfigureAwait(false);
        }

        return new LoginResult(customerId, history);
    }

    public override Task<long> NewCustomerAsync(NewCustomerRequest customer, CancellationToken cancellationToken) =>
        IdAsync(SqlServerCommandBuilder.NewCustomer(customer), cancellationToken);

    public override Task<long> NewMemberAsync(long customerId, int membershipType, CancellationToken cancellationToken) =>
        IdAsync(SqlServerCommandBuilder.NewMember(customerId, membershipType), cancellationToken);

    public override Task<long> NewProdReviewAsync(int prodId, int stars, long customerId, string summary, string text, CancellationToken cancellationToken) =>
        IdAsync(SqlServerCommandBuilder.NewProdReview(prodId, stars, customerId, summary, text), cancellationToken);

    public override Task<long> NewReviewHelpfulnessAsync(long reviewId, long customerId, int helpfulness, CancellationToken cancellationToken) =>
        IdAsync(SqlServerCommandBuilder.NewReviewHelpfulness(reviewId, customerId, helpfulness), cancellationToken);

    public override async Task<IReadOnlyDictionary<int, decimal>> GetPricesAsync(IReadOnlyList<int> prodIds, CancellationToken cancellationToken)
    {
        var prices = new Dictionary<int, decimal>();
        if (prodIds.Count == 0)
        {
            return prices;
        }

        await using var command = Attach(SqlServerCommandBuilder.Prices(prodIds));
        await StoreRowReader.AddPricesAsync(command, prices, cancellationToken).ConfigureAwait(false);

        return prices;
    }

    public override Task<long> PurchaseAsync(PurchaseRequest purchase, CancellationToken cancellationToken) =>
        IdAsync(SqlServerCommandBuilder.Purchase(purchase), cancellationToken);

    protected override Task<IReadOnlyList<ProductRow>> BrowseAsync(Ds3Browse by, int batchSize, object key, CancellationToken cancellationToken) =>
        RowsAsync(SqlServerCommandBuilder.Browse(by, batchSize, key), StoreRowReader.Product, cancellationToken);

    protected override Task<IReadOnlyList<ReviewRow>> ReviewsAsync(Ds3ReviewOrder order, int batchSize, int prodId, int stars, CancellationToken cancellationToken) =>
        RowsAsync(SqlServerCommandBuilder.Reviews(order, batchSize, prodId, stars), StoreRowReader.Review, cancellationToken);

    protected override Task<IReadOnlyList<ProductReviewRow>> SearchReviewsAsync(Ds3ReviewSearch by, int batchSize, string word, CancellationToken cancellationToken) =>
        RowsAsync(SqlServerCommandBuilder.SearchReviews(by, batchSize, word), StoreRowReader.ProductReview, cancellationToken);

    private SqlCommand Attach(SqlCommand command)
    {
        command.Connection = connection;
        return command;
    }

    private async Task<long> IdAsync(SqlCommand built, CancellationToken cancellationToken)
    {
        await using var command = Attach(built);
        return StoreRowReader.ToInt64(await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false));
    }

    private async Task<IReadOnlyList<T>> RowsAsync<T>(SqlCommand built, Func<System.Data.Common.DbDataReader, T> map, CancellationToken cancellationToken)
    {
        await using var command = Attach(built);
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        return await StoreRowReader.ReadAllAsync(reader, map, cancellationToken).ConfigureAwait(false);
    }
}
