namespace DvdStore.Schema.Engines.Oracle;

/// <summary>
/// Oracle types for the store: NUMBER(19) ids fed by sequences (CUSTOMERID_SEQ, ORDERID_SEQ, REVIEWID_SEQ,
/// REVIEWHELPFULNESSID_SEQ as in DS3), NUMBER(10)/NUMBER(5) integers, NUMBER(12,2) money, DATE, and VARCHAR2(n CHAR) so
/// lengths count characters, not bytes. Names stay within 30 characters (the pre-12.2 limit DS3's scripts respect).
/// </summary>
public sealed class OracleDialect : SqlDialect
{
    public const int MaxIdentifierLength = 30;

    /// <summary>The sequence that numbers each identity column, by table (DS3's names).</summary>
    public static readonly IReadOnlyDictionary<string, string> Sequences = new Dictionary<string, string>
    {
        [StoreModel.Customers.Name] = "CUSTOMERID_SEQ",
        [StoreModel.Orders.Name] = "ORDERID_SEQ",
        [StoreModel.Reviews.Name] = "REVIEWID_SEQ",
        [StoreModel.ReviewsHelpfulness.Name] = "REVIEWHELPFULNESSID_SEQ",
    };

    protected override ColumnTypeNames TypeNames { get; } = new("NUMBER(5)", "NUMBER(10)", "NUMBER(19)", "NUMBER(12,2)", "DATE", "VARCHAR2({0} CHAR)");

    public static string SequenceOf(TableSpec table) =>
        Sequences.TryGetValue(table.Name, out var sequence) ? sequence : throw new ArgumentException($"{table.Name} has no sequence.", nameof(table));

    /// <summary>A sequence whose first value is <paramref name="start"/>; NOORDER with a cache, as DS3 creates them.</summary>
    public static string CreateSequence(string name, long start) =>
        string.Create(CultureInfo.InvariantCulture, $"CREATE SEQUENCE {name} START WITH {Math.Max(1, start)} INCREMENT BY 1 CACHE 1000 NOORDER");

    /// <summary>The tables, then one sequence per identity column starting at 1 (the loader resets them past the loaded ids).</summary>
    public override IEnumerable<string> CreateTables() =>
        base.CreateTables().Concat(Sequences.Values.Select(s => CreateSequence(s, 1)));

    public override string CreateForeignKey(ForeignKeySpec key) => base.CreateForeignKey(key with { Name = ShortName(key.Name) });

    public override string CreateIndex(IndexSpec index) => base.CreateIndex(index with { Name = ShortName(index.Name) });

    /// <summary>Oracle has no IF EXISTS: DropAsync asks USER_OBJECTS first, and CASCADE CONSTRAINTS makes the order free.</summary>
    public override IEnumerable<string> DropTables() => StoreModel.Tables.Reverse().Select(t => DropTable(t.Name));

    public static string DropTable(string name) => $"DROP TABLE {name} CASCADE CONSTRAINTS PURGE";

    /// <summary>
    /// Names longer than 30 characters (only FK_REVIEWS_HELPFULNESS_REVIEW_ID today) are shortened by abbreviating
    /// HELPFULNESS, then by truncation, so the same StoreModel renders on Oracle 19c with compatible = 12.1 settings.
    /// </summary>
    public static string ShortName(string name)
    {
        if (name.Length <= MaxIdentifierLength)
        {
            return name;
        }

        var shorter = name.Replace("HELPFULNESS", "HELP", StringComparison.Ordinal);
        return shorter.Length <= MaxIdentifierLength ? shorter : shorter[..MaxIdentifierLength];
    }
}
