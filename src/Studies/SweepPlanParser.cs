using System.Globalization;
using System.Text.Json;
using DvdStore.Driver.Environment;
using DvdStore.Driver.Parameters;
using DvdStore.Driver.Results;
using DvdStore.Schema;

namespace DvdStore.Studies;

/// <summary>
/// Reads a <see cref="SweepPlan"/> from option texts or a JSON study file with the same names
/// (snake_case: server_pid, cpus, users, ht, affinity, fill, step_duration, warmup, think_time, reset_between, allow_used_store, threshold, driver_cpus, rates, sla).
/// Every mistake is a one-line <see cref="UserError"/>.
/// </summary>
public static class SweepPlanParser
{
    public static readonly IReadOnlyList<string> Keys =
        ["server_pid", "cpus", "users", "ht", "affinity", "fill", "step_duration", "warmup", "think_time", "reset_between", "allow_used_store", "threshold", "driver_cpus", "label", "rates", "sla"];

    /// <summary>Applies one setting (option name without dashes, '-' or '_') to a plan.</summary>
    public static SweepPlan Apply(SweepPlan plan, string key, string value)
    {
        var name = key.Trim().TrimStart('-').Replace('-', '_');
        return name switch
        {
            "server_pid" => plan with { ServerPid = InputBounds.CheckInt(name, Shown(name), value) },
            "cpus" => plan with { Cpus = value.Trim() == "all" ? [SweepPlan.AllCpus] : Counts(name, value) },
            "users" => plan with { Users = Counts(name, value) },
            "ht" => Ht(plan, value),
            "affinity" => plan with { Affinity = Bool(name, value) },
            "fill" => plan with { Fill = Fill(value) },
            // duration and peak_threshold are the CLI's names (as on run and analyze); step_duration and threshold the study file's.
            "step_duration" or "duration" => plan with { StepDuration = DurationText.Parse(Shown(name), value) },
            "warmup" => plan with { Warmup = DurationText.Parse("--warmup", value) },
            "think_time" => plan with { ThinkTime = DurationText.Parse("--think-time", value, "think_time") },
            "reset_between" => plan with { ResetBetween = Bool(name, value) },
            "allow_used_store" => plan with { AllowUsedStore = Bool(name, value) },
            "threshold" or "peak_threshold" => plan with { ThresholdPercent = InputBounds.CheckNumber("threshold", Shown(name), value) },
            "rates" => plan with { Rates = Counts(name, value) },
            "sla" => plan with { Sla = LatencySla.Parse("--sla", value) },
            "driver_cpus" => plan with { DriverCpus = DriverAffinity.Parse("--driver-cpus", value) },
            "label" => plan with { Labels = WithLabel(plan.Labels, value) },
            _ => throw new UserError($"unknown study setting '{key}'; known: {string.Join(", ", Keys)}"),
        };
    }

    /// <summary>The labels with one more "key=value" (as run's --label); a one-line <see cref="UserError"/> for anything else.</summary>
    private static SortedDictionary<string, string> WithLabel(IReadOnlyDictionary<string, string> labels, string text)
    {
        var eq = text.IndexOf('=', StringComparison.Ordinal);
        if (eq <= 0)
        {
            throw new UserError($"label '{text}' (--label) is not key=value; write e.g. --label generation=SapphireRapids.");
        }

        var (key, value) = (text[..eq].Trim(), text[(eq + 1)..].Trim());
        RunLabels.Check(key, value, "--label");
        return new SortedDictionary<string, string>(labels.ToDictionary(), StringComparer.Ordinal) { [key] = value };
    }

    /// <summary>Reads a JSON study file: one object whose members are the settings (numbers, strings, booleans or arrays).</summary>
    public static async Task<SweepPlan> ReadFileAsync(string path, CancellationToken cancellationToken)
    {
        if (!File.Exists(path))
        {
            throw new UserError($"study file {path} does not exist; give a JSON file such as {{\"cpus\": [1, 2], \"users\": \"1..16\"}}");
        }

        JsonDocument document;
        await using (var stream = File.OpenRead(path))
        {
            try
            {
                document = await JsonDocument.ParseAsync(stream, default, cancellationToken).ConfigureAwait(false);
            }
            catch (JsonException e)
            {
                throw new UserError($"study file {path} is not valid JSON (line {e.LineNumber + 1}); fix it or use options", e);
            }
        }

        using (document)
        {
            if (document.RootElement.ValueKind != JsonValueKind.Object)
            {
                throw new UserError($"study file {path} must hold one JSON object of settings ({string.Join(", ", Keys)})");
            }

            var plan = new SweepPlan();
            foreach (var member in document.RootElement.EnumerateObject())
            {
                plan = Apply(plan, member.Name, Text(member.Value));
            }

            return plan;
        }
    }

    /// <summary>"1,2,4,8" as listed, or "1..64" doubling from the first to the last (last included); each within <see cref="InputBounds"/>.</summary>
    public static IReadOnlyList<int> Counts(string name, string text)
    {
        var range = text.Split("..", StringSplitOptions.TrimEntries);
        if (range.Length == 2)
        {
            var first = Count(name, range[0]);
            var last = Count(name, range[1]);
            return first <= last
                ? CpuSetPlanner.Doubling(last, first)
                : throw new UserError($"--{name.Replace('_', '-')} {text}: the range must go up, e.g. 1..64");
        }

        return text.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries).Select(v => Count(name, v)).ToList();
    }

    private static int Count(string name, string text)
    {
        _ = Int(name, text);
        return InputBounds.CheckInt(name, Shown(name), text);
    }

    private static string Shown(string name) => "--" + name.Replace('_', '-');

    private static SweepPlan Ht(SweepPlan plan, string value)
    {
        var variants = value.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries);
        if (variants.Length == 0 || variants.Any(static v => v is not ("on" or "off")))
        {
            throw new UserError($"--ht {value}: give on, off or on,off (N/2 cores × 2 threads against N cores × 1 thread)");
        }

        return plan with { HtOn = variants.Contains("on"), HtOff = variants.Contains("off") };
    }

    private static ThreadFill Fill(string value) => value.Trim() switch
    {
        "cores" => ThreadFill.CoresFirst,
        "threads" => ThreadFill.ThreadsFirst,
        _ => throw new UserError($"--fill {value}: give cores (one thread per core first) or threads (a core's threads first)"),
    };

    private static int Int(string name, string text) =>
        int.TryParse(text.Trim(), NumberStyles.None, CultureInfo.InvariantCulture, out var value)
            ? value
            : throw new UserError($"--{name.Replace('_', '-')} {text}: '{text}' is not a whole number");

    private static bool Bool(string name, string text) => text.Trim().ToLowerInvariant() switch
    {
        "" or "true" or "yes" or "y" or "on" => true,
        "false" or "no" or "n" or "off" => false,
        _ => throw new UserError($"--{name.Replace('_', '-')} {text}: give true or false"),
    };

    private static string Text(JsonElement value) => value.ValueKind switch
    {
        JsonValueKind.Array => string.Join(',', value.EnumerateArray().Select(Text)),
        JsonValueKind.String => value.GetString() ?? "",
        JsonValueKind.True => "true",
        JsonValueKind.False => "false",
        _ => value.GetRawText(),
    };
}
