using DvdStore.Schema.Engines.Commands;
using DvdStore.Schema.Engines.Common;

using Microsoft.Data.SqlClient;

namespace DvdStore.Schema.Engines.SqlServer;

/// <summary>
/// The DS3 procedures on one SQL Server connection: each call is one stored-procedure round trip built by
/// <see cref="SqlServerCommandBuilder"/>; ids come back as one-value result sets, LOGIN's history as a second result.
/// </summary>
public sealed class SqlServerStoreCommands(SqlConnection connection) : IStoreCommands
{
    public async Task<LoginResult> LoginAsync(string username, string password, CancellationToken cancellationToken)
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

    public Task<long> NewCustomerAsync(NewCustomerRequest customer, CancellationToken cancellationToken) =>
        IdAsync(SqlServerCommandBuilder.NewCustomer(customer), cancellationToken);

    public Task<long> NewMemberAsync(long customerId, int membershipType, CancellationToken cancellationToken) =>
        IdAsync(SqlServerCommandBuilder.NewMember(customerId, membershipType), cancellationToken);

    public Task<IReadOnlyList<ProductRow>> BrowseByCategoryAsync(int batchSize, int category, CancellationToken cancellationToken) =>
        RowsAsync(SqlServerCommandBuilder.BrowseByCategory(batchSize, category), StoreRowReader.Product, cancellationToken);

    public Task<IReadOnlyList<ProductRow>> BrowseByActorAsync(int batchSize, string actor, CancellationToken cancellationToken) =>
        RowsAsync(SqlServerCommandBuilder.BrowseByActor(batchSize, actor), StoreRowReader.Product, cancellationToken);

    public Task<IReadOnlyList<ProductRow>> BrowseByTitleAsync(int batchSize, string title, CancellationToken cancellationToken) =>
        RowsAsync(SqlServerCommandBuilder.BrowseByTitle(batchSize, title), StoreRowReader.Product, cancellationToken);

    public Task<IReadOnlyList<ReviewRow>> GetProdReviewsAsync(int batchSize, int prodId, CancellationToken cancellationToken) =>
        RowsAsync(SqlServerCommandBuilder.GetProdReviews(batchSize, prodId), StoreRowReader.Review, cancellationToken);

    public Task<IReadOnlyList<ReviewRow>> GetProdReviewsByStarsAsync(int batchSize, int prodId, int stars, CancellationToken cancellationToken) =>
        RowsAsync(SqlServerCommandBuilder.GetProdReviewsByStars(batchSize, prodId, stars), StoreRowReader.Review, cancellationToken);

    public Task<IReadOnlyList<ReviewRow>> GetProdReviewsByDateAsync(int batchSize, int prodId, CancellationToken cancellationToken) =>
        RowsAsync(SqlServerCommandBuilder.GetProdReviewsByDate(batchSize, prodId), StoreRowReader.Review, cancellationToken);

    public Task<IReadOnlyList<ProductReviewRow>> GetProdReviewsByActorAsync(int batchSize, string actorWord, CancellationToken cancellationToken) =>
        RowsAsync(SqlServerCommandBuilder.GetProdReviewsByActor(batchSize, actorWord), StoreRowReader.ProductReview, cancellationToken);

    public Task<IReadOnlyList<ProductReviewRow>> GetProdReviewsByTitleAsync(int batchSize, string titleWord, CancellationToken cancellationToken) =>
        RowsAsync(SqlServerCommandBuilder.GetProdReviewsByTitle(batchSize, titleWord), StoreRowReader.ProductReview, cancellationToken);

    public Task<long> NewProdReviewAsync(int prodId, int stars, long customerId, string summary, string text, CancellationToken cancellationToken) =>
        IdAsync(SqlServerCommandBuilder.NewProdReview(prodId, stars, customerId, summary, text), cancellationToken);

    public Task<long> NewReviewHelpfulnessAsync(long reviewId, long customerId, int helpfulness, CancellationToken cancellationToken) =>
        IdAsync(SqlServerCommandBuilder.NewReviewHelpfulness(reviewId, customerId, helpfulness), cancellationToken);

    public async Task<IReadOnlyDictionary<int, decimal>> GetPricesAsync(IReadOnlyList<int> prodIds, CancellationToken cancellationToken)
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

    public Task<long> PurchaseAsync(PurchaseRequest purchase, CancellationToken cancellationToken) =>
        IdAsync(SqlServerCommandBuilder.Purchase(purchase), cancellationToken);

    public ValueTask DisposeAsync() => ValueTask.CompletedTask;

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
