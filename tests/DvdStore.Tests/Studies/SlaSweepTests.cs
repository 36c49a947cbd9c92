using System.Text.Json;
using DvdStore.Cli;
using DvdStore.Studies;
using DvdStore.Tests.Loader;

namespace DvdStore.Tests.Studies;

/// <summary>
/// The latency-limited study (<c>sweep --rates … --sla p99=…</c>): on a store slowed by an injected delay (every LOGIN
/// sleeps 200 ms; 80 % of orders log in, so 8 users serve at most 8 × 60,000 / (160 ms + the rest of the order) ≈
/// 1,300–3,000 OPM), the SLA search finds the knee: the rates well below it (ρ ≤ 0.3) hold p99 ≤ 2 s in every interval
/// even on a busy machine, the rate past it (3,200 OPM) does not, and the SLA OPM is the highest rate that held.
/// </summary>
[Collection(SweepEndToEndCollection.Name)]
public sealed class SlaSweepTests : IDisposable
{
    private readonly string folder = Path.Combine(Path.GetTempPath(), "dvdstore-sla-" + Guid.NewGuid().ToString("N")[..8]);

    [Fact]
    public async Task The_sla_search_finds_the_knee_of_a_store_slowed_by_an_injected_delay()
    {
        await using var database = await LoaderDatabase.CreateAsync(EngineKind.PostgreSql);
        await database.LoadAsync(TestStore.Smallest.Load(1));
        await using (var connection = await database.Target.OpenAsync(CancellationToken.None))
        {
            foreach (var sql in new[]
            {
                "ALTER FUNCTION LOGIN(TEXT, TEXT) RENAME TO LOGIN_UNDELAYED",
                """
                CREATE FUNCTION LOGIN(username_in TEXT, password_in TEXT)
                RETURNS TABLE (r_customerid INTEGER, r_title TEXT, r_actor TEXT, r_relatedpurchase TEXT)
                LANGUAGE plpgsql VOLATILE AS $$
                BEGIN
                  PERFORM pg_sleep(0.2);
                  RETURN QUERY SELECT * FROM LOGIN_UNDELAYED(username_in, password_in);
                END $$
                """,
            })
            {
                await using var command = connection.Command(sql);
                await command.ExecuteNonQueryAsync();
            }
        }

        var output = new StringWriter();
        var error = new StringWriter();
        var code = await CliApp.RunAsync(
            [
                "sweep", "--engine", "postgres", "--connection", database.Target.ConnectionString, "--size", "1MB",
                "--rates", "100,200,400,12800", "--sla", "p99=2s", "--users", "8",
                // A reset between the rates would restore the routines and take the injected delay away: the steps run on as they are.
                "--allow-used-store",
                "--duration", "6s", "--warmup", "1s", "--seed", "7", "--out", folder,
            ],
            output,
            error,
            CancellationToken.None);

        var printed = output.ToString();
        Assert.True(code == 0, $"exit {code}: {error}\n{printed}");
        using var summary = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(folder, SweepSummary.FileName)));
        var set = summary.RootElement.GetProperty("sets")[0];
        var steps = set.GetProperty("rate_steps").EnumerateArray().ToList();
        Assert.Equal([100.0, 200.0, 400.0, 12800.0], steps.Select(static s => s.GetProperty("rate").GetDouble()));
        Assert.Equal([true, true, true, false], steps.Select(static s => s.GetProperty("held").GetBoolean()));
        Assert.Equal(400, set.GetProperty("sla_opm").GetProperty("rate").GetDouble());
        Assert.Contains("sweep unpinned: SLA OPM", printed, StringComparison.Ordinal);

        // Every step is a labelled rate run; past the knee the schedule outran the users and the latency grew.
        var past = RunResultReader.Read(Assert.Single(Directory.GetFiles(Path.Combine(folder, "unpinned", "rate-12800"), "*.result.json")));
        Assert.Equal("12800", past.Context.Labels["rate"]);
        Assert.True(past.OpenLoop!.Latency.P99Ms > 2000, printed);
    }

    [Fact]
    public void An_sla_is_any_percentile_and_duration_and_needs_rates()
    {
        var plan = SweepPlanParser.Apply(SweepPlanParser.Apply(new SweepPlan(), "rates", "10000..80000"), "sla", "p99.9=250ms");

        Assert.Equal([10000, 20000, 40000, 80000], plan.Rates!);
        Assert.Equal(new LatencySla(99.9, TimeSpan.FromMilliseconds(250)), plan.Validate().Sla);
        AssertUserError.OneLine(() => SweepPlanParser.Apply(new SweepPlan(), "sla", "p99").Validate(), "--sla p99", "p99=200ms");
        AssertUserError.OneLine(() => SweepPlanParser.Apply(new SweepPlan(), "sla", "p100=1s"), "--sla");
        AssertUserError.OneLine(() => SweepPlanParser.Apply(new SweepPlan(), "sla", "p99=200ms").Validate(), "--rates");
    }

    public void Dispose()
    {
        if (Directory.Exists(folder))
        {
            Directory.Delete(folder, recursive: true);
        }
    }
}
