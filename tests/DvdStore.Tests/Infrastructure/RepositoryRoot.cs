namespace DvdStore.Tests.Infrastructure;

/// <summary>The checkout the tests were built from (the folder holding DvdStore.sln).</summary>
public static class RepositoryRoot
{
    public static string Path { get; } = Find();

    private static string Find()
    {
        var root = AppContext.BaseDirectory;
        while (!File.Exists(System.IO.Path.Combine(root, "DvdStore.sln")))
        {
            root = System.IO.Path.GetDirectoryName(root) ?? throw new InvalidOperationException($"no DvdStore.sln above {AppContext.BaseDirectory}");
        }

        return root;
    }
}
