using DvdStore.Analysis.Reading;
using DvdStore.Driver.Results;
using DvdStore.Schema;

namespace DvdStore.Analysis.Comparisons;

/// <summary>
/// The runs split by workload before any study. A report compares one workload: the one with the most runs (ties: one
/// DvdStore's driver recorded, then the first read). Its headlines, tables and charts rest on those runs only; the runs
/// of every other workload are listed apart with the reason. One workload per report is what a vendor can publish
/// ("DvdStore v1 on PostgreSQL, 8 → 16 vCPUs"); a report holding a second workload's figures beside the first would
/// invite the comparison it must not make. Another workload is compared by naming it (<c>--workload</c>) or by giving
/// analyze its files alone.
/// </summary>
public sealed class WorkloadPartition
{
    /// <summary>Where the difference between DvdStore's and DS3's workloads is explained.</summary>
    public const string Explanation = "docs/ds3-compatibility.md";

    private WorkloadPartition(WorkloadIdentity? compared, IReadOnlyList<AnalyzedRun> runs, IReadOnlyList<(AnalyzedRun Run, string Reason)> apart)
    {
        Compared = compared;
        Runs = runs;
        Apart = apart;
    }

    /// <summary>The workload the report compares; null when there is no run.</summary>
    public WorkloadIdentity? Compared { get; }

    /// <summary>The runs of <see cref="Compared"/>, in the order read: the only runs any study sees.</summary>
    public IReadOnlyList<AnalyzedRun> Runs { get; }

    /// <summary>The runs of other workloads, each with why it is not compared.</summary>
    public IReadOnlyList<(AnalyzedRun Run, string Reason)> Apart { get; }

    /// <param name="runs">Every run read.</param>
    /// <param name="wanted">The workload to compare (name, title, key or hash); empty = the one with the most runs.</param>
    public static WorkloadPartition Of(IReadOnlyList<AnalyzedRun> runs, string wanted = "")
    {
        ArgumentNullException.ThrowIfNull(runs);
        if (runs.Count == 0)
        {
            return new WorkloadPartition(null, [], []);
        }

        var groups = runs.GroupBy(PartitionKey, StringComparer.Ordinal)
            .Select(static (g, order) => (Runs: g.ToList(), Order: order))
            .ToList();
        if (wanted.Trim().Length > 0)
        {
            groups = groups.Where(g => Names(g.Runs[0].Workload, wanted.Trim())).ToList();
            if (groups.Count == 0)
            {
                var known = runs.GroupBy(static r => r.Workload.Key(), StringComparer.Ordinal).Select(static g => $"'{g.Key}' ({g.Count()} run(s))");
                throw new UserError($"--workload '{wanted}' names none of the runs' workloads; give one of {string.Join(", ", known)}.");
            }
        }

        var chosen = groups
            .OrderByDescending(static g => g.Runs.Count)
            .ThenByDescending(static g => g.Runs[0].Workload.Hash.Length > 0)
            .ThenBy(static g => g.Order)
            .First();
        var compared = chosen.Runs[0].Workload;
        var chosenKey = PartitionKey(chosen.Runs[0]);
        var apart = runs.Where(r => PartitionKey(r) != chosenKey).Select(r => (r, Reason(r.Workload, compared))).ToList();
        return new WorkloadPartition(compared, chosen.Runs, apart);
    }

    /// <summary>
    /// Runs of one key ran one workload. A DS3 log that does not say its store is DS3's driver on an unknown store: on a
    /// DS3-built store and on a DvdStore store it does different work per order, so two such logs are no more alike than
    /// those two stores; each is a workload of its own, compared with no other run.
    /// </summary>
    private static string PartitionKey(AnalyzedRun run) =>
        ImportedWorkloads.IsUnknownStore(run.Workload) ? $"{run.Workload.Key()}\u001f{run.Source}" : run.Workload.Key();

    /// <summary>True when <paramref name="wanted"/> is the workload's name, title, key or hash (case aside).</summary>
    private static bool Names(WorkloadIdentity workload, string wanted) =>
        new[] { workload.Name, workload.Title(), workload.Key(), workload.Hash }.Any(n => n.Length > 0 && string.Equals(n, wanted, StringComparison.OrdinalIgnoreCase));

    /// <summary>"DS3 driver (unknown store): not comparable with DvdStore v1 — see docs/ds3-compatibility.md", or what differs within one name.</summary>
    public static string Reason(WorkloadIdentity other, WorkloadIdentity compared)
    {
        ArgumentNullException.ThrowIfNull(other);
        ArgumentNullException.ThrowIfNull(compared);
        if (ImportedWorkloads.IsUnknownStore(other))
        {
            return $"{other.Title()}: a DS3 log that does not say which store it ran on is compared with no other run (DS3's driver does different work per order on a DS3 store and on a DvdStore store); label its store, store=ds3 or store=dvdstore — see {Explanation}";
        }

        var reason = other.Title() == compared.Title()
            ? $"{other.Key()}: not comparable with {compared.Key()} ({string.Join("; ", Differences(other, compared))})"
            : $"{other.Title()}: not comparable with {compared.Title()}";
        return ImportedWorkloads.IsDs3Driver(other) || ImportedWorkloads.IsDs3Driver(compared) ? $"{reason} — see {Explanation}" : reason;
    }

    private static IEnumerable<string> Differences(WorkloadIdentity other, WorkloadIdentity compared)
    {
        var any = false;
        if (other.StatementsHash != compared.StatementsHash)
        {
            any = true;
            yield return "the engine's statements differ";
        }

        foreach (var name in other.Mix.Keys.Union(compared.Mix.Keys).Order(StringComparer.Ordinal))
        {
            var theirs = other.Mix.GetValueOrDefault(name, "not recorded");
            var ours = compared.Mix.GetValueOrDefault(name, "not recorded");
            if (theirs != ours)
            {
                any = true;
                yield return $"{name} {theirs}, not {ours}";
            }
        }

        if (other.Vocabulary != compared.Vocabulary)
        {
            any = true;
            yield return $"search words {other.Vocabulary}, not {compared.Vocabulary}";
        }

        if (!any)
        {
            yield return "another definition";
        }
    }
}
