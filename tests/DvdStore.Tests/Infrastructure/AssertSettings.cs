namespace DvdStore.Tests.Infrastructure;

/// <summary>Checks a name → value map (server facts' settings) for the entries a test expects, showing every mismatch at once.</summary>
public static class AssertSettings
{
    /// <summary>Fails unless each expected name is present with exactly its value (other entries may be there too).</summary>
    public static void Hold(IReadOnlyDictionary<string, string> settings, params (string Name, string Value)[] expected)
    {
        Assert.NotEmpty(expected);
        Assert.Equal(expected.Select(e => $"{e.Name}={e.Value}"), expected.Select(e => $"{e.Name}={settings.GetValueOrDefault(e.Name, "(missing)")}"));
    }
}
