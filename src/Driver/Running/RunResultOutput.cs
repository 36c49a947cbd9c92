using System.Globalization;
using DvdStore.Driver.Metrics;
using DvdStore.Driver.Results;
using DvdStore.Driver.Workload;
using DvdStore.Schema;
using DvdStore.Schema.Files;

namespace DvdStore.Driver.Running;

/// <summary>
/// Where a run's result goes: the closing lines on the console (DS3's or the text table, the cross-check, the
/// findings) and the files (result JSON, interval CSV, DS3's CSV when asked for). The files can be written at any
/// time and again (each write replaces the last atomically), so a result can be checkpointed during the run.
/// </summary>
public sealed class RunResultOutput(RunSettings settings, string runId, TextWriter output)
{
    private static readonly CultureInfo Inv = CultureInfo.InvariantCulture;

    private bool Ds3 => settings.OutputFormat == OutputFormat.Ds3;

    private readonly ResultFolder folder = new(settings.OutputDirectory, output);

    public string ResultPath => Path.Combine(folder.Current, runId + ".result.json");

    public string IntervalsPath => Path.Combine(folder.Current, runId + ".intervals.csv");

    /// <summary>DS3's CSV (out_filename), when asked for; beside the result when its own place cannot be written.</summary>
    public string? Ds3CsvPath { get; private set; } = string.IsNullOrEmpty(settings.Ds3CsvFile) ? null : settings.Ds3CsvFile;

    /// <summary>The controller's clock in DS3's format (local time).</summary>
    public static string ControllerNow() => DateTime.Now.ToString("MM/dd/yyyy h:mm:ss tt", Inv);

    /// <summary>The closing lines: DS3's final line(s) or the text table, then the cross-check and the findings.</summary>
    public async Task PrintSummaryAsync(RunResult result, Measurement measured)
    {
        if (Ds3)
        {
            foreach (var line in LiveOutput.Ds3Final(DateTimeOffset.Now, measured.Summary))
            {
                await output.WriteLineAsync(line).ConfigureAwait(false);
            }

            await output.WriteLineAsync($"Controller ({ControllerNow()}): all threads stopped, exiting").ConfigureAwait(false);
            await output.WriteLineAsync(string.Create(Inv, $"n_purchase_from_start= {measured.SinceStart.CallCounts[(int)TransactionKind.Purchase]} n_rollbacks_from_start= {measured.SinceStart.Rollbacks}")).ConfigureAwait(false);
        }
        else
        {
            foreach (var line in LiveOutput.TextSummary(measured.Summary, result.Totals))
            {
                await output.WriteLineAsync(line).ConfigureAwait(false);
            }

            await output.WriteLineAsync("server: " + (measured.ServerMetrics.SummaryLine ?? "no server figures in the measured window")).ConfigureAwait(false);
            if (result.OpenLoop is { } open)
            {
                await output.WriteLineAsync(string.Create(Inv,
                    $"open loop: target {open.TargetOpm:0.##} OPM, scheduled {open.ScheduledOpm:F0}, delivered {open.DeliveredOpm:F0} ({open.DeliveredPercent:F1} %); latency from the scheduled start p50 {open.Latency.P50Ms:F1} p99 {open.Latency.P99Ms:F1} max {open.Latency.MaxMs:F1} ms; service time p50 {open.ServiceTime.P50Ms:F1} p99 {open.ServiceTime.P99Ms:F1} ms; backlog up to {open.MaxBacklog}, lag up to {open.MaxLagMs:F0} ms")).ConfigureAwait(false);
            }

            if (measured.ServerMetrics.Average.Waits is { } waits)
            {
                await output.WriteLineAsync("waits: " + waits.SummaryLine()).ConfigureAwait(false);
            }
        }

        if (result.CrossCheck is { } crossCheck)
        {
            await output.WriteLineAsync(CrossChecker.Describe(crossCheck) + (measured.ServerMetrics.RunEngineCommits is { } engineCommits ? string.Create(Inv, $"; engine counted {engineCommits} commits") : "")).ConfigureAwait(false);
        }

        if (result.WindowCrossCheck is { } windowCheck)
        {
            await output.WriteLineAsync(WindowCrossChecker.Describe(windowCheck)).ConfigureAwait(false);
        }

        foreach (var finding in result.Findings)
        {
            await output.WriteLineAsync($"{finding.Severity.ToString().ToLowerInvariant()}: {finding.Code}: {finding.Message}").ConfigureAwait(false);
        }
    }

    /// <summary>
    /// Replaces the result file with <paramref name="result"/> (a checkpoint during the run). A folder that can no longer
    /// be written moves the result to the fallback; when no place can be written the run goes on without a checkpoint.
    /// </summary>
    public async Task CheckpointAsync(RunResult result)
    {
        try
        {
            await folder.WriteAsync(() => JsonResultWriter.WriteAsync(result, ResultPath, CancellationToken.None)).ConfigureAwait(false);
        }
        catch (UserError)
        {
            // Said once by the folder; the final write tries again.
        }
    }

    /// <summary>
    /// Writes (or replaces) the result files; each file is whole or absent, never half-written. When the folder cannot be
    /// written (removed, replaced by a file, full), the files go to a fallback folder named in one line.
    /// </summary>
    public async Task<DriverRunOutcome> WriteAsync(RunResult result, IReadOnlyList<string> ds3CsvRows)
    {
        await folder.WriteAsync(() => JsonResultWriter.WriteAsync(result, ResultPath, CancellationToken.None)).ConfigureAwait(false);
        await folder.WriteAsync(() => CsvTimeSeriesWriter.WriteAsync(result.Intervals, IntervalsPath, CancellationToken.None)).ConfigureAwait(false);
        if (Ds3CsvPath is { } ds3CsvPath)
        {
            try
            {
                await WriteDs3CsvAsync(ds3CsvPath, ds3CsvRows).ConfigureAwait(false);
            }
            catch (Exception e) when (ResultFolder.IsWriteFailure(e))
            {
                Ds3CsvPath = Path.Combine(folder.Current, Path.GetFileName(ds3CsvPath));
                await output.WriteLineAsync($"warning: cannot write {ds3CsvPath} ({ResultFolder.Reason(e)}); wrote DS3's CSV to {Ds3CsvPath} instead.").ConfigureAwait(false);
                await folder.WriteAsync(() => WriteDs3CsvAsync(Ds3CsvPath, ds3CsvRows)).ConfigureAwait(false);
            }
        }

        return new DriverRunOutcome(result, ResultPath, IntervalsPath, Ds3CsvPath);
    }

    private static Task WriteDs3CsvAsync(string ds3CsvPath, IReadOnlyList<string> ds3CsvRows) =>
            AtomicFile.WriteAsync(
                ds3CsvPath,
                async stream =>
                {
                    await using var writer = new StreamWriter(stream, leaveOpen: true);
                    await writer.WriteLineAsync(LiveOutput.Ds3CsvHeader).ConfigureAwait(false);
                    foreach (var row in ds3CsvRows)
                    {
                        await writer.WriteLineAsync(row).ConfigureAwait(false);
                    }
                },
                CancellationToken.None);

    /// <summary>The last lines: where the result is, and DS3's end marker.</summary>
    public async Task PrintEndAsync()
    {
        await output.WriteLineAsync($"result: {ResultPath}").ConfigureAwait(false);
        if (Ds3)
        {
            await output.WriteLineAsync("Run over").ConfigureAwait(false);
        }
    }
}
