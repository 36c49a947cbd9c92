using System.Text.RegularExpressions;

namespace DvdStore.Tests.Architecture;

/// <summary>
/// A test that changes a shared test server's global settings runs in <see cref="ServerWideSettingsCollection"/>,
/// alone: otherwise another test's load or run meets the changed server at random (a shrunk buffer pool failed a
/// parallel store load in CI). The check reads the test sources for statements that change server-wide settings.
/// </summary>
public sealed partial class ServerWideSettingsTests
{
    [Fact]
    public void Every_test_file_that_changes_a_server_global_runs_in_the_server_wide_collection()
    {
        var root = RepositoryRoot.Path;
        var files = Directory.EnumerateFiles(Path.Combine(root, "tests"), "*.cs", SearchOption.AllDirectories)
            .Where(f => !f.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal)
                && !f.Contains($"{Path.DirectorySeparatorChar}bin{Path.DirectorySeparatorChar}", StringComparison.Ordinal)
                && !f.EndsWith(nameof(ServerWideSettingsTests) + ".cs", StringComparison.Ordinal))
            .ToList();

        var changers = files.Where(f => ServerGlobalChange().IsMatch(File.ReadAllText(f))).ToList();
        Assert.NotEmpty(changers);

        var outside = changers.Where(f => !File.ReadAllText(f).Contains("[Collection(ServerWideSettingsCollection.Name)]", StringComparison.Ordinal))
            .Select(f => Path.GetRelativePath(root, f)).ToList();
        Assert.True(outside.Count == 0,
            "these tests change a shared server's globals beside the parallel tests; add [Collection(ServerWideSettingsCollection.Name)]:\n"
            + string.Join('\n', outside));
    }

    [Theory]
    [InlineData("SET GLOBAL innodb_buffer_pool_size = 16 * 1024 * 1024")]
    [InlineData("set global innodb_flush_log_at_trx_commit = 1")]
    [InlineData("UPDATE performance_schema.setup_consumers SET ENABLED = 'NO'")]
    [InlineData("ALTER SYSTEM SET shared_buffers = '16MB'")]
    public void The_check_sees_a_server_global_change(string statement) => Assert.Matches(ServerGlobalChange(), statement);

    [Theory]
    [InlineData("SELECT @@GLOBAL.innodb_buffer_pool_size")]
    [InlineData("SET synchronous_commit = on")]
    [InlineData("SET SESSION foreign_key_checks = 0")]
    public void The_check_lets_a_session_setting_be(string statement) => Assert.DoesNotMatch(ServerGlobalChange(), statement);

    [GeneratedRegex(@"\bSET\s+GLOBAL\b|\bALTER\s+SYSTEM\s+SET\b|performance_schema\.setup_\w+\s+SET\b", RegexOptions.IgnoreCase)]
    private static partial Regex ServerGlobalChange();
}
