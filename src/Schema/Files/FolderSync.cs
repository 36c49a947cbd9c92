using System.Runtime.InteropServices;

namespace DvdStore.Schema.Files;

/// <summary>
/// fsync of a folder, so a rename into it survives a power loss (POSIX keeps a folder's entries in the folder's own
/// blocks). .NET cannot open a folder as a file, so this asks libc; on Windows, where NTFS journals renames, it does nothing.
/// </summary>
internal static partial class FolderSync
{
    private const int ReadOnly = 0;

    /// <summary>Best effort: a folder that cannot be opened or flushed (some network file systems) is left as it is.</summary>
    public static void Flush(string directory)
    {
        if (OperatingSystem.IsWindows())
        {
            return;
        }

        var descriptor = Open(directory, ReadOnly);
        if (descriptor < 0)
        {
            return;
        }

        _ = Fsync(descriptor);
        _ = Close(descriptor);
    }

    [LibraryImport("libc", EntryPoint = "open", StringMarshalling = StringMarshalling.Utf8)]
    private static partial int Open(string path, int flags);

    [LibraryImport("libc", EntryPoint = "fsync")]
    private static partial int Fsync(int descriptor);

    [LibraryImport("libc", EntryPoint = "close")]
    private static partial int Close(int descriptor);
}
