using DvdStore.Tests.Trust;

namespace DvdStore.Tests.Loader;

/// <summary>
/// Issue 37: a load holds its store's lease from its first statement to its last, through the real `dvdstore` process
/// on SQLite, PostgreSQL and MariaDB. A load frozen part-way through its tables (SIGSTOP: alive, lease held) is
/// refused by name to run, verify, fingerprint, drop, reset, a reload and a resume, none advising --drop-existing;
/// killed, verify and run name --resume; a resume frozen while it holds the store is refused to a second resume, a
/// drop and a reload; let go, it finishes, and the store marked complete is the whole load's (the reproduced bug: two
/// resumes at once emptied CUSTOMERS and marked the store complete). Before the lease, the first refusal failed here.
/// </summary>
public sealed class LoadLeaseTests
{
    // A load and its resume on a machine other engineers share (load average 60 seen): generous, never a timer the test waits for.
    private static readonly TimeSpan Patience = TimeSpan.FromMinutes(30);

    /// <summary>Long enough that a frozen holder keeps the store while the test runs every other verb against it.</summary>
    private static readonly Dictionary<string, string> LongLease = new() { [StoreLease.LengthVariable] = "900" };

    [SkippableTheory]
    [InlineData(EngineKind.Sqlite)]
    [InlineData(EngineKind.PostgreSql)]
    [InlineData(EngineKind.MySql)]
    public async Task A_load_and_its_resume_are_refused_to_every_other_verb_by_name_and_the_store_ends_whole(EngineKind kind)
    {
        await using var database = await LoaderDatabase.CreateAsync(kind);
        string[] connection = ["--engine", EngineCatalog.NameOf(kind), "--connection", database.Target.ConnectionString];
        // 1MB: the same streams, marks and steps as 10MB, at a tenth of the time on a machine others share.
        var store = TestStore.Smallest;
        await using var watcher = await database.Target.OpenAsync(None);

        using (var load = CliProcess.StartIn(null, LongLease, ["load", .. connection, "--size", store.Size.ToString(), "--parallel-tables", "2"]))
        {
            // Part-way: at the first stream marked finished (which table comes first differs by engine and plan).
            await LoadResumeTests.WaitForAsync(watcher, load, m => m.Keys.Any(k => k.StartsWith("resume.part.", StringComparison.Ordinal)));
            await load.SignalAsync("STOP");
            try
            {
                var named = $"is being loaded by dvdstore load --size {store.Size} (pid {load.Id}, host {Environment.MachineName})";
                foreach (var verb in OtherVerbs())
                {
                    var (code, output) = await CliProcess.RunAsync(Patience, [verb[0], .. connection, .. verb[1..]]);
                    Assert.True(code != 0, $"{verb[0]} during a load: {output}");
                    Assert.Contains(named, output, StringComparison.Ordinal);
                    Assert.Contains("--resume", output, StringComparison.Ordinal);
                    if (verb[0] != "load")
                    {
                        Assert.DoesNotContain("--drop-existing", output, StringComparison.Ordinal);
                    }
                }
            }
            finally
            {
                await load.SignalAsync("KILL");
                await load.WaitAsync(Patience);
            }
        }

        if (kind != EngineKind.Sqlite)
        {
            await LoadResumeTests.WaitForNoOtherWorkAsync(kind, watcher);
        }

        // Killed: no load holds the store now, and the advice is to resume it (or rebuild), not to wait.
        var (verified, verifyOutput) = await CliProcess.RunAsync(Patience, ["verify", .. connection]);
        Assert.True(verified == VerifyCommandExitCode, verifyOutput);
        AssertText.ContainsAll(verifyOutput, "FAIL load complete", "'dvdstore load --resume'", "--drop-existing");
        Assert.DoesNotContain("being loaded", verifyOutput, StringComparison.Ordinal);
        var (ran, runOutput) = await CliProcess.RunAsync(Patience, ["run", .. connection, .. RunArguments()]);
        Assert.True(ran != 0, runOutput);
        AssertText.ContainsAll(runOutput, "did not finish", "'dvdstore load --resume'");

        // A resume (the first command again, plus --resume: the same size is accepted) frozen while it holds the store.
        using (var resume = CliProcess.StartIn(null, LongLease, ["load", .. connection, "--size", store.Size.ToString(), "--resume"]))
        {
            await WaitForLeaseAsync(database.Target, watcher, resume, "dvdstore load --resume");
            await resume.SignalAsync("STOP");
            try
            {
                var named = $"is being loaded by dvdstore load --resume (pid {resume.Id}, host {Environment.MachineName})";
                foreach (var verb in new[] { new[] { "load", "--resume" }, ["drop"], ["load", "--size", store.Size.ToString(), "--drop-existing"] })
                {
                    var (code, output) = await CliProcess.RunAsync(Patience, [verb[0], .. connection, .. verb[1..]]);
                    Assert.True(code != 0, $"{string.Join(' ', verb)} during a resume: {output}");
                    Assert.Contains(named, output, StringComparison.Ordinal);
                }
            }
            finally
            {
                await resume.SignalAsync("CONT");
            }

            Assert.True(await resume.WaitAsync(Patience) == 0, resume.Combined);
        }

        var info = await LoadResumeTests.ReadInfoAsync(watcher);
        Assert.Equal(StoreInfo.Complete, info["state"]);
        var comparison = await database.CompareWithLoadAsync();
        Assert.True(comparison.Matches, string.Join(", ", comparison.DifferingTables));
        Assert.Equal(store.Reference.Value, comparison.Current.Value);
        await database.AssertVerifiesAsync();
    }

