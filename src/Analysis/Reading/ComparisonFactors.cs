using System.Globalization;
using DvdStore.Driver.Results;
using DvdStore.Driver.Workload;

namespace DvdStore.Analysis.Reading;

/// <summary>
/// What two runs must share, besides their labels, to be set side by side: the workload (its identity key), the engine's
/// version, think time, warm-up, duration class and mix (users, store size and engine are labels already). Derived as labels, so runs that
/// differ in one are never repeats of one configuration, a study's series never mixes them, and a headline that
/// spans them says so (<c>HeadlineGate</c>). Only what the run recorded is derived: a DS3 log lacking a value has no label.
/// </summary>
internal static class ComparisonFactors
{
    /// <summary>The mix parameters by DS3 name, with DvdStore's (and DS3's) defaults.</summary>
    private static readonly IReadOnlyDictionary<string, string> DefaultMix = new WorkloadSettings().MixParameters();

    public static void Add(Dictionary<string, string> labels, RunResult result)
    {
        if (result.Workload is { } workload)
        {
            labels[LabelKeys.Workload] = workload.Key();
        }

        ContextLabels.Put(labels, LabelKeys.EngineVersion, string.Join(" + ", result.Context.Servers.Select(static s => s.Version.Trim()).Where(static v => v.Length > 0).Distinct(StringComparer.Ordinal)));
        if (Number(ContextLabels.Parameter(result, "think_time")) is { } think)
        {
            labels[LabelKeys.ThinkTime] = Seconds(think);
        }

        if (Number(ContextLabels.Parameter(result, "warmup_time")) is { } warmupMinutes)
        {
            labels[LabelKeys.Warmup] = Seconds(warmupMinutes * 60);
        }

        var planned = Number(ContextLabels.Parameter(result, "run_time")) is { } minutes and > 0 ? minutes * 60 : result.Totals.MeasuredSeconds;
        if (planned > 0)
        {
            labels[LabelKeys.Duration] = DurationClass(planned);
        }

        var mix = DefaultMix.Select(p => (p.Key, Default: p.Value, Value: ContextLabels.Parameter(result, p.Key).Trim())).Where(p => p.Value.Length > 0).ToList();
        if (mix.Count > 0)
        {
            var changed = mix.Where(p => !SameValue(p.Value, p.Default)).Select(p => $"{p.Key}={p.Value}").ToList();
            labels[LabelKeys.Mix] = changed.Count == 0 ? "default" : string.Join(" ", changed);
        }
    }

    /// <summary>
    /// The class of a measured duration: runs of 3 s and of 20 min measure different things (a short run never reaches
    /// steady caches, checkpoints or autovacuum), while 10 and 12 minutes are one kind of run.
    /// </summary>
    public static string DurationClass(double seconds) => seconds switch
    {
        < 60 => "under 1 min",
        < 300 => "1-5 min",
        < 1200 => "5-20 min",
        _ => "20 min or more",
    };

    private static string Seconds(double seconds) =>
        seconds >= 60 && Math.Abs(seconds % 60) < 1e-6 ? $"{(seconds / 60).ToString("0", CultureInfo.InvariantCulture)} min" : $"{seconds.ToString("0.###", CultureInfo.InvariantCulture)} s";

    /// <summary>"5" and "5.0" are one value; texts (ds2_mode's Y/N) compare as written.</summary>
    private static bool SameValue(string a, string b) =>
        Number(a) is { } x && Number(b) is { } y ? Math.Abs(x - y) < 1e-9 : string.Equals(a, b, StringComparison.OrdinalIgnoreCase);

    private static double? Number(string text) =>
        double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out var value) ? value : null;
}
