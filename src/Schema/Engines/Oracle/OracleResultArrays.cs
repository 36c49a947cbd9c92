using static DvdStore.Schema.Engines.Oracle.OracleBinding;

using Ora = DvdStore.Schema.Engines.Oracle.OracleDbTypeName;

namespace DvdStore.Schema.Engines.Oracle;

/// <summary>
/// The OUT associative arrays of DS3's Oracle search procedures (docs/ds3-compatibility.md, "How DS3's drivers call the store"), bound in DS3's order and read
/// back into rows: elements 0..found-1 of each array are one row. Numbers come back as NUMBER elements (Decimal binds,
/// so 64-bit ids fit), text as VARCHAR2 elements of DS3's lengths (50; review text 1000), dates as 'YYYY-MM-DD' text.
/// </summary>
internal static class OracleResultArrays
{
    /// <summary>DS3's ARRAY_TYPE element length (VARCHAR2(50)): titles, actors, dates, summaries.</summary>
    public const int TextLength = 50;

    /// <summary>DS3's LONG_ARRAY_TYPE element length (VARCHAR2(1000)): review text.</summary>
    public const int LongTextLength = 1000;

    private const string DateFormat = "yyyy-MM-dd";

    /// <summary>prod_id_out … membership_item_out: the eight PRODUCTS columns of the BROWSE procedures.</summary>
    public static Func<int, IReadOnlyList<ProductRow>> Products(DbCommand command, int size)
    {
        var prodId = Number(command, "prod_id_out", size);
        var category = Number(command, "category_out", size);
        var title = Text(command, "title_out", size);
        var actor = Text(command, "actor_out", size);
        var price = Number(command, "price_out", size);
        var special = Number(command, "special_out", size);
        var common = Number(command, "common_prod_id_out", size);
        var membership = Number(command, "membership_item_out", size);
        return found => Rows(found, i => new ProductRow(
            Int(prodId, i), Int(category, i), Str(title, i), Str(actor, i), ToDecimal(Element(price, i)), Int(special, i), Int(common, i),
            Int(membership, i)));
    }

    /// <summary>review_id_out … review_helpfulness_sum_out: the eight columns of GET_PROD_REVIEWS, _BY_STARS and _BY_DATE.</summary>
    public static Func<int, IReadOnlyList<ReviewRow>> Reviews(DbCommand command, int size)
    {
        var review = ReviewArrays.Add(command, size);
        return found => Rows(found, i => new ReviewRow(
            Long(review.Id, i), Int(review.ProdId, i), Date(review.Date, i), Int(review.Stars, i), Long(review.CustomerId, i),
            Str(review.Summary, i), Str(review.Text, i), Long(review.Total, i)));
    }

    /// <summary>title_out, actor_out, then the review arrays: GET_PROD_REVIEWS_BY_ACTOR and _BY_TITLE.</summary>
    public static Func<int, IReadOnlyList<ProductReviewRow>> ProductReviews(DbCommand command, int size)
    {
        var title = Text(command, "title_out", size);
        var actor = Text(command, "actor_out", size);
        var review = ReviewArrays.Add(command, size);
        return found => Rows(found, i => new ProductReviewRow(
            Int(review.ProdId, i), Str(title, i), Str(actor, i), Long(review.Id, i), Date(review.Date, i), Int(review.Stars, i),
            Long(review.CustomerId, i), Str(review.Summary, i), Str(review.Text, i), Long(review.Total, i)));
    }

    /// <summary>title_out, actor_out, related_title_out: LOGIN's purchase history.</summary>
    public static Func<int, IReadOnlyList<PurchaseHistoryRow>> History(DbCommand command, int size)
    {
        var title = Text(command, "title_out", size);
        var actor = Text(command, "actor_out", size);
        var related = Text(command, "related_title_out", size);
        return found => Rows(found, i => new PurchaseHistoryRow(Str(title, i), Str(actor, i), Str(related, i)));
    }

    private static IReadOnlyList<T> Rows<T>(int found, Func<int, T> row) => Enumerable.Range(0, Math.Max(found, 0)).Select(row).ToArray();

    private static DbParameter Number(DbCommand command, string name, int size) => OutArray(command, name, Ora.Decimal, size);

    private static DbParameter Text(DbCommand command, string name, int size, int length = TextLength) =>
        OutArray(command, name, Ora.Varchar2, size, length);

    private static int Int(DbParameter array, int i) => checked((int)ToInt64(Element(array, i)));

    private static long Long(DbParameter array, int i) => ToInt64(Element(array, i));

    private static string Str(DbParameter array, int i) => ToText(Element(array, i));

    private static DateTime Date(DbParameter array, int i)
    {
        var text = Str(array, i);
        return text.Length == 0 ? default : DateTime.ParseExact(text, DateFormat, CultureInfo.InvariantCulture);
    }

    /// <summary>The eight review arrays in DS3's order (review id, prod id, date, stars, customer, summary, text, helpfulness sum).</summary>
    private sealed record ReviewArrays(
        DbParameter Id, DbParameter ProdId, DbParameter Date, DbParameter Stars, DbParameter CustomerId, DbParameter Summary, DbParameter Text,
        DbParameter Total)
    {
        public static ReviewArrays Add(DbCommand command, int size) => new(
            Number(command, "review_id_out", size),
            Number(command, "prod_id_out", size),
            OracleResultArrays.Text(command, "review_date_out", size),
            Number(command, "review_stars_out", size),
            Number(command, "review_customerid_out", size),
            OracleResultArrays.Text(command, "review_summary_out", size),
            OracleResultArrays.Text(command, "review_text_out", size, LongTextLength),
            Number(command, "review_helpfulness_sum_out", size));
    }
}
