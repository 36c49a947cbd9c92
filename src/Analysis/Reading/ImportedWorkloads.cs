using DvdStore.Driver.Results;

namespace DvdStore.Analysis.Reading;

/// <summary>
/// The workloads of runs read from DS3-format text, which records no workload of its own. DS3's driver does different
/// work per order on a DS3-built store, on a DvdStore store and against an unknown one (docs/ds3-compatibility.md,
/// "DvdStore OPM and DS3 OPM"), so each is its own workload; the store comes from the run's <see cref="LabelKeys.Store"/>
/// label. A log DvdStore's own driver printed in DS3's format is DvdStore's work, of a version the log does not say.
/// </summary>
public static class ImportedWorkloads
{
    public const string Ds3UnknownStore = "DS3 driver (unknown store)";
    public const string Ds3OnDvdStoreStore = "DS3 driver on a DvdStore store";
    public const string Ds3OnDs3Store = "DS3 driver on a DS3 store";
    public const string DvdStoreDs3FormatLog = "DvdStore driver (DS3-format log)";

    /// <summary>DS3's banner names of the mix parameters and the names DvdStore records them under.</summary>
    private static readonly (string Ds3, string Ours)[] MixNames =
    [
        ("pct_newcustomers", "pct_newcustomers"), ("pct_newmembers", "pct_newmember"), ("n_searches", "n_searches"),
        ("search_batch_size", "search_batch_size"), ("n_reviews", "n_reviews"), ("pct_newreviews", "pct_newreviews"),
        ("pct_newhelpfulness", "pct_newhelpfulness"), ("n_line_items", "n_line_items"), ("ds2_mode", "ds2_mode"),
    ];

    /// <summary>DS3's driver against the store the <paramref name="store"/> label names (dvdstore, ds3, or anything else: unknown).</summary>
    public static WorkloadIdentity Ds3Driver(string store, IReadOnlyDictionary<string, string> parameters) => new()
    {
        Name = store.Trim().ToLowerInvariant() switch
        {
            LabelKeys.DvdStoreStore => Ds3OnDvdStoreStore,
            LabelKeys.Ds3Store => Ds3OnDs3Store,
            _ => Ds3UnknownStore,
        },
        Mix = Mix(parameters),
        Vocabulary = "DS3's word lists, compiled into its driver",
    };

    /// <summary>A DS3-format log written by DvdStore's driver (<c>run --output-format ds3</c>).</summary>
    public static WorkloadIdentity DvdStoreLog(IReadOnlyDictionary<string, string> parameters) => new()
    {
        Name = DvdStoreDs3FormatLog,
        Mix = Mix(parameters),
    };

    /// <summary>True for the workloads of DS3's own driver (whose comparisons docs/ds3-compatibility.md explains).</summary>
    public static bool IsDs3Driver(WorkloadIdentity workload) =>
        workload.Name is Ds3UnknownStore or Ds3OnDvdStoreStore or Ds3OnDs3Store;

    /// <summary>True for DS3's driver on a store the run does not name: such a run is compared with no other (WorkloadPartition).</summary>
    public static bool IsUnknownStore(WorkloadIdentity workload) => workload.Name == Ds3UnknownStore;

    /// <summary>The mix parameters the banner printed (DS3 prints n_line_items without '=', so that one is usually absent).</summary>
    private static SortedDictionary<string, string> Mix(IReadOnlyDictionary<string, string> parameters)
    {
        var mix = new SortedDictionary<string, string>(StringComparer.Ordinal);
        foreach (var (ds3, ours) in MixNames)
        {
            if (parameters.TryGetValue(ds3, out var value) && value.Length > 0)
            {
                mix[ours] = value;
            }
        }

        return mix;
    }
}
