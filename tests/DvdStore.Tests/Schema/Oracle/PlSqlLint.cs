using System.Text;
using System.Text.RegularExpressions;

namespace DvdStore.Tests.Schema.Oracle;

/// <summary>
/// Parse-level sanity for Oracle SQL and PL/SQL without a server: comments and string literals stripped, then quotes and
/// parentheses balanced, BEGIN/END, IF/END IF, LOOP/END LOOP and CASE/END CASE paired, a stored program ending with
/// "END its-name;", a plain SQL statement without the trailing ';' the provider rejects. Throws with the reason.
/// </summary>
public static partial class PlSqlLint
{
    public static void Check(string batch)
    {
        var code = StripCommentsAndStrings(batch);
        Assert.True(Balanced(code), $"unbalanced parentheses in:\n{batch}");
        var words = WordPattern().Matches(code).Select(m => m.Value.ToUpperInvariant()).ToList();
        Assert.NotEmpty(words);
        int begins = 0, ends = 0, ifs = 0, endIfs = 0, loops = 0, endLoops = 0, cases = 0, endCases = 0;
        for (var i = 0; i < words.Count; i++)
        {
            var previousIsEnd = i > 0 && words[i - 1] == "END";
            switch (words[i])
            {
                case "BEGIN":
                    begins++;
                    break;
                case "END" when i + 1 < words.Count && words[i + 1] is "IF" or "LOOP" or "CASE":
                    break;
                case "END":
                    ends++;
                    break;
                case "IF":
                    _ = previousIsEnd ? endIfs++ : ifs++;
                    break;
                case "LOOP":
                    _ = previousIsEnd ? endLoops++ : loops++;
                    break;
                case "CASE":
                    _ = previousIsEnd ? endCases++ : cases++;
                    break;
            }
        }

        Assert.True(ifs == endIfs, $"{ifs} IF vs {endIfs} END IF in:\n{batch}");
        Assert.True(loops == endLoops, $"{loops} LOOP vs {endLoops} END LOOP in:\n{batch}");
        Assert.True(cases == endCases, $"{cases} CASE vs {endCases} END CASE in:\n{batch}");

        var program = ProgramPattern().Match(code);
        var isPackageSpec = program.Success && program.Groups[1].Value == "PACKAGE";
        Assert.True(begins + (isPackageSpec ? 1 : 0) == ends, $"{begins} BEGIN (+ package spec) vs {ends} END in:\n{batch}");
        var trimmed = code.TrimEnd();
        if (program.Success)
        {
            Assert.Matches(new Regex($@"\bEND\s+{program.Groups[2].Value};$"), trimmed);
        }
        else if (words[0] is "BEGIN" or "DECLARE")
        {
            Assert.EndsWith("END;", trimmed, StringComparison.Ordinal);
        }
        else
        {
            Assert.True(begins == 0 && ends == 0, $"a SQL statement holds a block:\n{batch}");
            Assert.False(trimmed.EndsWith(';'), $"a SQL statement must not end with ';' (ORA-00933/ORA-00911):\n{batch}");
        }
    }

    /// <summary>Removes -- comments and '...' literals (with '' escapes); fails on an unterminated literal.</summary>
    public static string StripCommentsAndStrings(string text)
    {
        var result = new StringBuilder();
        for (var i = 0; i < text.Length; i++)
        {
            if (text[i] == '-' && i + 1 < text.Length && text[i + 1] == '-')
            {
                while (i < text.Length && text[i] != '\n')
                {
                    i++;
                }

                result.Append('\n');
                continue;
            }

            if (text[i] == '\'')
            {
                var closed = false;
                for (i++; i < text.Length; i++)
                {
                    if (text[i] == '\'' && i + 1 < text.Length && text[i + 1] == '\'')
                    {
                        i++;
                    }
                    else if (text[i] == '\'')
                    {
                        closed = true;
                        break;
                    }
                }

                Assert.True(closed, $"unterminated string literal in:\n{text}");
                result.Append("''");
                continue;
            }

            result.Append(text[i]);
        }

        return result.ToString();
    }

    private static bool Balanced(string code)
    {
        var depth = 0;
        foreach (var c in code)
        {
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            if (depth < 0)
            {
                return false;
            }
        }

        return depth == 0;
    }

    [GeneratedRegex(@"[A-Za-z_][A-Za-z0-9_$#]*")]
    private static partial Regex WordPattern();

    [GeneratedRegex(@"^\s*CREATE OR REPLACE (PACKAGE|FUNCTION|PROCEDURE|TRIGGER) (\w+)", RegexOptions.Multiline)]
    private static partial Regex ProgramPattern();
}
