using System.Text.Json;
using DvdStore.Studies;

namespace DvdStore.Tests.Studies;

public class PeakFinderTests
{
    /// <summary>A fake server: OPM per user count, recording the calls it got.</summary>
    private sealed class FakeServer(Dictionary<int, double> opm)
    {
        public List<string> Calls { get; } = [];

        public Task<StepMeasurement> Run(int users, CancellationToken ct)
        {
            Calls.Add($"run {users}");
            return Task.FromResult<StepMeasurement>(opm[users]);
        }

        public Task Reset(CancellationToken ct)
        {
            Calls.Add("reset");
            return Task.CompletedTask;
        }
    }

    [Fact]
    public async Task The_search_stops_at_the_first_step_growing_less_than_5_percent_and_reports_the_best_step()
    {
        var server = new FakeServer(new() { [1] = 1000, [2] = 1900, [4] = 3500, [8] = 3600, [16] = 3000 });

        var search = await PeakFinder.Doubling(16).FindAsync(server.Run, null, CancellationToken.None);

        Assert.Equal(PeakStopReason.Plateau, search.StopReason);
        Assert.Equal([1, 2, 4, 8], search.Steps.Select(static s => s.Users));
        Assert.Equal(8, search.Peak.Users);
        Assert.Equal(3600, search.Peak.Opm);
        Assert.Null(search.Steps[0].GrowthPercent);
        Assert.Equal(90, search.Steps[1].GrowthPercent!.Value, 6);
        Assert.Equal(["run 1", "run 2", "run 4", "run 8"], server.Calls);
    }

    /// <summary>
    /// Issue 31: a step after one of 0 OPM has no growth (null, "n/a" on the console and null in sweep.json, which
    /// could not hold the ∞ it was), and the search goes on; two steps of 0 OPM in a row are a plateau.
    /// </summary>
    [Fact]
    public async Task A_step_after_one_of_no_orders_has_no_growth_and_the_search_goes_on()
    {
        var server = new FakeServer(new() { [1] = 0, [2] = 500, [4] = 520, [8] = 0, [16] = 0, [32] = 0 });
        var plan = new SweepPlan { Users = [1, 2, 4], ThresholdPercent = 5 };
        var output = new StringWriter();

        var results = await new SweepRunner(plan, output).RunAsync([null], null, (_, users, ct) => server.Run(users, ct), null, CancellationToken.None);
        var folder = Directory.CreateTempSubdirectory("peak-zero-").FullName;
        await SweepSummary.WriteAsync(folder, "20261127-000000", plan, null, results, CancellationToken.None);
        using var summary = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(folder, SweepSummary.FileName)));
        var zeroes = await new PeakFinder([8, 16, 32]).FindAsync(server.Run, null, CancellationToken.None);

        var search = Assert.Single(results).Search;
        Assert.Equal([1, 2, 4], search.Steps.Select(static s => s.Users));
        Assert.Equal(PeakStopReason.Plateau, search.StopReason);
        Assert.Null(search.Steps[1].GrowthPercent);
        Assert.Equal(4, search.Steps[2].GrowthPercent!.Value, 6);
        Assert.Contains("sweep unpinned: 2 users -> 500 opm (n/a)", output.ToString(), StringComparison.Ordinal);
        Assert.Contains("sweep unpinned: 4 users -> 520 opm (+4.0%)", output.ToString(), StringComparison.Ordinal);
        var steps = summary.RootElement.GetProperty("sets")[0].GetProperty("steps");
        Assert.Equal([JsonValueKind.Null, JsonValueKind.Null, JsonValueKind.Number], steps.EnumerateArray().Select(static s => s.GetProperty("growth_pct").ValueKind));
        Assert.Equal([8, 16], zeroes.Steps.Select(static s => s.Users));
        Assert.Equal(PeakStopReason.Plateau, zeroes.StopReason);
    }

    [Fact]
    public async Task A_drop_ends_the_search_and_the_peak_is_the_step_before()
    {
        var server = new FakeServer(new() { [1] = 1000, [3] = 2500, [5] = 2000, [7] = 5000 });

        var search = await new PeakFinder([1, 3, 5, 7]).FindAsync(server.Run, null, CancellationToken.None);

        Assert.Equal([1, 3, 5], search.Steps.Select(static s => s.Users));
        Assert.Equal(3, search.Peak.Users);
        Assert.True(search.Steps[2].GrowthPercent < 0);
    }

    [Fact]
    public async Task Still_growing_at_the_last_step_says_the_steps_ran_out()
    {
        var server = new FakeServer(new() { [1] = 100, [2] = 200, [4] = 400 });

        var search = await PeakFinder.Doubling(4, thresholdPercent: 10).FindAsync(server.Run, null, CancellationToken.None);

        Assert.Equal(PeakStopReason.StepsExhausted, search.StopReason);
        Assert.Equal(4, search.Peak.Users);
    }

    [Fact]
    public async Task The_store_is_reset_between_steps_but_not_before_the_first()
    {
        var server = new FakeServer(new() { [2] = 100, [4] = 101 });

        await new PeakFinder([2, 4]).FindAsync(server.Run, server.Reset, CancellationToken.None);

        Assert.Equal(["run 2", "reset", "run 4"], server.Calls);
    }

    [Fact]
    public async Task Cancellation_stops_before_the_next_step()
    {
        using var cts = new CancellationTokenSource();
        var server = new FakeServer(new() { [1] = 100, [2] = 200 });

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => new PeakFinder([1, 2]).FindAsync(
            (users, ct) => { cts.Cancel(); return server.Run(users, ct); }, null, cts.Token));

        Assert.Equal(["run 1"], server.Calls);
    }

    [Fact]
    public void A_search_needs_user_counts_of_at_least_one()
    {
        Assert.Throws<ArgumentException>(() => new PeakFinder([]));
        Assert.Throws<ArgumentException>(() => new PeakFinder([1, 0]));
    }
}
