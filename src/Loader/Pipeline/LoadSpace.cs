using System.Globalization;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Sizing;

namespace DvdStore.Loader.Pipeline;

/// <summary>
/// The disk a load will take (<see cref="DiskSizes"/>) against the free space where it will go, where that can be
/// known from here: a store kept in a file (SQLite) goes to that file's file system, and a file the load will replace
/// (--drop-existing) frees its own size. A server's disk is not seen from the client, so only the size is said.
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

    /// <summary>One line for the load's output: "expected on disk: ~279 MB (SQLite); 40 GB free in /data".</summary>
    public string Describe(string engine) => ExpectedBytes is not { } expected
        ? $"expected on disk: not measured for {engine}"
        : string.Create(CultureInfo.InvariantCulture, $"expected on disk: ~{DiskSizes.Format(expected)} ({engine})")
            + (FreeBytes is { } free ? $"; {DiskSizes.Format(free)} free in {Where}" : "");
}
