using System.Globalization;
using DvdStore.Loader.Pipeline;
using DvdStore.Schema.Engines;
using Spectre.Console;

namespace DvdStore.Cli.Commands;

/// <summary>
/// A load's progress on a terminal: one Spectre.Console bar per table in flight (rows, percentage, time left), sized to
/// the terminal's width; redirected output gets <see cref="LoadProgressPrinter"/>'s plain lines instead. Called from
/// several loader threads at once.
/// </summary>
internal sealed class LoadProgressBars(ProgressContext context) : IProgress<LoadProgress>
{
    private readonly Dictionary<string, ProgressTask> _tasks = new(StringComparer.Ordinal);

    /// <summary>Runs <paramref name="load"/> under live bars; finished tables stay on screen.</summary>
    public static Task<T> ShowAsync<T>(Func<IProgress<LoadProgress>, Task<T>> load) =>
        AnsiConsole.Progress()
            .AutoClear(false)
            .Columns(new TaskDescriptionColumn(), new ProgressBarColumn(), new PercentageColumn(), new RemainingTimeColumn(), new SpinnerColumn())
            .StartAsync(context => load(new LoadProgressBars(context)));

    /// <summary>
    /// Runs <paramref name="work"/> with bars on a terminal, plain lines (<see cref="LoadProgressPrinter"/>) on
    /// <paramref name="output"/> when it is redirected or a writer of the caller's own (tests, CI logs).
    /// </summary>
    public static Task<T> ShowOrPrintAsync<T>(TextWriter output, Func<IProgress<LoadProgress>, Task<T>> work) =>
        ReferenceEquals(output, Console.Out) && !Console.IsOutputRedirected ? ShowAsync(work) : work(new LoadProgressPrinter(output));

    public void Report(LoadProgress value)
    {
        lock (_tasks)
        {
            if (value.Table is null)
            {
                ShowStep(value);
                return;
            }

            if (!_tasks.TryGetValue(value.Table, out var task))
            {
                task = context.AddTask(value.Table, maxValue: Math.Max(1, value.ExpectedRows));
                _tasks[value.Table] = task;
            }

            task.Value = value.Done ? task.MaxValue : Math.Min(value.Rows, task.MaxValue);
            if (value.Done)
            {
                task.StopTask();
            }
        }
    }

    /// <summary>
    /// A step's heartbeat that carries what the server says of its statements gets one bar of its own, described and
    /// filled as far as the server tells, until the step ends (step ends are listed with their timings when the load returns).
    /// </summary>
    private void ShowStep(LoadProgress value)
    {
        var key = "step " + value.Step;
        if (value.Done)
        {
            if (_tasks.TryGetValue(key, out var finished))
            {
                finished.IsIndeterminate = false;
                finished.Value = finished.MaxValue;
                finished.StopTask();
            }

            return;
        }

        if (value.Statements.Count == 0)
        {
            return;
        }

        if (!_tasks.TryGetValue(key, out var task))
        {
            task = context.AddTask(key, maxValue: 100);
            _tasks[key] = task;
        }

        task.Description = Markup.Escape(string.Create(CultureInfo.InvariantCulture, $"{value.Step} ({value.Elapsed.TotalSeconds:F0}s): {StatementProgress.DescribeAll(value.Statements)}"));
        var percent = value.Statements.Select(s => s.PercentDone).FirstOrDefault(p => p is not null);
        task.IsIndeterminate = percent is null;
        task.Value = percent ?? 0;
    }
}
