using System.CommandLine;
using System.Diagnostics;
using System.Globalization;
using System.Reflection;
using DvdStore.Cli.Help;
using DvdStore.Cli.Options;
using DvdStore.Contract;
using DvdStore.Driver.Results;
using DvdStore.Schema;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Files;

namespace DvdStore.Cli.Commands;

/// <summary>
/// `dvdstore check`: proves an engine on the user's own server before a study. Builds a tiny store in a scratch
/// database (or schema) it names, runs the engine contract suite the CI runs (<see cref="ContractSuite"/>), prints a
/// pass/fail table, writes a JSON report without secrets, and drops the scratch store. Exit 0 when every check passes.
/// </summary>
internal static class CheckCommand
{
    public static Command Create()
    {
        var report = new Option<string?>("--out")
        {
            Description = "Where to write the JSON report (default: dvdstore-check-<engine>-<UTC time>.json in the current folder).",
            HelpName = "path",
        };
        return new StoreVerb("check", "Prove an engine on your own server in about a minute: build a tiny store in a scratch database, run the engine contract suite, print a pass/fail table, write a JSON report, drop the scratch database.")
        {
            ConnectionDescription = "ADO.NET connection string of a user allowed to create (and drop) a scratch database or schema; " +
                $"your own store is not touched. The password comes from {ConnectionStrings.PasswordVariable} or {ConnectionStrings.PasswordFileVariable}; it is never printed or saved.",
            Options = [report],
            Examples =
            [
                $"dvdstore check {ExampleTarget.First}",
                $"dvdstore check            ({ExampleTarget.File}: needs no server)",
            ],
        }.Create(async (result, target, cancellationToken) =>
        {
            var path = result.GetValue(report) ?? string.Create(CultureInfo.InvariantCulture, $"dvdstore-check-{target.Engine.Profile.Name}-{DateTime.UtcNow:yyyyMMdd'T'HHmmss'Z'}.json");
            AtomicFile.EnsureWritableFile(path, "--out");
            return await RunAsync(target, path, result.InvocationConfiguration.Output, result.InvocationConfiguration.Error, cancellationToken).ConfigureAwait(false);
        });
    }

    private static async Task<int> RunAsync(StoreTarget target, string reportPath, TextWriter output, TextWriter error, CancellationToken cancellationToken)
    {
        var clock = Stopwatch.StartNew();
        var started = DateTime.UtcNow;
        // A server is asked first (an unreachable one fails before any scratch store); an embedded engine's file is not
        // opened at all (SQLite would create an empty ./dvdstore.db): its facts come from the scratch store.
        var facts = target.Engine.StoreFile(target.ConnectionString) is null ? await DescribeAsync(target, cancellationToken).ConfigureAwait(false) : null;
        var space = target.Engine.Profile.NewScratchSpace();
        var scratch = await CreateScratchAsync(space, target, cancellationToken).ConfigureAwait(false);
        IReadOnlyList<ContractResult> results;
        try
        {
            facts ??= await DescribeAsync(target with { ConnectionString = scratch.ConnectionString }, cancellationToken).ConfigureAwait(false);
            await output.WriteLineAsync($"check: {facts.Product} {facts.Version}; test store in the scratch {scratch.Description}").ConfigureAwait(false);
            var table = new CheckTable(output, ContractSuite.All);
            table.WriteHeader();
            var session = new ContractSession(target.Engine, scratch.ConnectionString);
            results = await ContractRunner.RunAsync(session, ContractSuite.All, table.WriteRow, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            await DropScratchAsync(space, scratch, error).ConfigureAwait(false);
        }

        var failed = results.Count(r => !r.Passed);
        var notApplicable = results.Count(r => r.Passed && r.NotApplicable is not null);
        var passed = results.Count - failed - notApplicable;
        var checkReport = new CheckReport(
            ToolVersion(), target.Engine.DisplayName, facts.Product, facts.Version, scratch.Description, started,
            Math.Round(clock.Elapsed.TotalSeconds, 1), passed, failed, results)
        { NotApplicable = notApplicable };
        await AtomicFile.WriteAsync(reportPath, stream => checkReport.WriteAsync(stream, cancellationToken), cancellationToken).ConfigureAwait(false);
        await output.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
            $"check: {passed} passed, {failed} failed, {notApplicable} not applicable in {clock.Elapsed.TotalSeconds:F0} s; scratch {scratch.Description} dropped; report {reportPath}")).ConfigureAwait(false);
        return failed == 0 ? 0 : 1;
    }

    private static async Task<ServerFacts> DescribeAsync(StoreTarget target, CancellationToken cancellationToken)
    {
        await using var probe = await target.OpenAsync(cancellationToken).ConfigureAwait(false);
        return await target.Engine.DescribeServerAsync(probe, cancellationToken).ConfigureAwait(false);
    }

    private static async Task<ScratchStore> CreateScratchAsync(IScratchSpace space, StoreTarget target, CancellationToken cancellationToken)
    {
        try
        {
            return await space.CreateAsync(target.ConnectionString, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (e is not (UserError or OperationCanceledException))
        {
            throw new UserError($"cannot make a scratch store on {target.RedactedConnection}: {e.Message.Split('\n', 2)[0].Trim().TrimEnd('.')}; check the connection's rights (docs/engines.md lists them per engine).", e, exitCode: 3);
        }
    }

    /// <summary>Always runs, even after Ctrl-C: a scratch store left behind is named so the user can drop it by hand.</summary>
    private static async Task DropScratchAsync(IScratchSpace space, ScratchStore scratch, TextWriter error)
    {
        try
        {
            using var limit = new CancellationTokenSource(TimeSpan.FromSeconds(60));
            await space.DropAsync(scratch, limit.Token).ConfigureAwait(false);
        }
        catch (Exception e)
        {
            await error.WriteLineAsync($"warning: could not drop the scratch {scratch.Description} ({e.Message.Split('\n', 2)[0].Trim().TrimEnd('.')}); drop it by hand.").ConfigureAwait(false);
        }
    }

    private static string ToolVersion() =>
        typeof(CheckCommand).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion ?? "0.0.0";
}
