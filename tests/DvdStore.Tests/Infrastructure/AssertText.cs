namespace DvdStore.Tests.Infrastructure;

/// <summary>Checks that a text (an output, a report, a script) holds every expected piece, naming all that are missing at once.</summary>
public static class AssertText
{
    /// <summary>Fails unless <paramref name="text"/> contains each of <paramref name="expected"/> (ordinal comparison).</summary>
    public static void ContainsAll(string text, params string[] expected)
    {
        Assert.NotEmpty(expected);
        var missing = expected.Where(piece => !text.Contains(piece, StringComparison.Ordinal)).ToList();
        Assert.True(missing.Count == 0, $"missing: {string.Join(" | ", missing)}\nin:\n{text}");
    }
}
