using System.CommandLine;
using DvdStore.Cli;
using DvdStore.Driver.Parameters;
using static DvdStore.Tests.Infrastructure.InProcessCli;

namespace DvdStore.Tests.Cli;

/// <summary>
/// Issue 15 item 8, one CLI vocabulary: every verb's help shows the common options first and an example, a mistyped
/// option or verb gets "did you mean", one duration syntax everywhere, and run reads the size from the store.
/// </summary>
public sealed class CliVocabularyTests
{
    /// <summary>The options every verb that has them lists first, in this order.</summary>
    private static readonly string[] Common = ["--engine", "--connection", "--size", "--users", "--duration", "--out"];

    public static TheoryData<string> Verbs => new(CliApp.BuildRoot().Subcommands.Select(static c => c.Name));

    [Theory]
    [MemberData(nameof(Verbs))]
    public async Task Every_verb_help_has_an_example_and_the_common_options_first(string verb)
    {
        var (code, help, _) = await RunAsync(verb, "--help");

        Assert.Equal(0, code);
        var examples = help[(help.IndexOf("Examples:", StringComparison.Ordinal) + 1)..];
        Assert.True(help.Contains("Examples:", StringComparison.Ordinal), $"{verb} --help shows no example:\n{help}");
        Assert.Contains($"dvdstore {verb}", examples, StringComparison.Ordinal);

        // The option names in the order help lists them; the common ones present must come first, in Common's order.
        var listed = help.Split('\n')
            .SkipWhile(static l => !l.StartsWith("Options:", StringComparison.Ordinal)).Skip(1)
            .TakeWhile(static l => l.Length > 0 && l.StartsWith("  ", StringComparison.Ordinal))
            .Select(static l => l.Trim().Split(' ', ',')[0])
            .Where(static n => n.StartsWith("--", StringComparison.Ordinal))
            .ToList();
        var common = Common.Where(listed.Contains).ToList();
        Assert.Equal(common, listed.Take(common.Count));
    }