    [SkippableTheory]
    [EveryTestEngine]
    public async Task A_resume_takes_size_seed_and_threads_given_again_and_refuses_others_or_another_data_version(EngineKind kind)
    {
        await using var database = await LoaderDatabase.CreateAsync(kind);
        string[] connection = ["--engine", EngineCatalog.NameOf(kind), "--connection", database.Target.ConnectionString];
        var store = TestStore.Smallest;
        await database.LoadUntilCancelledAsync(store.Load(2), p => p.Table is not null && p.Done);

        foreach (var (option, value, recorded) in new[] { ("--size", "10MB", store.Size.ToString()), ("--data-seed", "7", store.Seed.ToString(CultureInfo.InvariantCulture)), ("--parallel-tables", "3", "2") })
        {
            var (code, output) = await CliProcess.RunAsync(Patience, ["load", .. connection, option, value, "--resume"]);
            Assert.True(code != 0, output);
            Assert.Contains($"{option} {value} differs from the {recorded} the interrupted load was begun with", output, StringComparison.Ordinal);
            Assert.Single(output.Trim().Split('\n'), l => l.StartsWith("error:", StringComparison.Ordinal));
        }

        await using (var connectionToStore = await database.Target.OpenAsync(None))
        {
            await StoreInfo.WriteAsync(database.Target.Engine, connectionToStore, StoreInfo.VersionKey, "dvdstore-data-0", None);
            var (code, output) = await CliProcess.RunAsync(Patience, ["load", .. connection, "--resume"]);
            Assert.True(code != 0, output);
            AssertText.ContainsAll(output, "data version 'dvdstore-data-0'", StoreInfo.DataVersion, "--drop-existing");
            await StoreInfo.WriteAsync(database.Target.Engine, connectionToStore, StoreInfo.VersionKey, StoreInfo.DataVersion, None);
            await StoreInfo.WriteAsync(database.Target.Engine, connectionToStore, LoadResume.ToolKey, "0.0.0.1", None);
            (code, output) = await CliProcess.RunAsync(Patience, ["load", .. connection, "--resume"]);
            Assert.True(code != 0, output);
            AssertText.ContainsAll(output, "begun by dvdstore 0.0.0.1", StoreLoader.ToolVersion);
            await StoreInfo.WriteAsync(database.Target.Engine, connectionToStore, LoadResume.ToolKey, StoreLoader.ToolVersion, None);
        }

        var (resumed, resumedOutput) = await CliProcess.RunAsync(Patience,
            ["load", .. connection, "--size", store.Size.ToString(), "--data-seed", store.Seed.ToString(CultureInfo.InvariantCulture), "--parallel-tables", "2", "--resume"]);
        Assert.True(resumed == 0, resumedOutput);
        Assert.Equal(store.Reference.Value, (await database.CompareWithLoadAsync()).Current.Value);
    }

    [SkippableTheory]
    [EveryTestEngine]
    public async Task Verify_fails_the_load_of_a_store_marked_complete_whose_rows_are_below_its_record(EngineKind kind)
    {
        await using var database = await LoaderDatabase.CreateAsync(kind);
        await database.LoadAsync(TestStore.Smallest.Load(2));
        await using (var connection = await database.Target.OpenAsync(None))
        {
            // As the two resumes at once left it: a table emptied, the state still 'complete'.
            await connection.ExecuteAsync("DELETE FROM REVIEWS_HELPFULNESS", None);
        }

        var verify = await StoreVerifier.VerifyAsync(database.Target, None);
        var load = Assert.Single(verify.Checks, c => c.Name == "load complete");
        Assert.False(load.Passed, load.Detail);
        // The reference fingerprint's count (computed apart from the loader), which the load recorded.
        var recorded = TestStore.Smallest.Reference.Tables.Single(t => t.Table == "REVIEWS_HELPFULNESS").Rows;
        AssertText.ContainsAll(load.Detail, "marked complete", string.Create(CultureInfo.InvariantCulture, $"REVIEWS_HELPFULNESS holds 0 of the {recorded:N0} rows its load recorded"));
    }

    private const int VerifyCommandExitCode = 1;

    /// <summary>Every verb that must wait for a load: each refused by name while it runs.</summary>
    private static IEnumerable<string[]> OtherVerbs() =>
    [
        ["run", .. RunArguments()],
        ["verify"],
        ["fingerprint"],
        ["drop"],
        ["reset"],
        ["load", "--size", "1MB", "--drop-existing"],
        ["load", "--resume"],
    ];

    private static string[] RunArguments() => ["--users", "1", "--warmup", "0s", "--duration", "3s", "--out", TestServers.TempFile("results")];

    /// <summary>Waits until <paramref name="holder"/> holds the store's lease (the table may not exist yet); fails if the process ends first.</summary>
    private static async Task WaitForLeaseAsync(StoreTarget target, DbConnection connection, ChildProcess process, string holder)
    {
        var clock = System.Diagnostics.Stopwatch.StartNew();
        while (clock.Elapsed < Patience)
        {
            if (await StoreLease.ReadAsync(target, connection, None) is { Expired: false } held && held.Holder.StartsWith(holder, StringComparison.Ordinal))
            {
                return;
            }

            Assert.False(process.HasExited, "the process ended before it held the store: " + process.Combined);
            await Task.Delay(50);
        }

        throw new TimeoutException($"{holder} never held the store: " + process.Combined);
    }
}
