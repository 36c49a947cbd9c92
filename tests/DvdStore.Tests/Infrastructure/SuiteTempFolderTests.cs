namespace DvdStore.Tests.Infrastructure;

/// <summary>The suite leaves nothing in /tmp: every temp path of the run lies in the one folder removed at its end.</summary>
public sealed class SuiteTempFolderTests
{
    [Fact]
    public void The_system_temp_path_is_the_runs_own_folder_under_the_suite_root()
    {
        var temp = Path.GetFullPath(Path.GetTempPath()).TrimEnd(Path.DirectorySeparatorChar);
        Assert.Equal(SuiteTempFolder.Current, temp);
        Assert.Equal(Path.Combine(SuiteTempFolder.Root, "run-" + Environment.ProcessId), temp);
        Assert.True(Directory.Exists(temp));
        Assert.StartsWith(SuiteTempFolder.Current + Path.DirectorySeparatorChar, Directory.CreateTempSubdirectory("probe-").FullName, StringComparison.Ordinal);
    }

    [Fact]
    public void A_test_temp_file_lies_in_a_fresh_folder_inside_the_runs_folder()
    {
        var first = TestServers.TempFile("a.db");
        var second = TestServers.TempFile("a.db");
        Assert.NotEqual(Path.GetDirectoryName(first), Path.GetDirectoryName(second));
        Assert.Equal(SuiteTempFolder.Current, Path.GetDirectoryName(Path.GetDirectoryName(first)));
        Assert.True(Directory.Exists(Path.GetDirectoryName(first)));
    }
}
