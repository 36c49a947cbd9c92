using DvdStore.Cli;
using DvdStore.Tests.Analysis;
using DvdStore.Tests.Loader;
using Npgsql;
using Xunit.Abstractions;

namespace DvdStore.Tests.Studies;

/// <summary>
/// Issue 29's "done when", end to end on the PostgreSQL test server: <c>dvdstore sweep --users 1,2,4,8</c> then
/// <c>analyze</c>, and the report shows the waits per step as stacked bars, names the dominant non-CPU wait at the peak,
/// and draws the Universal Scalability Law over the points with the projection marked — or says in one line why not.
/// A think time of a second per order keeps every step growing on a busy 2-core machine (a user's order rate is set by
/// its think time, not by the shared CPUs), so the peak search runs all four steps. Six sessions sleeping in the
/// store's database during the sweep are the dominant wait the report must find: six active sessions against at most
/// eight of the users, so their share of active time is over a quarter at every step however busy the machine.
/// </summary>
public sealed class UsersSweepReportTests(ITestOutputHelper output) : IDisposable
{
    private const int Sleepers = 6;

    private static readonly int[] Users = [1, 2, 4, 8];

    private readonly string _folder = Path.Combine(Path.GetTempPath(), "dvdstore-users-sweep-" + Guid.NewGuid().ToString("N")[..8]);

    [SkippableFact]
    public async Task A_users_sweep_on_postgres_reports_the_waits_per_step_and_the_fitted_scaling_law()
    {
        await using var database = await LoaderDatabase.CreateAsync(EngineKind.PostgreSql);
        await database.LoadAsync(TestStore.Smallest.Load(1));

        string printed;
        using (var stop = new CancellationTokenSource())
        {
            var sleepers = Enumerable.Range(0, Sleepers).Select(_ => SleepAsync(database.Target.ConnectionString, stop.Token)).ToList();
            try
            {
                var sweepOutput = new StringWriter();
                var sweepError = new StringWriter();
                var code = await CliApp.RunAsync(
                    [
                        "sweep", "--engine", "postgres", "--connection", database.Target.ConnectionString, "--size", "1MB",
                        "--users", string.Join(',', Users), "--think-time", "1s", "--duration", "8s", "--warmup", "2s",
                        "--reset-between", "--seed", "29", "--out", _folder,
                    ],
                    sweepOutput,
                    sweepError,
                    CancellationToken.None);
                printed = sweepOutput.ToString();
                output.WriteLine(printed);
                Assert.True(code == 0, $"exit {code}: {sweepError}\n{printed}");
            }
            finally
            {
                await stop.CancelAsync();
                await Task.WhenAll(sleepers);
            }
        }

        // Every step ran: a second of think time per order doubles the orders with the users.
        foreach (var users in Users)
        {
            Assert.Single(Directory.GetFiles(Path.Combine(_folder, "unpinned", $"users-{users}"), "*.json"));
        }

        Assert.Contains("still growing at the last step", printed, StringComparison.Ordinal);

        // The sweep's own report: the waits of each step as stacked bars, the planted sleep named at the peak.
        var report = Path.Combine(_folder, "report");
        var markdown = await File.ReadAllTextAsync(Path.Combine(report, "report.md"));
        var steps = Assert.Single(Charts(report), c => c.Any(t => t.StartsWith("Average active sessions by wait class per step", StringComparison.Ordinal)));
        Assert.Superset(new HashSet<string>(Users.Select(u => u == 1 ? "1 thread" : $"{u} threads").Append("other").Append("CPU")), steps.ToHashSet());
        Assert.Matches(@"OPM: at 8 threads \(the peak\), \d+ % of active session time was Timeout:PgSleep \(other\)\.", markdown);

        // The scaling law: drawn when no step measured the client; else the report says in one line why there is no fit.
        var law = Section(markdown, "## Scaling law");
        if (law.Contains("client-bound step(s) left out", StringComparison.Ordinal))
        {
            Assert.Matches(@"- OPM: no scaling-law fit: it needs measured points at 4 or more different counts, this has [0-3]; sweep more steps\. \(\d client-bound step\(s\) left out: [^\n]+; they measured the client, not the server; --include-client-bound lets them in\)\n", law);
        }
        else
        {
            AssertFitDrawn(law, report);
        }

        // analyze --include-client-bound: every step is a point (none is left out as client-bound), so the fit is drawn
        // whatever the machine's load made of the client; a step that was client-bound is named in the finding.
        var again = Path.Combine(_folder, "report-all");
        var analyzeError = new StringWriter();
        var analyzed = await CliApp.RunAsync(["analyze", Path.Combine(_folder, "unpinned"), "--include-client-bound", "--out", again], new StringWriter(), analyzeError, CancellationToken.None);
        Assert.True(analyzed == 0, analyzeError.ToString());
        var all = Section(await File.ReadAllTextAsync(Path.Combine(again, "report.md")), "## Scaling law");
        Assert.Contains("Universal Scalability Law over 4 runs at 4 thread counts", all, StringComparison.Ordinal);
        AssertFitDrawn(all, again);
    }

    public void Dispose()
    {
        if (Directory.Exists(_folder))
        {
            Directory.Delete(_folder, recursive: true);
        }
    }

    /// <summary>The fit's finding and table row, and its chart: the measured points, the fitted curve over them and the dotted projection beyond.</summary>
    private static void AssertFitDrawn(string law, string report)
    {
        Assert.Matches(@"- OPM: Universal Scalability Law over \d+ runs at \d+ thread counts: σ [0-9.]+", law);
        Assert.Contains("![OPM vs threads with the Universal Scalability Law fit (dotted: projection)](charts/law-threads.png)", law, StringComparison.Ordinal);
        var chart = File.ReadAllText(Path.Combine(report, "charts", "law-threads.svg"));
        Assert.Superset(new HashSet<string> { "OPM vs threads with the Universal Scalability Law fit (dotted: projection)", "OPM", "USL fit (OPM)", "USL projection (OPM)" }, ChartGoldenTests.Texts(chart).ToHashSet());
    }

    /// <summary>The report's section from <paramref name="heading"/> to the next section.</summary>
    private static string Section(string markdown, string heading)
    {
        var start = markdown.IndexOf(heading, StringComparison.Ordinal);
        Assert.True(start >= 0, $"no section {heading}");
        var end = markdown.IndexOf("\n## ", start + heading.Length, StringComparison.Ordinal);
        return end < 0 ? markdown[start..] : markdown[start..end];
    }

    /// <summary>The texts of every chart of a report (titles, ticks, legend entries), chart by chart.</summary>
    private static IEnumerable<IReadOnlyList<string>> Charts(string report) =>
        Directory.GetFiles(Path.Combine(report, "charts"), "*.svg").Select(f => (IReadOnlyList<string>)ChartGoldenTests.Texts(File.ReadAllText(f)));


    /// <summary>A session of the store's database that sleeps until cancelled (the cancel reaches the server: the backend stops sleeping).</summary>
    private static async Task SleepAsync(string connectionString, CancellationToken stop)
    {
        await using var connection = new NpgsqlConnection(connectionString);
        await connection.OpenAsync(CancellationToken.None);
        await using var command = new NpgsqlCommand("SELECT pg_sleep(3600)", connection) { CommandTimeout = 0 };
        try
        {
            await command.ExecuteNonQueryAsync(stop);
        }
        catch (Exception e) when (stop.IsCancellationRequested && e is OperationCanceledException or PostgresException or NpgsqlException)
        {
            // Cancelled at the end of the sweep, as meant.
        }
    }
}
