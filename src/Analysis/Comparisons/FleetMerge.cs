using System.Globalization;
using DvdStore.Analysis.Reading;
using DvdStore.Analysis.Reports;
using DvdStore.Driver.Results;
using DvdStore.Driver.Running;

namespace DvdStore.Analysis.Comparisons;

/// <summary>
/// A fleet of drivers (dvdstore run --fleet) merged into one run: OPM summed over the drivers' common window, the
/// orders every driver committed summed and checked against what the databases gained (one count per distinct set
/// of databases), and per driver its start skew, barrier wait and whether the client itself was the bottleneck.
/// </summary>
public sealed class FleetMerge : IStudy
{
    public string Name => "fleet";

    public string Title => "Driver fleets merged into one run";

    public StudyResult Analyze(StudyInput input)
    {
        var fleets = input.Runs.Where(static r => r.Result.Fleet is not null)
            .GroupBy(static r => r.Result.Fleet!.FleetId, StringComparer.Ordinal)
            .OrderBy(static g => g.Key, StringComparer.Ordinal)
            .ToList();
        if (fleets.Count == 0)
        {
            return StudyResult.Lacking(Name, Title, "needs results of fleet drivers (dvdstore run --fleet ID --fleet-size N)");
        }

        var findings = new List<string>();
        var headlines = new List<Headline>();
        var fleetRows = new List<IReadOnlyList<string>>();
        var driverRows = new List<IReadOnlyList<string>>();
        foreach (var fleet in fleets)
        {
            var members = fleet.OrderBy(static r => r.Result.Fleet!.Member).ToList();
            var size = members[0].Result.Fleet!.Size;
            var window = FleetWindow.Of(members);
            var spread = StartSpreadMs(members);
            var check = SummedCrossCheck(members);
            var perDriver = window.Members.Select(static m => m.Opm).ToList();
            fleetRows.Add([fleet.Key, Text(members.Count), Text(size), Format.Number(window.Seconds, 0), Format.Number(window.MergedOpm, 1), string.Join(" + ", perDriver.Select(static o => Format.Number(o, 1))),
                Format.Number(spread, 1), check.Gained?.ToString(CultureInfo.InvariantCulture) ?? "", Text(check.Committed), Text(check.InDoubt), check.Verdict]);
            findings.Add(string.Create(CultureInfo.InvariantCulture,
                $"fleet {fleet.Key}: {members.Count} of {size} drivers, {Format.Opm(window.MergedOpm)} OPM merged over a {Format.Number(window.Seconds, 0)} s common window (sum of drivers {string.Join(" + ", perDriver.Select(Format.Opm))}); started within {Format.Number(spread, 1)} ms; cross-check: {check.Describe()}."));
            headlines.Add(new Headline($"fleet {fleet.Key}: {members.Count} of {size} drivers, {Format.Opm(window.MergedOpm)} OPM merged", "", "cross-check " + check.Verdict) { Runs = members.Select(static m => m.Name).ToList() });
            foreach (var (run, opm) in window.Members)
            {
                var f = run.Result.Fleet!;
                var skew = (run.Result.StartUtc - members.Min(static m => m.Result.StartUtc)).TotalMilliseconds;
                var cpu = run.Result.Intervals.Where(static i => i.Measured).Select(static i => i.ClientCpuPercent).DefaultIfEmpty(0).Average();
                var saturation = run.Result.Findings.FirstOrDefault(static x => x.Code is ClientSaturation.DriverCode or ClientSaturation.HostCode);
                var saturated = saturation is not null;
                driverRows.Add([fleet.Key, Text(f.Member), run.Name, Format.Number(f.StartSkewMs ?? skew, 1), Format.Number(f.BarrierWaitMs, 0), Format.Number(opm, 1), Format.Percent(cpu), saturated ? "SATURATED" : "ok", Text(f.MemberCommitted)]);
                if (saturated)
                {
                    findings.Add($"fleet {fleet.Key}: driver {f.Member} ({run.Name}) may have limited the result: {saturation!.Message}");
                }
            }
        }

        return new StudyResult(Name, Title)
        {
            Findings = findings,
            Headlines = headlines,
            Tables =
            [
                new ReportTable("Fleets (one run of N drivers)", "fleet", ["fleet", "drivers", "fleet_size", "window_s", "merged_opm", "driver_opm", "start_spread_ms", "db_gained", "drivers_committed", "in_doubt", "cross_check"], fleetRows),
                new ReportTable("Fleet drivers", "fleet-drivers", ["fleet", "driver", "file", "start_skew_ms", "barrier_wait_ms", "opm_in_window", "client_cpu_pct", "client", "committed"], driverRows),
            ],
        };
    }

    /// <summary>The fleet's spread of starts: from the drivers' own records when complete, else from their start times.</summary>
    private static double StartSpreadMs(IReadOnlyList<AnalyzedRun> members) =>
        members.All(static m => m.Result.Fleet!.StartSpreadMs is not null)
            ? members.Max(static m => m.Result.Fleet!.StartSpreadMs!.Value)
            : (members.Max(static m => m.Result.StartUtc) - members.Min(static m => m.Result.StartUtc)).TotalMilliseconds;

    /// <summary>
    /// Σ over distinct database sets (one member's cross-check each) of what the databases gained, against Σ of every
    /// driver's own commits; exact when equal, acceptable within the in-doubt purchases.
    /// </summary>
    private static FleetCheck SummedCrossCheck(IReadOnlyList<AnalyzedRun> members)
    {
        var committed = members.Sum(static m => m.Result.Fleet!.MemberCommitted);
        var inDoubt = members.Sum(static m => m.Result.Fleet!.MemberInDoubt);
        var complete = members.Count == members[0].Result.Fleet!.Size;
        var perDatabases = members.GroupBy(static m => m.Result.Fleet!.TargetsKey, StringComparer.Ordinal)
            .Select(static g => g.Select(static m => m.Result.CrossCheck).FirstOrDefault(static c => c is not null))
            .ToList();
        if (!complete || perDatabases.Any(static c => c is null))
        {
            return new FleetCheck(null, committed, inDoubt);
        }

        return new FleetCheck(perDatabases.Sum(static c => c!.DatabaseGained), committed, inDoubt);
    }

    private static string Text(long value) => value.ToString(CultureInfo.InvariantCulture);

    private sealed record FleetCheck(long? Gained, long Committed, long InDoubt)
    {
        public string Verdict => Gained is not { } gained ? "incomplete"
            : gained == Committed ? "exact"
            : gained > Committed && gained <= Committed + InDoubt ? "within in-doubt"
            : "MISMATCH";

        public string Describe() => Gained is { } gained
            ? string.Create(CultureInfo.InvariantCulture, $"databases gained {gained} orders, drivers committed {Committed}{(InDoubt > 0 ? $" ({InDoubt} in doubt)" : "")}: {Verdict}")
            : "incomplete (a driver's result or its cross-check is missing)";
    }
}
