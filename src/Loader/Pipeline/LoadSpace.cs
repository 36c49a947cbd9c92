using System.Globalization;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Sizing;

namespace DvdStore.Loader.Pipeline;

/// <summary>
/// The disk a load will take (<see cref="DiskSizes"/>) against the free space where it will go, where that can be
/// known from here: a store kept in a file (SQLite) goes to that file's file system, and a file the load will replace
/// (--drop-existing) frees its own size. A server on this machine is checked against its data directory's file system
/// when the server names the directory and it is readable from here (<see cref="ForServerAsync"/>); any other server's
/// disk is not seen from the client, so only the size is said.
/// </summary>
public sealed record LoadSpace(long? ExpectedBytes, long? FreeBytes, string? Where)
{
    /// <summary>True when both are known and the store will not fit.</summary>
    public bool WillNotFit => ExpectedBytes is { } expected && FreeBytes is { } free && expected > free;

    public static LoadSpace For(StoreTarget target, StoreSize size, bool dropExisting)
    {
        var expected = DiskSizes.Expected(target.Engine.Kind, size);
        if (target.Engine.StoreFile(target.ConnectionString) is not { } file
            || Path.GetDirectoryName(Path.GetFullPath(file)) is not { } folder || !Directory.Exists(folder))
        {
            return new(expected, null, null);
        }

        var free = new DriveInfo(folder).AvailableFreeSpace + (dropExisting && File.Exists(file) ? new FileInfo(file).Length : 0);
        return new(expected, free, folder);
    }

    /// <summary>
    /// As <see cref="For"/>, and for a server on this machine (<paramref name="serverIsLocal"/>) the free space of the
    /// file system of the data directory it names. A store the load replaces is not counted as freed (its size on the
    /// server is not read): --ignore-free-space loads anyway.
    /// </summary>
    public static async Task<LoadSpace> ForServerAsync(StoreTarget target, StoreSize size, bool dropExisting, bool serverIsLocal, CancellationToken cancellationToken)
    {
        var space = For(target, size, dropExisting);
        if (space.FreeBytes is not null || !serverIsLocal || target.Engine.Profile.InProcess)
        {
            return space;
        }

        await using var connection = await target.OpenAsync(cancellationToken).ConfigureAwait(false);
        var folder = await target.Engine.DataDirectoryAsync(connection, cancellationToken).ConfigureAwait(false);
        return FreeIn(space, folder);
    }

    /// <summary>The space with the free bytes of <paramref name="folder"/>'s file system, when it can be read from here.</summary>
    internal static LoadSpace FreeIn(LoadSpace space, string? folder)
    {
        try
        {
            if (string.IsNullOrWhiteSpace(folder) || !Directory.Exists(folder))
            {
                return space;
            }

            return space with { FreeBytes = new DriveInfo(folder).AvailableFreeSpace, Where = folder.TrimEnd('/') };
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or ArgumentException)
        {
            return space;
        }
    }

    /// <summary>Why a load of <paramref name="size"/> is refused (it will not fit and <paramref name="ignoreFreeSpace"/> is not set), or null.</summary>
    public string? Refusal(StoreSize size, string engine, bool ignoreFreeSpace) => WillNotFit && !ignoreFreeSpace
        ? $"a {size} store takes ~{DiskSizes.Format(ExpectedBytes!.Value)} on {engine}, but {Where} has {DiskSizes.Format(FreeBytes!.Value)} free; free some space, load a smaller --size, or pass --ignore-free-space."
        : null;

    /// <summary>One line for the load's output: "expected on disk: ~279 MB (SQLite); 40 GB free in /data".</summary>
    public string Describe(string engine) => ExpectedBytes is not { } expected
        ? $"expected on disk: not measured for {engine}"
        : string.Create(CultureInfo.InvariantCulture, $"expected on disk: ~{DiskSizes.Format(expected)} ({engine})")
            + (FreeBytes is { } free ? $"; {DiskSizes.Format(free)} free in {Where}" : "");
}
