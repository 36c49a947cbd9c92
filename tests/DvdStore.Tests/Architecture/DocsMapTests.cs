using System.Text.RegularExpressions;

namespace DvdStore.Tests.Architecture;

/// <summary>
/// The documentation is one map: every document under docs/ is reachable from docs/README.md by following relative
/// links, and every relative link in docs/ and the README points at a file or folder that exists.
/// </summary>
public sealed partial class DocsMapTests
{
    private static readonly string Docs = Path.Combine(RepositoryRoot.Path, "docs");

    [Fact]
    public void Every_document_is_reachable_from_the_docs_map()
    {
        var documents = Directory.EnumerateFiles(Docs, "*.md", SearchOption.AllDirectories).Select(Path.GetFullPath).ToHashSet();
        Assert.True(documents.Count >= 10, $"expected the kit's documents under docs/, found {documents.Count}");

        var reached = new HashSet<string>();
        var next = new Queue<string>([Path.GetFullPath(Path.Combine(Docs, "README.md"))]);
        while (next.TryDequeue(out var document))
        {
            if (!reached.Add(document) || !document.EndsWith(".md", StringComparison.Ordinal) || !File.Exists(document))
            {
                continue;
            }

            foreach (var target in RelativeTargets(document).Where(t => t.StartsWith(Docs, StringComparison.Ordinal) || t == ReadmePath))
            {
                next.Enqueue(target);
            }
        }

        var unreached = documents.Except(reached).Select(d => Path.GetRelativePath(RepositoryRoot.Path, d)).Order().ToList();
        Assert.True(unreached.Count == 0, "link these from docs/README.md (or a document it links): " + string.Join(", ", unreached));
    }

    [Fact]
    public void Every_relative_link_in_the_docs_and_the_readme_resolves()
    {
        var sources = Directory.EnumerateFiles(Docs, "*.md", SearchOption.AllDirectories).Append(ReadmePath).ToList();
        var links = sources.SelectMany(s => RelativeTargets(s).Select(t => (Source: s, Target: t))).ToList();
        Assert.True(links.Count >= 20, $"expected the documents' relative links, found {links.Count}");

        var broken = links
            .Where(static l => !File.Exists(l.Target) && !Directory.Exists(l.Target))
            .Select(static l => $"{Path.GetRelativePath(RepositoryRoot.Path, l.Source)} -> {Path.GetRelativePath(RepositoryRoot.Path, l.Target)}")
            .ToList();
        Assert.True(broken.Count == 0, "links to nothing: " + string.Join(", ", broken));
    }

    private static string ReadmePath => Path.GetFullPath(Path.Combine(RepositoryRoot.Path, "README.md"));

    /// <summary>The files a document's Markdown links name, relative links only (no scheme, no bare #anchor), anchors cut.</summary>
    private static IEnumerable<string> RelativeTargets(string document)
    {
        var folder = Path.GetDirectoryName(document)!;
        foreach (Match link in MarkdownLink().Matches(File.ReadAllText(document)))
        {
            var target = link.Groups["target"].Value.Split('#')[0];
            if (target.Length == 0 || target.Contains("://", StringComparison.Ordinal) || target.StartsWith("mailto:", StringComparison.Ordinal))
            {
                continue;
            }

            yield return Path.GetFullPath(Path.Combine(folder, Uri.UnescapeDataString(target)));
        }
    }

    [GeneratedRegex(@"\]\((?<target>[^)\s]+)(?:\s+""[^""]*"")?\)")]
    private static partial Regex MarkdownLink();
}
