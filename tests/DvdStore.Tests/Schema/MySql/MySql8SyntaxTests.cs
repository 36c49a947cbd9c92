using System.Text.RegularExpressions;

using DvdStore.Schema.Engines.MySql;

namespace DvdStore.Tests.Schema.MySql;

/// <summary>
/// The MySQL engine's SQL (every phase's DDL, the procedures and trigger, the driver's text SQL) uses nothing MariaDB has
/// and MySQL 8 lacks. The CI server is MariaDB, which would accept all of these, so this list is the gate; each entry
/// is proven to catch its construct. Comments and string literals are ignored.
/// </summary>
public partial class MySql8SyntaxTests
{
    /// <summary>MariaDB-only constructs (MariaDB 10.x), each with a regex over comment- and string-free SQL.</summary>
    public static readonly (string Construct, Regex Pattern)[] MariaDbOnly =
    [
        ("RETURNING (INSERT/DELETE/REPLACE … RETURNING)", Word(@"RETURNING")),
        ("sequences (CREATE SEQUENCE, NEXTVAL, NEXT VALUE FOR, LASTVAL, SETVAL)", Word(@"(CREATE\s+SEQUENCE|NEXTVAL|LASTVAL|SETVAL|NEXT\s+VALUE\s+FOR|PREVIOUS\s+VALUE\s+FOR)")),
        ("CREATE OR REPLACE (MySQL 8 has it only for views)", Word(@"CREATE\s+OR\s+REPLACE\s+(?!VIEW\b)(\w+)")),
        ("IF [NOT] EXISTS on indexes, columns and constraints", Word(@"(ADD|DROP|CREATE)\s+(UNIQUE\s+|FULLTEXT\s+)?(INDEX|KEY|COLUMN|CONSTRAINT|FOREIGN\s+KEY)\s+IF\s+(NOT\s+)?EXISTS")),
        ("SET STATEMENT … FOR", Word(@"SET\s+STATEMENT\b")),
        ("LIMIT … ROWS EXAMINED", Word(@"ROWS\s+EXAMINED")),
        ("system versioning / FOR SYSTEM_TIME / application periods", Word(@"(SYSTEM\s+VERSIONING|SYSTEM_TIME|PERIOD\s+FOR)")),
        ("Oracle-mode and MariaDB-only functions", Word(@"(NVL2?|DECODE_ORACLE|TO_CHAR|ADD_MONTHS|CHR|SFORMAT|NATURAL_SORT_KEY|MEDIAN|COLUMN_CREATE|COLUMN_GET|COLUMN_JSON|JSON_DETAILED|JSON_COMPACT|JSON_LOOSE)\s*\(")),
        ("%TYPE / %ROWTYPE / TYPE OF / ROW TYPE OF declarations", new Regex(@"(%\s*(ROW)?TYPE\b|\b(ROW\s+)?TYPE\s+OF\b)", RegexOptions.IgnoreCase)),
        ("MariaDB-only types (INET4/INET6/UUID/XMLTYPE)", Word(@"(INET4|INET6|UUID|XMLTYPE)\b(?!\s*\()")),
        ("MariaDB-only storage engines and options (Aria, ColumnStore, PAGE_COMPRESSED, IGNORED indexes, WAIT n)", Word(@"(ENGINE\s*=\s*(Aria|ColumnStore|Spider|S3)|PAGE_COMPRESSED|PAGE_CHECKSUM|TRANSACTIONAL\s*=|IGNORED|WAIT\s+\d)")),
        ("ALTER TABLE … ADD IF NOT EXISTS / DROP IF EXISTS on parts", Word(@"ALTER\s+TABLE\s+\w+\s+(ADD|DROP)\s+IF\s+(NOT\s+)?EXISTS")),
        ("CREATE TRIGGER/PROCEDURE/FUNCTION IF NOT EXISTS (MySQL 8.0.29+ only)", Word(@"CREATE\s+(DEFINER\s*=\s*\S+\s+)?(TRIGGER|PROCEDURE|FUNCTION|EVENT)\s+IF\s+NOT\s+EXISTS")),
        ("EXCEPT/INTERSECT ALL and MINUS (MySQL 8.0.31+ has EXCEPT/INTERSECT only)", Word(@"(MINUS|(EXCEPT|INTERSECT)\s+ALL)")),
    ];

