using System.CommandLine;
using System.Diagnostics;
using System.Globalization;
using System.Reflection;
using DvdStore.Cli.Help;
using DvdStore.Cli.Options;
using DvdStore.Driver.Parameters;
using DvdStore.Driver.Running;
using DvdStore.Loader.Pipeline;
using DvdStore.Loader.Store;
using DvdStore.Schema;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Sizing;

namespace DvdStore.Cli.Commands;

/// <summary>
/// `dvdstore quickstart`: the whole job on the embedded default with no set-up — build a small store in a file (SQLite)
/// (or reset the one a previous quickstart left), drive it for a short run, print OPM and write a result.
/// It only composes the loader and driver libraries; every figure comes from them.
/// </summary>
internal static class QuickstartCommand
{
    public static Command Create()
    {
        var engine = EngineCatalog.FileEngine;
        var file = new Option<string>("--file")
        {
            Description = $"{engine.DisplayName} file of the quickstart store; built on first use, reset to as-loaded on later runs.",
            DefaultValueFactory = _ => "dvdstore-quickstart.db",
            HelpName = "path",
        };
        var size = new Option<string>("--size")
        {
            Description = "Store size (S, M, L, <n>MB, <n>GB); a store of another size in --file is rebuilt.",
            DefaultValueFactory = _ => "10MB",
            HelpName = "size",
        };
        var users = new Option<int>("--users") { Description = "Virtual users.", DefaultValueFactory = _ => 4, HelpName = "n" };
        var duration = new Option<string>("--duration") { Description = $"Measured time after a 5-second warm-up: {DurationText.Forms}.", DefaultValueFactory = _ => "30s", HelpName = "duration" };
        var output = new Option<string>("--out") { Description = "Folder for the result JSON and interval CSV.", DefaultValueFactory = _ => "results", HelpName = "dir" };
        var command = new Command("quickstart", $"Build a small {engine.DisplayName} store (or reset the last one), drive it for a short run, print OPM and write a result file.")
        {
            size, users, duration, output, file,
        };
        command.SetAction(async (result, cancellationToken) =>
        {
            var storeSize = StoreSize.Parse(result.GetValue(size));
            var userCount = Positive(result.GetValue(users), "--users", 1_000);
            var runTime = DurationText.Parse("--duration", result.GetValue(duration)!) is { TotalSeconds: >= 1 } measured ? measured : throw new UserError("--duration must be at least 1s; give e.g. 30s.");
            var path = result.GetValue(file)!;
            var target = StoreTarget.From(engine.Profile.Name, engine.Profile.FileConnection!(path), "--file");
            var console = result.InvocationConfiguration.Output;
            await console.WriteLineAsync(BuildLine()).ConfigureAwait(false);

            await PrepareStoreAsync(target, path, storeSize, console, cancellationToken).ConfigureAwait(false);

            var settings = new RunSettings
            {
                Targets = [target],
                UsersPerTarget = userCount,
                DbSize = storeSize,
                RunTime = runTime,
                Warmup = TimeSpan.FromSeconds(5),
                LogFrequencySeconds = 5,
                OutputDirectory = result.GetValue(output)!,
                Labels = new Dictionary<string, string>(StringComparer.Ordinal) { ["study"] = "quickstart" },
            };
            var outcome = await DriverRunner.RunAsync(settings, console, cancellationToken).ConfigureAwait(false);
            var totals = outcome.Result.Totals;
            var order = outcome.Result.OrderResponse;
            await console.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
                $"quickstart: {totals.Opm:N0} OPM ({totals.CommittedOpm:N0} committed, {totals.RollbackPercent:F1}% rolled back) with {userCount} users on {engine.DisplayName}, order p50 {order.P50Ms:F1} ms, p99 {order.P99Ms:F1} ms")).ConfigureAwait(false);
            // The cross-check counts every order the database gained, warm-up included; OPM is the measured phase only.
            await console.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
                $"quickstart: OPM is over the {FormatSeconds(runTime)} measured after a {FormatSeconds(settings.Warmup)} warm-up; the cross-check above counts the orders of both")).ConfigureAwait(false);
            return outcome.ExitCode;
        });
        command.WithExamples(
            "dvdstore quickstart",
            "dvdstore quickstart --size 100MB --users 8 --duration 2m");
        return command;
    }

    /// <summary>
    /// Which build is measuring: `dotnet run` builds whatever configuration it is given, and a Debug driver's figures are
    /// not the kit's, so the first line says so (the driver's assembly is the one whose speed the figures show).
    /// </summary>
    internal static string BuildLine() =>
        typeof(DriverRunner).Assembly.GetCustomAttribute<DebuggableAttribute>() is { IsJITOptimizerDisabled: true }
            ? "quickstart: a Debug build: its figures are for trying the kit, not for comparing (build with -c Release to measure)"
            : "quickstart: an optimised (Release) build";

    /// <summary>Reuses a complete store of the right size (reset to as-loaded); anything else is rebuilt from scratch.</summary>
    private static async Task PrepareStoreAsync(StoreTarget target, string path, StoreSize size, TextWriter console, CancellationToken cancellationToken)
    {
        if (File.Exists(path) && await IsCompleteStoreOfSizeAsync(target, size, cancellationToken).ConfigureAwait(false))
        {
            await console.WriteLineAsync($"resetting the {size} store in {path} to its as-loaded state").ConfigureAwait(false);
            var reset = await StoreReset.ResetAsync(target, cancellationToken).ConfigureAwait(false);
            if (reset.Matches)
            {
                return;
            }

            await console.WriteLineAsync("the reset store differs from its load; rebuilding it").ConfigureAwait(false);
        }

        await console.WriteLineAsync($"building a {size} store in {path} (once; later quickstarts reset it)").ConfigureAwait(false);
        var options = new LoadOptions(size, DropExisting: true);
        var report = await StoreLoader.LoadAsync(target, options, new LoadProgressPrinter(console), cancellationToken).ConfigureAwait(false);
        await console.WriteLineAsync(string.Create(CultureInfo.InvariantCulture, $"built {report.TotalRows:N0} rows in {report.Total.TotalSeconds:F1} s, fingerprint {report.Fingerprint.Value}")).ConfigureAwait(false);
    }

    private static async Task<bool> IsCompleteStoreOfSizeAsync(StoreTarget target, StoreSize size, CancellationToken cancellationToken)
    {
        await using var connection = await target.OpenAsync(cancellationToken).ConfigureAwait(false);
        if (!await target.Engine.StoreExistsAsync(connection, cancellationToken).ConfigureAwait(false))
        {
            return false;
        }

        try
        {
            var info = await StoreInfo.ReadAsync(connection, cancellationToken).ConfigureAwait(false);
            return info.State == StoreInfo.Complete && info.Get(StoreInfo.SizeKey) == size.ToString();
        }
        catch (System.Data.Common.DbException)
        {
            return false; // a store from an older layout without DS_STORE_INFO: rebuild it
        }
    }

    private static string FormatSeconds(TimeSpan time) => string.Create(CultureInfo.InvariantCulture, $"{time.TotalSeconds:0.#} s");

    private static int Positive(int value, string option, int max) => value >= 1 && value <= max
        ? value
        : throw new UserError($"{option} must be between 1 and {max:N0} (got {value}).");
}
