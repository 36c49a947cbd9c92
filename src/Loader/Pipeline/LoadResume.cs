using System.Data.Common;
using System.Globalization;
using DvdStore.Loader.Generation;
using DvdStore.Loader.Store;
using DvdStore.Schema;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Engines.Common;
using DvdStore.Schema.Sizing;

namespace DvdStore.Loader.Pipeline;

/// <summary>
/// What a load has finished, kept in the store's own DS_STORE_INFO while its state is "loading" (each mark written
/// once the work it names is committed): every bulk stream's rows, hash and largest id, every table's keys, every
/// foreign key, every later step. A load resumed with <see cref="LoadOptions.Resume"/> skips what is marked, removes
/// what an unmarked stream may have left (its rows are committed before its mark, so a kill between the two leaves
/// rows to remove), and builds the same store with the same fingerprint. The marks go when the load completes.
/// </summary>
public sealed class LoadResume(StoreInfo info)
{
    /// <summary>Every mark starts with this (removed, all together, when the load completes).</summary>
    public const string Prefix = "resume.";

    /// <summary>The threads and split size the load was planned with: a resumed load plans the same streams.</summary>
    public const string ThreadsKey = Prefix + "threads", SplitRowsKey = Prefix + "split_rows";

    /// <summary>The loader's version when the load began, and its plan (how many streams, and a digest of their names).</summary>
    public const string ToolKey = Prefix + "tool", PlanKey = Prefix + "plan";

    /// <summary>One mark at a time: two sessions' DELETE + INSERT of DS_STORE_INFO rows deadlock on InnoDB's gap locks.</summary>
    private static readonly SemaphoreSlim Marking = new(1, 1);

    public static string PartKey(string label) => Prefix + "part." + label;

    /// <summary>
    /// Writes one mark on <paramref name="connection"/> (any of the load's sessions), one mark at a time, and only while
    /// the load still holds <paramref name="lease"/> (else a one-line error, and nothing is marked).
    /// </summary>
    public static async Task MarkAsync(StoreLease lease, DbConnection connection, string key, string value, CancellationToken cancellationToken)
    {
        await Marking.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            await lease.WriteFencedAsync(connection, transaction => StoreInfo.WriteAsync(lease.Target.Engine, connection, transaction, new Dictionary<string, string> { [key] = value }, cancellationToken), cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            Marking.Release();
        }
    }

    public static string KeysKey(string table) => Prefix + "keys." + table;

    public static string ForeignKeyKey(string name) => Prefix + "fk." + name;

    public static string StepKey(string step) => Prefix + "step." + step;

    /// <summary>A stream's mark: its rows, row hash and largest id.</summary>
    public static string PartValue(long rows, ulong hash, long maxId) => string.Create(CultureInfo.InvariantCulture, $"{rows} {hash} {maxId}");

    /// <summary>The mark of a finished stream, or null.</summary>
    public (long Rows, ulong Hash, long MaxId)? FinishedPart(string label)
    {
        if (info.Get(PartKey(label)) is not { } value)
        {
            return null;
        }

        var fields = value.Split(' ');
        return (long.Parse(fields[0], CultureInfo.InvariantCulture), ulong.Parse(fields[1], CultureInfo.InvariantCulture), long.Parse(fields[2], CultureInfo.InvariantCulture));
    }

    public bool KeysDone(string table) => info.Get(KeysKey(table)) is not null;

    public bool ForeignKeyDone(string name) => info.Get(ForeignKeyKey(name)) is not null;

    public bool StepDone(string step) => info.Get(StepKey(step)) is not null;

    /// <summary>The plan the load recorded (<see cref="PlanValue"/>), or null when it stopped before recording one.</summary>
    public string? RecordedPlan => info.Get(PlanKey);

    /// <summary>"12 streams 3fa9…": the count of a plan's streams and a digest of their names, in order.</summary>
    public static string PlanValue(IEnumerable<string> labels)
    {
        var names = labels.ToList();
        var digest = Convert.ToHexString(System.Security.Cryptography.SHA256.HashData(System.Text.Encoding.UTF8.GetBytes(string.Join('\n', names))))[..16];
        return string.Create(CultureInfo.InvariantCulture, $"{names.Count} streams {digest}");
    }

    /// <summary>Refuses a resume whose streams would not be the ones the load began with (a server setting that decides them changed).</summary>
    public void RequireSamePlan(string plan)
    {
        if (plan != RecordedPlan)
        {
            throw new UserError($"the interrupted load was planned as {RecordedPlan}, a resume here would plan {plan} (a server setting that decides the streams, such as innodb_autoinc_lock_mode, changed): restore it, or rebuild with 'dvdstore load --drop-existing'.");
        }
    }