    public static TheoryData<string, string> EverySqlText()
    {
        var engine = (MySqlEngine)EngineCatalog.Get(EngineKind.MySql);
        var data = new TheoryData<string, string>();
        foreach (var phase in Enum.GetValues<SchemaPhase>())
        {
            data.Add(phase.ToString(), engine.RenderDdl(phase));
        }

        data.Add("counters", MySqlCounters.Query);
        return data;
    }

    public static TheoryData<string, string> Samples => new()
    {
        { "RETURNING", "INSERT INTO T (A) VALUES (1) RETURNING A" },
        { "sequences", "SELECT NEXT VALUE FOR S" },
        { "CREATE OR REPLACE", "CREATE OR REPLACE PROCEDURE P() BEGIN END" },
        { "IF [NOT] EXISTS on indexes", "CREATE INDEX IF NOT EXISTS IX ON T (A)" },
        { "SET STATEMENT", "SET STATEMENT max_statement_time=1 FOR SELECT 1" },
        { "ROWS EXAMINED", "SELECT * FROM T LIMIT ROWS EXAMINED 10" },
        { "system versioning", "CREATE TABLE T (A INT) WITH SYSTEM VERSIONING" },
        { "Oracle-mode", "SELECT NVL(A, 0) FROM T" },
        { "%TYPE", "DECLARE v T.A%TYPE;" },
        { "MariaDB-only types", "CREATE TABLE T (A INET6)" },
        { "storage engines", "CREATE TABLE T (A INT) ENGINE=Aria" },
        { "ALTER TABLE", "ALTER TABLE T ADD IF NOT EXISTS B INT" },
        { "CREATE TRIGGER/PROCEDURE", "CREATE PROCEDURE IF NOT EXISTS P() BEGIN END" },
        { "EXCEPT/INTERSECT ALL", "SELECT A FROM T MINUS SELECT A FROM U" },
    };

    [Theory]
    [MemberData(nameof(EverySqlText))]
    public void The_MySQL_engines_SQL_uses_no_MariaDB_only_syntax(string source, string sql)
    {
        var code = StripCommentsAndStrings(sql);
        var found = MariaDbOnly.SelectMany(c => c.Pattern.Matches(code).Select(m => $"{c.Construct}: '{m.Value}'")).ToList();
        Assert.True(found.Count == 0, $"{source} uses MariaDB-only syntax:\n{string.Join("\n", found)}");
    }

    [Theory]
    [MemberData(nameof(Samples))]
    public void Each_MariaDB_only_construct_is_caught(string construct, string sample)
    {
        var caught = MariaDbOnly.Where(c => c.Pattern.IsMatch(StripCommentsAndStrings(sample))).Select(c => c.Construct).ToList();
        Assert.Contains(caught, c => c.StartsWith(construct, StringComparison.Ordinal) || c.Contains(construct, StringComparison.Ordinal));
    }

    [Fact]
    public void Every_construct_has_a_sample_that_it_catches()
    {
        var samples = Samples.Select(row => (string)row[1]).Select(StripCommentsAndStrings).ToList();
        Assert.All(MariaDbOnly, c => Assert.True(samples.Any(c.Pattern.IsMatch), $"no sample for {c.Construct}"));
    }

    /// <summary>Drops -- and # comments, /* */ comments and '…' / "…" literals (with doubled or backslash escapes).</summary>
    private static string StripCommentsAndStrings(string sql) => CommentOrString().Replace(sql, m => m.Value[0] is '\'' or '"' ? "''" : " ");

    private static Regex Word(string pattern) => new($@"\b{pattern}", RegexOptions.IgnoreCase);

    [GeneratedRegex(@"--[^\n]*|#[^\n]*|/\*.*?\*/|'(?:[^'\\]|\\.|'')*'|""(?:[^""\\]|\\.|"""")*""", RegexOptions.Singleline)]
    private static partial Regex CommentOrString();
}
