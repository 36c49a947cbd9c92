using DvdStore.Loader.Pipeline;

namespace DvdStore.Loader.Store;

/// <summary>What to tell a user about a store whose load did not finish and that no load holds now: it stopped.</summary>
public static class StoppedLoad
{
    /// <summary>True when the record says 'dvdstore load --resume' can finish it (a generated load past its tables).</summary>
    public static bool Resumable(StoreInfo info) =>
        info.State == StoreInfo.Loading && info.Get(LoadResume.ThreadsKey) is not null && info.Get(StoreInfo.SeedKey) != StoreLoader.CsvSeed;

    /// <summary>"finish it with 'dvdstore load --resume', or rebuild it with …", or only the rebuild when it cannot be resumed.</summary>
    public static string Advice(StoreInfo info) => Resumable(info)
        ? "finish it with 'dvdstore load --resume', or rebuild it with 'dvdstore load --drop-existing'"
        : "rebuild it with 'dvdstore load --drop-existing'";
}
