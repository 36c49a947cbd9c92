using System.Globalization;
using DvdStore.Driver.Results;
using DvdStore.Schema;
using DvdStore.Schema.Files;

namespace DvdStore.Driver.Running;

/// <summary>Refuses settings a run cannot use, before anything connects, with one line saying what to change.</summary>
public static class RunSettingsCheck
{
    /// <summary>Most users one driver process runs; more belong in several processes started together.</summary>
    public const int MaxUsers = 10_000;

    private static readonly CultureInfo Inv = CultureInfo.InvariantCulture;

    public static void Validate(RunSettings s)
    {
        if (s.Targets.Count == 0)
        {
            throw new UserError("no target to run against; give --engine and --connection.");
        }

        if (s.UsersPerTarget < 1)
        {
            throw new UserError($"n_threads must be at least 1 (got {s.UsersPerTarget}).");
        }

        if (s.TotalUsers > MaxUsers)
        {
            throw new UserError(string.Create(Inv, $"{s.TotalUsers:N0} users is more than one driver process runs (at most {MaxUsers:N0}); run several driver processes with --start_at."));
        }

        if (s.RampRate <= 0)
        {
            throw new UserError($"ramp_rate must be greater than 0 (got {s.RampRate.ToString(Inv)}).");
        }

        if (s.LogFrequencySeconds < 1)
        {
            throw new UserError($"log_freq must be at least 1 second (got {s.LogFrequencySeconds}).");
        }

        if (s.Warmup < TimeSpan.Zero || s.RunTime < TimeSpan.Zero)
        {
            throw new UserError("warm-up and run time must not be negative.");
        }

        var w = s.Workload;
        if (w.Searches < 1 || w.SearchBatchSize < 1 || w.Reviews < 1 || w.LineItems < 1)
        {
            throw new UserError("n_searches, search_batch_size, n_reviews and n_line_items must be greater than 0.");
        }

        if (w.ThinkTimeSeconds < 0)
        {
            throw new UserError("think_time must not be negative.");
        }

        if (s.ResetStore && (s.StartAt is not null || s.Fleet is not null))
        {
            // Drivers started together drive one store: one of them resetting it would undo the others' start.
            throw new UserError("--reset cannot be combined with --start-at or --fleet (the drivers share the store); reset it once with 'dvdstore reset' before starting them.");
        }

        // Found out before the run, not after it: a run whose result cannot be written is a run wasted.
        AtomicFile.EnsureWritableFolder(s.OutputDirectory, "--out");
        if (!string.IsNullOrEmpty(s.Ds3CsvFile))
        {
            AtomicFile.EnsureWritableFolder(Path.GetDirectoryName(Path.GetFullPath(s.Ds3CsvFile))!, "--out_filename");
        }
    }
}
