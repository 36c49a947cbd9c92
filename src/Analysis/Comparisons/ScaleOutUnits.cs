using System.Globalization;
using DvdStore.Analysis.Reading;
using DvdStore.Driver.Results;

namespace DvdStore.Analysis.Comparisons;

/// <summary>
/// Runs labelled with one 'scaleout' value ran together as one system (e.g. two VMs filling every logical
/// thread): for the comparison studies they count as one unit whose OPM is their sum over the common window,
/// whose vCPUs and threads are the members' sums, and whose other labels are those all members share. This is
/// how a hyper-threading gain "two VMs against one" is computed. The set name itself is dropped, so repeated
/// sets of equal labels are repeats of one configuration.
/// </summary>
internal static class ScaleOutUnits
{
    private static readonly string[] Summed = [LabelKeys.Vcpus, LabelKeys.Threads];

    public static IReadOnlyList<AnalyzedRun> Combine(IReadOnlyList<AnalyzedRun> runs)
    {
        var units = runs.Where(r => r.Label(LabelKeys.ScaleOut).Length == 0).ToList();
        foreach (var set in runs.Where(r => r.Label(LabelKeys.ScaleOut).Length > 0).GroupBy(r => r.Label(LabelKeys.ScaleOut), StringComparer.Ordinal))
        {
            var members = set.ToList();
            units.Add(members.Count == 1 ? members[0].WithLabels(Without(members[0].Labels, LabelKeys.ScaleOut)) : Unit(set.Key, members));
        }

        return units;
    }

    private static AnalyzedRun Unit(string name, IReadOnlyList<AnalyzedRun> members)
    {
        var window = ScaleOutWindow.Of(members);
        var labels = SharedLabels(members);
        var seconds = window.Seconds > 0 ? window.Seconds : members.Max(m => m.Result.Totals.MeasuredSeconds);
        var result = new RunResult
        {
            ToolVersion = members[0].Result.ToolVersion,
            RunId = name,
            StartUtc = window.Start,
            EndUtc = window.End,
            Outcome = members.Any(m => m.Result.Outcome != RunOutcome.Completed) ? members.First(m => m.Result.Outcome != RunOutcome.Completed).Result.Outcome : RunOutcome.Completed,
            Context = new RunContext { Labels = labels },
            Workload = members[0].Result.Workload,
            Totals = new RunTotals
            {
                Opm = (long)Math.Floor(window.AggregateOpm),
                Orders = (long)Math.Round(window.AggregateOpm * seconds / 60),
                MeasuredSeconds = seconds,
                Rollbacks = members.Sum(m => m.Result.Totals.Rollbacks),
                Users = members.Sum(m => m.Result.Totals.Users),
            },
            Findings = [new Finding("scale-out-unit", FindingSeverity.Warning, $"{members.Count} runs summed over their common window: {string.Join(", ", members.Select(m => m.Name))}")],
        };
        return new AnalyzedRun($"scaleout:{name}", members[0].Origin, result, labels, members.Count);
    }

    private static Dictionary<string, string> SharedLabels(IReadOnlyList<AnalyzedRun> members)
    {
        var labels = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        foreach (var (key, value) in members[0].Labels)
        {
            if (string.Equals(key, LabelKeys.ScaleOut, StringComparison.OrdinalIgnoreCase) || string.Equals(key, LabelKeys.Host, StringComparison.OrdinalIgnoreCase))
            {
                continue;
            }

            if (Summed.Contains(key, StringComparer.OrdinalIgnoreCase))
            {
                var numbers = members.Select(m => m.NumericLabel(key)).ToList();
                if (numbers.All(n => n is not null))
                {
                    labels[key] = numbers.Sum(n => n!.Value).ToString(CultureInfo.InvariantCulture);
                }

                continue;
            }

            if (members.All(m => string.Equals(m.Label(key), value, StringComparison.Ordinal)))
            {
                labels[key] = value;
            }
        }

        return labels;
    }

    private static Dictionary<string, string> Without(IReadOnlyDictionary<string, string> labels, string key) =>
        labels.Where(p => !string.Equals(p.Key, key, StringComparison.OrdinalIgnoreCase)).ToDictionary(p => p.Key, p => p.Value, StringComparer.OrdinalIgnoreCase);
}
