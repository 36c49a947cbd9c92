using System.Text.Json;
using DvdStore.Driver.Results;
using DvdStore.Monitoring.Proc;
using DvdStore.Schema.Files;

namespace DvdStore.Studies;

/// <summary>
/// <c>sweep.json</c>: the study in one file — the plan, each CPU set with its steps (users, OPM, growth) and its
/// peak — written atomically so a reader never sees half of it.
/// </summary>
public static class SweepSummary
{
    public const string FileName = "sweep.json";

    public static Task WriteAsync(string folder, string sweepId, SweepPlan plan, string? pinMethod, IReadOnlyList<SweepSetResult> results, CancellationToken cancellationToken) =>
        AtomicFile.WriteAsync(Path.Combine(folder, FileName), async stream =>
        {
            await using var json = new Utf8JsonWriter(stream, new JsonWriterOptions { Indented = true });
            json.WriteStartObject();
            json.WriteString("sweep", sweepId);
            json.WriteString("pin_method", pinMethod ?? "unpinned");
            WritePlan(json, plan);
            json.WriteStartArray("sets");
            foreach (var result in results)
            {
                WriteSet(json, result);
            }

            json.WriteEndArray();
            json.WriteEndObject();
            await json.FlushAsync(cancellationToken).ConfigureAwait(false);
        }, cancellationToken);

    private static void WritePlan(Utf8JsonWriter json, SweepPlan plan)
    {
        json.WriteStartObject("plan");
        if (plan.ServerPid is { } pid)
        {
            json.WriteNumber("server_pid", pid);
        }

        if (plan.Cpus is { } cpus)
        {
            json.WriteStartArray("cpus");
            foreach (var c in cpus)
            {
                if (c == SweepPlan.AllCpus)
                {
                    json.WriteStringValue("all");
                }
                else
                {
                    json.WriteNumberValue(c);
                }
            }

            json.WriteEndArray();
        }

        if (plan.DriverCpus is { } driverCpus)
        {
            json.WriteString("driver_cpus", CpuList.Format(driverCpus));
        }

        json.WriteString("fill", plan.Fill == ThreadFill.CoresFirst ? "cores" : "threads");
        json.WriteStartArray("ht");
        if (plan.HtOn)
        {
            json.WriteStringValue("on");
        }

        if (plan.HtOff)
        {
            json.WriteStringValue("off");
        }

        json.WriteEndArray();
        json.WriteBoolean("affinity", plan.Affinity);
        json.WriteStartArray("users");
        foreach (var u in plan.Users)
        {
            json.WriteNumberValue(u);
        }

        json.WriteEndArray();
        json.WriteNumber("step_duration_s", plan.StepDuration.TotalSeconds);
        json.WriteNumber("warmup_s", plan.Warmup.TotalSeconds);
        json.WriteNumber("think_time_s", plan.ThinkTime.TotalSeconds);
        json.WriteBoolean("reset_between", plan.ResetBetween);
        json.WriteBoolean("allow_used_store", plan.AllowUsedStore);
        json.WriteNumber("threshold_pct", plan.ThresholdPercent);
        if (plan.Rates is { } rates)
        {
            json.WriteStartArray("rates");
            foreach (var rate in rates)
            {
                json.WriteNumberValue(rate);
            }

            json.WriteEndArray();
        }

        if (plan.Sla is { } sla)
        {
            WriteSla(json, sla);
        }

        json.WriteEndObject();
    }

    private static void WriteSla(Utf8JsonWriter json, LatencySla sla)
    {
        json.WriteStartObject("sla");
        json.WriteNumber("percentile", sla.Percentile);
        json.WriteNumber("limit_ms", sla.Limit.TotalMilliseconds);
        json.WriteEndObject();
    }

    /// <summary>A rate sweep's steps (rate asked, OPM delivered, worst interval at the SLA's percentile, held) and its SLA OPM.</summary>
    private static void WriteRates(Utf8JsonWriter json, RateSearch rates)
    {
        json.WriteStartArray("rate_steps");
        foreach (var step in rates.Steps)
        {
            json.WriteStartObject();
            json.WriteNumber("rate", step.TargetOpm);
            json.WriteNumber("opm", Math.Round(step.Opm, 1));
            if (step.WorstMs is { } worst)
            {
                json.WriteNumber("worst_interval_ms", Math.Round(worst, 3));
                json.WriteBoolean("held", step.Held);
            }

            json.WriteEndObject();
        }

        json.WriteEndArray();
        if (rates.Sla is not null)
        {
            if (rates.SlaStep is { } held)
            {
                json.WriteStartObject("sla_opm");
                json.WriteNumber("rate", held.TargetOpm);
                json.WriteNumber("opm", Math.Round(held.Opm, 1));
                json.WriteEndObject();
            }
            else
            {
                json.WriteNull("sla_opm");
            }
        }
    }

    private static void WriteSet(Utf8JsonWriter json, SweepSetResult result)
    {
        json.WriteStartObject();
        json.WriteString("name", result.Set?.Name ?? "unpinned");
        if (result.Set is { } set)
        {
            json.WriteString("study", CpuSet.StudyName(set.Study));
            json.WriteString("variant", set.Variant);
            json.WriteString("cpu_list", set.Shape.CpuList);
            json.WriteNumber("cpus", set.Shape.Cpus);
            json.WriteNumber("cores", set.Shape.Cores);
            json.WriteNumber("threads_per_core", set.Shape.ThreadsPerCore);
            json.WriteNumber("sockets", set.Shape.Sockets);
            json.WriteNumber("nodes", set.Shape.Nodes);
        }

        json.WriteStartArray("steps");
        foreach (var step in result.Search.Steps)
        {
            json.WriteStartObject();
            json.WriteNumber("users", step.Users);
            json.WriteNumber("opm", Math.Round(step.Opm, 1));
            if (step.GrowthPercent is { } growth)
            {
                json.WriteNumber("growth_pct", Math.Round(growth, 2));
            }
            else
            {
                json.WriteNull("growth_pct");
            }

            json.WriteEndObject();
        }

        json.WriteEndArray();
        json.WriteStartObject("peak");
        if (result.Search.Steps.Count == 0)
        {
            json.WriteEndObject();
            json.WriteEndObject();
            return;
        }

        json.WriteNumber("users", result.Search.Peak.Users);
        json.WriteNumber("opm", Math.Round(result.Search.Peak.Opm, 1));
        json.WriteEndObject();
        json.WriteString("stop", result.Search.StopReason == PeakStopReason.Plateau ? "plateau" : "still-growing");
        if (result.Rates is { } rates)
        {
            WriteRates(json, rates);
        }

        json.WriteEndObject();
    }
}