    /// <summary>
    /// The options of the load being resumed: size, seed, threads and split as the store records them. Refuses in one
    /// line a record of another data version or loader version (a resume would mix two kinds of rows), and a size,
    /// seed or threads typed with --resume that differs from the recorded one, naming the option and the recorded value.
    /// </summary>
    public LoadOptions Recorded(LoadOptions options)
    {
        if (info.Get(StoreInfo.VersionKey) is var version && version != StoreInfo.DataVersion)
        {
            throw new UserError($"the interrupted load made rows of data version '{version ?? "unrecorded"}', this dvdstore makes '{StoreInfo.DataVersion}': a resume would mix the two; rebuild with 'dvdstore load --drop-existing'.");
        }

        if (info.Get(ToolKey) is var tool && tool != StoreLoader.ToolVersion)
        {
            throw new UserError($"the interrupted load was begun by dvdstore {tool ?? "(unrecorded version)"}, this is {StoreLoader.ToolVersion}: resume it with that version, or rebuild with 'dvdstore load --drop-existing'.");
        }

        var size = StoreSize.Parse(info.Get(StoreInfo.SizeKey));
        var seed = ulong.Parse(info.Get(StoreInfo.SeedKey)!, CultureInfo.InvariantCulture);
        var threads = int.Parse(info.Get(ThreadsKey)!, CultureInfo.InvariantCulture);
        Same("--size", options.Given.Size?.ToString(), size.ToString());
        Same("--data-seed", options.Given.Seed?.ToString(CultureInfo.InvariantCulture), seed.ToString(CultureInfo.InvariantCulture));
        Same("--parallel-tables", options.Given.Threads?.ToString(CultureInfo.InvariantCulture), threads.ToString(CultureInfo.InvariantCulture));
        return options with { Size = size, Seed = seed, Threads = threads, SplitRows = long.Parse(info.Get(SplitRowsKey)!, CultureInfo.InvariantCulture) };

        static void Same(string option, string? given, string recorded)
        {
            if (given is not null && given != recorded)
            {
                throw new UserError($"{option} {given} differs from the {recorded} the interrupted load was begun with: a resume finishes the load as it began; give {option} {recorded} or leave it out.");
            }
        }
    }

    /// <summary>
    /// The unfinished load on the connection's store, or a one-line refusal: none there, a complete store, a load of
    /// DS3's files (whose rows follow no key), or one whose tables were never all made.
    /// </summary>
    public static async Task<(LoadResume Resume, StoreInfo Info)> ReadAsync(StoreTarget target, DbConnection connection, CancellationToken cancellationToken)
    {
        if (!await target.Engine.StoreExistsAsync(connection, cancellationToken).ConfigureAwait(false))
        {
            throw new UserError($"no store on {target.RedactedConnection} to resume; run 'dvdstore load' without --resume.");
        }

        StoreInfo info;
        try
        {
            info = await StoreInfo.ReadAsync(connection, cancellationToken).ConfigureAwait(false);
        }
        catch (DbException)
        {
            throw new UserError($"the store on {target.RedactedConnection} has no load record (the load stopped while making its tables); rebuild it with 'dvdstore load --drop-existing'.");
        }

        if (info.State == StoreInfo.Complete)
        {
            throw new UserError($"the store on {target.RedactedConnection} is completely loaded: nothing to resume ('dvdstore verify' checks it).");
        }

        if (info.State != StoreInfo.Loading || info.Get(ThreadsKey) is null)
        {
            throw new UserError($"the store on {target.RedactedConnection} has no resumable load record (state '{info.State ?? "missing"}'); rebuild it with 'dvdstore load --drop-existing'.");
        }

        if (info.Get(StoreInfo.SeedKey) == StoreLoader.CsvSeed)
        {
            throw new UserError("a load of DS3's data files cannot be resumed (their rows follow no key range); rebuild it with 'dvdstore load --drop-existing --from-csv ...'.");
        }

        return (new LoadResume(info), info);
    }

    /// <summary>
    /// Removes whatever the unfinished streams of one table may have committed: the whole table when none of its streams
    /// finished, else the rows of those streams' chunks (a key range, or every parts-th chunk).
    /// </summary>
    public static async Task RemoveUnfinishedAsync(IEngine engine, DbConnection connection, string table, ChunkKey? key, IReadOnlyList<PlannedStream> unfinished, bool anyFinished, CancellationToken cancellationToken)
    {
        if (!anyFinished)
        {
            await connection.ExecuteAsync("DELETE FROM " + table, cancellationToken).ConfigureAwait(false);
            return;
        }

        if (key is null)
        {
            throw new InvalidOperationException($"{table}: a part of a table whose rows follow no key cannot be removed.");
        }

        await using var command = connection.Command("");
        var conditions = new List<string>();
        command.Add(engine.Parameter("w"), key.Width);
        var chunk = $"FLOOR(({key.Column} - 1) / {engine.Parameter("w")})";
        for (var i = 0; i < unfinished.Count; i++)
        {
            var stream = unfinished[i];
            var chunks = stream.Chunks().ToList();
            if (chunks.Count == 0)
            {
                continue;
            }

            if (stream.KeyRange)
            {
                conditions.Add($"{key.Column} BETWEEN {engine.Parameter("a" + i)} AND {engine.Parameter("b" + i)}");
                command.Add(engine.Parameter("a" + i), chunks[0] * key.Width + 1);
                command.Add(engine.Parameter("b" + i), (chunks[^1] + 1) * key.Width);
            }
            else
            {
                // chunk mod parts = part, written with FLOOR alone (every engine has it; MOD and % are not everywhere).
                conditions.Add($"{chunk} - {engine.Parameter("n" + i)} * FLOOR({chunk} / {engine.Parameter("n" + i)}) = {engine.Parameter("p" + i)}");
                command.Add(engine.Parameter("n" + i), (long)stream.Parts);
                command.Add(engine.Parameter("p" + i), (long)stream.Part);
            }
        }

        if (conditions.Count == 0)
        {
            return;
        }

        command.CommandText = $"DELETE FROM {table} WHERE " + string.Join(" OR ", conditions.Select(c => "(" + c + ")"));
        await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
    }
}