    [Fact]
    public async Task Run_help_groups_the_ds3_parameters_after_the_options()
    {
        var (_, help, _) = await RunAsync("run", "--help");

        var options = help[..help.IndexOf("DS3 parameters", StringComparison.Ordinal)];
        Assert.DoesNotContain("--n_threads", options, StringComparison.Ordinal);
        Assert.Contains("--n_threads=<value>", help[help.IndexOf("DS3 parameters", StringComparison.Ordinal)..], StringComparison.Ordinal);
        Assert.Contains("--run_time=<value>", help, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(new[] { "load", "--sise", "1MB" }, "did you mean --size?")]
    [InlineData(new[] { "lod" }, "did you mean load?")]
    [InlineData(new[] { "run", "--n_thread=4" }, "did you mean --n_threads?")]
    [InlineData(new[] { "run", "--duraton", "5m" }, "did you mean --duration?")]
    [InlineData(new[] { "sweep", "--peak-treshold", "3" }, "did you mean --peak-threshold?")]
    public async Task A_mistyped_option_or_verb_gets_one_line_with_the_closest_name(string[] args, string expected)
    {
        var (code, _, error) = await RunAsync(args);

        Assert.Equal(2, code);
        AssertUserError.OneLineOutput(error, expected);
    }

    [Fact]
    public async Task Nothing_close_gets_no_suggestion()
    {
        var (code, _, error) = await RunAsync("load", "--completely-different", "1");

        Assert.Equal(2, code);
        Assert.DoesNotContain("did you mean", error, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("30s", 30)]
    [InlineData("10m", 600)]
    [InlineData("2h", 7200)]
    [InlineData("1h30m", 5400)]
    [InlineData("1m30s", 90)]
    [InlineData("500ms", 0.5)]
    [InlineData("45", 45)]
    [InlineData("0", 0)]
    [InlineData(" 1.5h ", 5400)]
    public void Durations_take_units_and_a_bare_number_is_seconds(string text, double seconds) =>
        Assert.Equal(TimeSpan.FromSeconds(seconds), DurationText.Parse("--duration", text));

    [Theory]
    [InlineData("ten", "is not a duration")]
    [InlineData("5x", "is not a duration")]
    [InlineData("m5", "is not a duration")]
    [InlineData("NaN", "out of range")]
    [InlineData("-5s", "is not a duration")]
    [InlineData("1e300", "out of range")]
    [InlineData("400d", "out of range")]
    public void A_bad_duration_is_one_line_naming_the_option_and_the_forms(string text, string expected)
    {
        AssertUserError.OneLine(() => DurationText.Parse("--warmup", text), $"--warmup={text.Trim()}", expected);
    }

    [Theory]
    [InlineData("--duration=90", 90)]
    [InlineData("--duration=2m", 120)]
    [InlineData("--run_time=2", 120)]
    public void Run_durations_mean_seconds_on_our_options_and_minutes_on_ds3s(string argument, double seconds)
    {
        var settings = new RunParameterSet().ApplyArguments([argument]).Build();

        Assert.Equal(TimeSpan.FromSeconds(seconds), settings.RunTime);
    }

    [Fact]
    public void A_run_without_a_duration_is_finite()
    {
        var settings = new RunParameterSet().Build();

        Assert.Equal(TimeSpan.FromMinutes(10), settings.RunTime);
        Assert.Null(new RunParameterSet().ApplyArguments(["--duration=0"]).Build().RunTime);
    }

    [Fact]
    public async Task Bad_durations_on_every_verb_name_the_option()
    {
        foreach (var args in new[]
        {
            new[] { "quickstart", "--duration", "soon" },
            ["server-metrics", "--interval", "often"],
            ["sweep", "--duration", "forever"],
            ["fleet", "--drivers", "2", "--image", "i", "--engine", "postgres", "--connection", "Host=x", "--secret", "s", "--users", "1", "--size", "1GB", "--duration", "long"],
        })
        {
            var (code, _, error) = await RunAsync(args);

            Assert.NotEqual(0, code);
            Assert.Contains(args[Array.IndexOf(args, args.First(a => a is "--duration" or "--interval"))], error, StringComparison.Ordinal);
            Assert.Contains("30s, 10m, 2h or 1h30m", error, StringComparison.Ordinal);
        }
    }

    [Fact]
    public async Task Old_spellings_still_work_hidden_from_help()
    {
        var (_, help, _) = await RunAsync("load", "--help");
        Assert.DoesNotContain("--threads", help, StringComparison.Ordinal);

        var parse = CliApp.BuildRoot().Parse(["load", "--parallel-tables", "3"]);
        Assert.Empty(parse.Errors);
        var (code, _, error) = await RunAsync("load", "--threads", "0", "--size", "1MB");
        Assert.NotEqual(0, code);
        // The error names the option as the user typed it (issue 31), not today's spelling it was rewritten to.
        Assert.Contains("--threads must be at least 1", error, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("load", "--data-seed", "--seed")]
    [InlineData("export-csv", "--data-seed", "--seed")]
    [InlineData("fleet", "--pod-cpus", "--cpu")]
    public async Task A_name_means_one_thing_on_every_verb_and_the_old_one_still_parses(string verb, string today, string old)
    {
        // --seed is a run's random streams (run, sweep) and --cpus the server's CPU counts (sweep), so the rows' seed and
        // a driver pod's CPU quota have names of their own.
        var (_, help, _) = await RunAsync(verb, "--help");
        Assert.Contains(today, help, StringComparison.Ordinal);
        Assert.DoesNotContain(old + " ", help, StringComparison.Ordinal);

        var rewritten = LegacySpellings.Rewrite([verb, old + "=4"]);
        Assert.Equal([verb, today + "=4"], rewritten);
        Assert.DoesNotContain(CliApp.BuildRoot().Parse(LegacySpellings.Rewrite([verb, old, "4"])).Errors, e => e.Message.Contains(old, StringComparison.Ordinal));
    }

    [Fact]
    public async Task The_seed_of_the_rows_is_the_one_load_records()
    {
        var folder = Directory.CreateDirectory(Path.Combine(Path.GetTempPath(), "vocabulary-" + Guid.NewGuid().ToString("N"))).FullName;
        try
        {
            var (code, _, error) = await RunAsync("load", "--size", "1MB", "--data-seed", "5", "--connection", $"Data Source={folder}/s.db");
            Assert.True(code == 0, error);
            var (_, verify, _) = await RunAsync("load", "--size", "1MB", "--seed", "5", "--connection", $"Data Source={folder}/t.db");
            var (_, loaded, _) = await RunAsync("fingerprint", "--connection", $"Data Source={folder}/s.db");
            var (_, legacy, _) = await RunAsync("fingerprint", "--connection", $"Data Source={folder}/t.db");
            Assert.Contains("seed 5", verify, StringComparison.Ordinal);
            // The same rows whichever spelling named the seed: the stores' fingerprints ("  store  <hash>") agree.
            static string Store(string text) => text.Split('\n').Single(l => l.TrimStart().StartsWith("store ", StringComparison.Ordinal));
            Assert.Equal(Store(loaded), Store(legacy));
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }
}
