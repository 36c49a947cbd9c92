using MySqlConnector;

namespace DvdStore.Schema.Engines.MySql;

/// <summary>
/// What a store DS3's MySQL scripts built spells differently from ours: its helpfulness key is REVIEWS_HELPFULNESS_ID
/// (docs/ds3-compatibility.md, "The store"; REVIEW_HELPFULNESS_ID on every other engine and in our store). Adoption renames it, keeping its
/// definition (type, AUTO_INCREMENT, primary key); DS3's MySQL driver never names that column (docs/ds3-compatibility.md, "How DS3's drivers call the store"),
/// so it keeps working. ZIP INT, a MyISAM PRODUCTS and MEMBERSHIP without a key are read as they are.
/// </summary>
internal static class MySqlDs3Store
{
    public const string Ds3HelpfulnessKey = "REVIEWS_HELPFULNESS_ID";

    public const string HelpfulnessKey = "REVIEW_HELPFULNESS_ID";

    public static async Task<string?> AlignAsync(MySqlConnection connection, CancellationToken cancellationToken)
    {
        await using var find = connection.Command(
            "SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND UPPER(TABLE_NAME) = 'REVIEWS_HELPFULNESS' AND UPPER(COLUMN_NAME) = @column");
        find.Add("@column", Ds3HelpfulnessKey);
        if (await find.ScalarAsync<long>(cancellationToken).ConfigureAwait(false) == 0)
        {
            return null;
        }

        await using var rename = connection.Command($"ALTER TABLE REVIEWS_HELPFULNESS RENAME COLUMN {Ds3HelpfulnessKey} TO {HelpfulnessKey}");
        await rename.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
        return $"renamed DS3 MySQL's REVIEWS_HELPFULNESS.{Ds3HelpfulnessKey} to {HelpfulnessKey} (DS3's MySQL driver never names it)";
    }
}
