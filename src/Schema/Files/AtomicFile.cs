namespace DvdStore.Schema.Files;

/// <summary>
/// The one way the kit writes a file: readers see either nothing or the whole content, and a crash after it returns
/// keeps it: a temp file in the same folder, flushed to disk, renamed over the target, then the folder flushed so the
/// rename itself is durable.
/// </summary>
public static class AtomicFile
{
    public static Task WriteAsync(string path, byte[] content, CancellationToken cancellationToken) =>
        WriteAsync(path, stream => stream.WriteAsync(content, cancellationToken).AsTask(), cancellationToken);

    public static async Task WriteAsync(string path, Func<Stream, Task> write, CancellationToken cancellationToken)
    {
        var full = Path.GetFullPath(path);
        var directory = Path.GetDirectoryName(full)!;
        Directory.CreateDirectory(directory);
        var temp = Path.Combine(directory, $".{Path.GetFileName(full)}.{Guid.NewGuid():N}.tmp");
        try
        {
            await using (var stream = new FileStream(temp, FileMode.CreateNew, FileAccess.Write, FileShare.None, 65536, useAsync: true))
            {
                await write(stream).ConfigureAwait(false);
                await stream.FlushAsync(cancellationToken).ConfigureAwait(false);
                stream.Flush(flushToDisk: true);
            }

            File.Move(temp, full, overwrite: true);
            FolderSync.Flush(directory);
        }
        catch
        {
            TryDelete(temp);
            throw;
        }
    }

    /// <summary>
    /// Proves a file can be written in <paramref name="directory"/>, or says why not, without making it: the probe goes in
    /// the nearest folder of the path that exists, so a run refused later leaves no empty folder behind (the folder is
    /// made when the first result file is written).
    /// </summary>
    /// <summary>
    /// Proves <paramref name="path"/> can be written as a file: not an existing folder (the rename would fail only at the
    /// end, after the work), in a writable folder; or a <see cref="UserError"/> naming <paramref name="option"/>.
    /// </summary>
    public static void EnsureWritableFile(string path, string option)
    {
        if (Directory.Exists(path))
        {
            throw new UserError($"{option} {path} is a folder; give a file name, e.g. {option} {Path.Combine(path, "report.json")}.");
        }

        EnsureWritableFolder(Path.GetDirectoryName(Path.GetFullPath(path))!, option);
    }

    public static void EnsureWritableFolder(string directory, string option)
    {
        try
        {
            var existing = Path.GetFullPath(directory);
            while (!Directory.Exists(existing))
            {
                if (File.Exists(existing))
                {
                    throw new IOException($"{existing} is a file, not a folder");
                }

                existing = Path.GetDirectoryName(existing) ?? throw new IOException("none of its folders exists");
            }

            var probe = Path.Combine(existing, $".write-test.{Guid.NewGuid():N}.tmp");
            using (new FileStream(probe, FileMode.CreateNew, FileAccess.Write, FileShare.None, 1, FileOptions.DeleteOnClose))
            {
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or NotSupportedException or ArgumentException)
        {
            throw new UserError($"cannot write to {directory} ({e.Message.TrimEnd('.')}); give a writable folder in {option}.");
        }
    }

    private static void TryDelete(string path)
    {
        try
        {
            File.Delete(path);
        }
        catch (IOException)
        {
            // Best effort: a stray temp file is harmless and named so it is obviously one.
        }
    }
}
