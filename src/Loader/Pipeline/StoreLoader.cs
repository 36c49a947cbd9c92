using System.Data.Common;
using System.Diagnostics;
using System.Globalization;
using DvdStore.Loader.Generation;
using DvdStore.Loader.Import;
using DvdStore.Loader.Store;
using DvdStore.Schema;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Engines.Common;
using DvdStore.Schema.Model;
using DvdStore.Schema.Sizing;

namespace DvdStore.Loader.Pipeline;

/// <summary>
/// Builds a store of any size, the same on every engine: tables → DS_STORE_INFO state=loading → parallel
/// generation streamed into the engine's bulk writers → keys → procedures and trigger → identities →
/// inventory baseline → statistics → DS_STORE_INFO state=complete with counts, maxima, fingerprint and
/// timings, all under the store's lease (<see cref="StoreLease"/>: one load, resume, drop or run at a time). A load that
/// stops half-way leaves state=loading, which verify reports, --resume finishes and --drop-existing rebuilds.
/// With <see cref="LoadOptions.FromCsv"/> the rows come from DS3's data files instead of the generator, through the
/// same bulk path, and the size is read from the rows loaded (customers and products, as DS3's sizes make them).
/// </summary>
public static class StoreLoader
{
    public static async Task<LoadReport> LoadAsync(StoreTarget target, LoadOptions options, IProgress<LoadProgress>? progress, CancellationToken cancellationToken)
    {
        if (options.Threads < 1)
        {
            throw new UserError($"--parallel-tables must be at least 1 (got {options.Threads}).");
        }

        if (options.Resume && (options.FromCsv is not null || options.DropExisting))
        {
            throw new UserError("--resume finishes the store's own interrupted load: leave out --from-csv and --drop-existing.");
        }

        // The files are found (or refused) before anything on the target changes.
        var folder = options.FromCsv is null ? null : Ds3DataFolder.Open(options.FromCsv);
        // Taken before anything of the store is read or changed and held to the end: a second load, a resume, a drop,
        // a reset or a run is refused meanwhile by name, and --drop-existing drops the store under this lease (which
        // lives outside the store). Every mark and the final 'complete' are written only while it is still ours.
        await using var lease = await StoreLease.AcquireAsync(target, StoreLeases.Holder(HolderOf(options)), null, cancellationToken).ConfigureAwait(false);
        using var held = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, lease.LostToken);
        try
        {
            return await LoadHeldAsync(target, options, folder, lease, progress, held.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException) when (lease.Lost && !cancellationToken.IsCancellationRequested)
        {
            throw new UserError($"{lease.Holder} stopped writing the store at {target.RedactedConnection}: {lease.LostReason}.");
        }
    }

    /// <summary>How the lease names a load: "dvdstore load --size 10MB", "… --drop-existing", "dvdstore load --resume".</summary>
    private static string HolderOf(LoadOptions options) =>
        options.Resume ? "dvdstore load --resume"
        : (options.FromCsv is { } csv ? $"dvdstore load --from-csv {csv}" : $"dvdstore load --size {options.Size}") + (options.DropExisting ? " --drop-existing" : "");

    private static async Task<LoadReport> LoadHeldAsync(StoreTarget target, LoadOptions options, Ds3DataFolder? folder, StoreLease lease, IProgress<LoadProgress>? progress, CancellationToken cancellationToken)
    {
        var total = Stopwatch.StartNew();
        var steps = new List<StepTiming>();
        var engine = target.Engine;
        await using var connection = await target.OpenAsync(cancellationToken).ConfigureAwait(false);
        LoadResume? resume = null;
        if (options.Resume)
        {
            (resume, _) = await LoadResume.ReadAsync(target, connection, cancellationToken).ConfigureAwait(false);
            // The store says what it is being loaded with, so the plan (and every stream's name) is the same as before.
            options = resume.Recorded(options);
        }

        var rows = folder is null ? new StoreRows(options.Seed, options.Size) : null;
        IReadOnlyList<IRowSource> sources = rows?.Tables ?? folder!.Tables;
        var finisher = engine.BulkLoadFinisher;
        var bulkTables = sources.Select(s => s.Table).ToHashSet();
        var look = StatementWatch.For(target);

        await Step("tables", async () =>
        {
            if (resume is not null)
            {
                return;
            }

            if (await engine.StoreExistsAsync(connection, cancellationToken).ConfigureAwait(false))
            {
                if (!options.DropExisting)
                {
                    throw new UserError($"a store already exists on {target.RedactedConnection}; add --drop-existing to replace it, --resume to finish a load that was interrupted, or run 'dvdstore verify' to check it.");
                }

                // Under this load's lease: no other process holds the store (it would have refused the lease).
                await engine.DropAsync(connection, cancellationToken).ConfigureAwait(false);
            }

            await (finisher is null
                ? engine.CreateAsync(connection, SchemaPhase.Tables, cancellationToken)
                : finisher.CreateTablesAsync(connection, bulkTables, cancellationToken)).ConfigureAwait(false);
            await lease.WriteFencedAsync(connection, transaction => StoreInfo.WriteAsync(engine, connection, transaction, new Dictionary<string, string>
            {
                [StoreInfo.StateKey] = StoreInfo.Loading,
                [StoreInfo.SizeKey] = folder is null ? options.Size.ToString() : "from csv",
                [StoreInfo.SeedKey] = folder is null ? options.Seed.ToString(CultureInfo.InvariantCulture) : CsvSeed,
                [StoreInfo.VersionKey] = StoreInfo.DataVersion,
                ["load.started"] = DateTime.UtcNow.ToString("O", CultureInfo.InvariantCulture),
                [LoadResume.ThreadsKey] = options.Threads.ToString(CultureInfo.InvariantCulture),
                [LoadResume.SplitRowsKey] = options.SplitRows.ToString(CultureInfo.InvariantCulture),
                [LoadResume.ToolKey] = ToolVersion,
            }, cancellationToken), cancellationToken).ConfigureAwait(false);
        }).ConfigureAwait(false);

        var loads = Plan(sources, target, options, await engine.TablesLoadedAsOneStreamAsync(connection, cancellationToken).ConfigureAwait(false), lease, progress);
        // The streams' names are the resume marks' keys: a resume goes on only with the plan the load began with.
        var plan = LoadResume.PlanValue(loads.Select(l => l.Label));
        if (resume is null || resume.RecordedPlan is null)
        {
            await LoadResume.MarkAsync(lease, connection, LoadResume.PlanKey, plan, cancellationToken).ConfigureAwait(false);
        }
        else
        {
            resume.RequireSamePlan(plan);
        }

        // Index builds are sized to the server's CPUs (each engine's parallel build).
        var serverCpus = await ServerCpus.ReadAsync(target, connection, cancellationToken).ConfigureAwait(false);
        if (resume is not null)
        {
            await RestoreFinishedStreamsAsync(engine, connection, resume, loads, cancellationToken).ConfigureAwait(false);
        }

        var written = new Dictionary<string, long>(StringComparer.Ordinal);
        // With a finisher, each table's keys are built while the others still load (the "keys" step waits for the rest).
        await using var finishing = finisher is null ? null : new TableFinishing(target, finisher, loads, Writers(engine, options), serverCpus.Count, resume, lease, progress, cancellationToken);
        await Step("load", async () =>
        {
            try
            {
                await LoadTablesAsync([.. loads.Where(l => !l.Restored)], rows?.Inventory, Writers(engine, options), finishing is null ? null : finishing.PartLoaded, finishing?.Token ?? cancellationToken).ConfigureAwait(false);
                foreach (var load in loads)
                {
                    written[load.Table.Name] = written.GetValueOrDefault(load.Table.Name) + load.Fingerprint.Rows;
                }
            }
            catch (OperationCanceledException) when (finishing?.Failure is { } failure)
            {
                System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(failure).Throw();
            }
        }).ConfigureAwait(false);

        var size = folder is null ? options.Size : StoreAdoption.SizeOf(written.GetValueOrDefault("CUSTOMERS"), written.GetValueOrDefault("PRODUCTS"));
        await Step("keys", () => finishing is null ? engine.CreateKeysAsync(connection, serverCpus.Count, cancellationToken) : finishing.CompleteAsync(), marked: true).ConfigureAwait(false);
        await Step("programmability", () => engine.CreateAsync(connection, SchemaPhase.Programmability, cancellationToken), marked: true).ConfigureAwait(false);

        var maxima = loads.Where(l => l.Table.IdentityColumn is not null).GroupBy(l => l.Table.Name)
            .ToDictionary(g => g.Key, g => g.Max(l => l.MaxId), StringComparer.Ordinal);
        await Step("identities", async () =>
        {
            foreach (var (table, max) in maxima)
            {
                await engine.ResetIdentityAsync(connection, StoreModel.Table(table), max, cancellationToken).ConfigureAwait(false);
            }
        }, marked: true).ConfigureAwait(false);

        await Step("baseline", () => CopyInventoryBaselineAsync(connection, cancellationToken), marked: true).ConfigureAwait(false);
        await Step("analyze", () => finisher is null
            ? engine.AnalyzeAsync(connection, cancellationToken)
            : finisher.AnalyzeAsync(connection, StoreModel.Tables.Where(t => !bulkTables.Contains(t)), cancellationToken), marked: true).ConfigureAwait(false);

        written[StoreModel.Categories.Name] = StoreModel.CategoryNames.Count;
        written[StoreModel.Reorder.Name] = 0;
        var fingerprint = new StoreFingerprint(
            [.. sources.Select(t => Merge(t.Table.Name, loads.Where(l => l.Source == t))), CategoriesFingerprint(), new TableFingerprint(StoreModel.Reorder.Name, 0, 0)]);
        var info = new Dictionary<string, string>(StringComparer.Ordinal)
        {
            [StoreInfo.FingerprintKey] = fingerprint.Value,
            [StoreInfo.FingerprintDetailKey] = fingerprint.Detail,
            [StoreInfo.SizeKey] = size.ToString(),
            ["load.threads"] = options.Threads.ToString(CultureInfo.InvariantCulture),
            ["load.server_cpus"] = serverCpus.Basis,
            ["load.tool"] = ToolVersion,
            ["load.finished"] = DateTime.UtcNow.ToString("O", CultureInfo.InvariantCulture),
        };
        foreach (var (table, count) in written)
        {
            info[StoreInfo.CountKey(table)] = count.ToString(CultureInfo.InvariantCulture);
        }

        foreach (var (table, max) in maxima)
        {
            info[StoreInfo.MaxKey(table)] = max.ToString(CultureInfo.InvariantCulture);
        }

        foreach (var step in steps)
        {
            info["time." + step.Step] = step.Elapsed.TotalSeconds.ToString("F3", CultureInfo.InvariantCulture);
        }

        if (folder is not null)
        {
            info["load.from_csv"] = folder.Root;
        }

        if (resume is not null)
        {
            info["load.resumed"] = DateTime.UtcNow.ToString("O", CultureInfo.InvariantCulture);
        }

        info["time.total"] = total.Elapsed.TotalSeconds.ToString("F3", CultureInfo.InvariantCulture);
        // The state flips to complete last, in the same transaction as everything the store's checks rely on, and only
        // while the lease is still this load's (a load that lost it must not mark a store another process now writes).
        info[StoreInfo.StateKey] = StoreInfo.Complete;
        await lease.WriteFencedAsync(connection, async transaction =>
        {
            await StoreInfo.WriteAsync(engine, connection, transaction, info, cancellationToken).ConfigureAwait(false);
            await StoreInfo.RemoveAsync(engine, connection, transaction, LoadResume.Prefix, cancellationToken).ConfigureAwait(false);
        }, cancellationToken).ConfigureAwait(false);
        return new LoadReport(options with { Size = size }, written, maxima, fingerprint, steps, total.Elapsed);

        // A marked step records that it finished, and a resumed load skips it once recorded.
        async Task Step(string name, Func<Task> action, bool marked = false)
        {
            if (marked && resume is not null && resume.StepDone(name))
            {
                return;
            }

            var clock = Stopwatch.StartNew();
            progress?.Report(new LoadProgress(name, null, 0, 0, 0, TimeSpan.Zero, Done: false));
            using (var beating = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken))
            {
                var heartbeat = StepHeartbeat.BeatAsync(name, clock, progress, look, beating.Token);
                try
                {
                    await action().ConfigureAwait(false);
                }
                finally
                {
                    await beating.CancelAsync().ConfigureAwait(false);
                    await heartbeat.ConfigureAwait(false);
                }
            }

            if (marked)
            {
                await LoadResume.MarkAsync(lease, connection, LoadResume.StepKey(name), "done", cancellationToken).ConfigureAwait(false);
            }

            steps.Add(new StepTiming(name, clock.Elapsed));
            progress?.Report(new LoadProgress(name, null, 0, 0, 0, clock.Elapsed, Done: true));
        }
    }

    /// <summary>DS_STORE_INFO's seed for a store loaded from files: no seed made its rows.</summary>
    public const string CsvSeed = "csv";

    /// <summary>The loader's version, recorded when a load begins and when it completes; a resume needs the same.</summary>
    public static string ToolVersion => typeof(StoreLoader).Assembly.GetName().Version?.ToString() ?? "";

    /// <summary>The fingerprint of the 16 categories the engine inserts with the tables.</summary>
    public static TableFingerprint CategoriesFingerprint()
    {
        ulong hash = 0;
        for (var i = 0; i < StoreModel.CategoryNames.Count; i++)
        {
            hash += RowHash.Of(StoreModel.Categories.Columns, [(short)(i + 1), StoreModel.CategoryNames[i]]);
        }

        return new TableFingerprint(StoreModel.Categories.Name, StoreModel.CategoryNames.Count, hash);
    }

    /// <summary>The bulk streams to run (see <see cref="LoadPlan"/>), each a <see cref="TableLoad"/> of its own.</summary>
    private static List<TableLoad> Plan(IReadOnlyList<IRowSource> sources, StoreTarget target, LoadOptions options, IReadOnlySet<string> oneStream, StoreLease lease, IProgress<LoadProgress>? progress)
    {
        var tables = sources.Select(s => new PlannedTable(s.Table, s.ExpectedRows, s.ChunkCount, s is InventoryRows)).ToList();
        return [.. LoadPlan.For(tables, target.Engine, options.Threads, options.SplitRows, oneStream)
            .Select(stream => new TableLoad(target, sources[tables.IndexOf(stream.Table)], options, lease, progress, stream))];
    }

    /// <summary>
    /// Takes the marks of the streams an earlier run finished, and removes what the unfinished ones may have left, so
    /// that they start again on empty ground.
    /// </summary>
    private static async Task RestoreFinishedStreamsAsync(IEngine engine, DbConnection connection, LoadResume resume, List<TableLoad> loads, CancellationToken cancellationToken)
    {
        foreach (var load in loads)
        {
            if (resume.FinishedPart(load.Label) is { } finished)
            {
                load.Restore(finished.Rows, finished.Hash, finished.MaxId);
            }
        }

        foreach (var table in loads.GroupBy(l => l.Table.Name))
        {
            var unfinished = table.Where(l => !l.Restored).Select(l => l.Stream).ToList();
            if (unfinished.Count > 0)
            {
                await LoadResume.RemoveUnfinishedAsync(engine, connection, table.Key, table.First().Source.ChunkKey, unfinished, table.Any(l => l.Restored), cancellationToken).ConfigureAwait(false);
            }
        }
    }

    /// <summary>A table's fingerprint from its parts': row hashes are summed, so parts add up.</summary>
    private static TableFingerprint Merge(string table, IEnumerable<TableLoad> parts)
    {
        long count = 0;
        ulong hash = 0;
        foreach (var part in parts)
        {
            count += part.Fingerprint.Rows;
            hash += part.Fingerprint.Hash;
        }

        return new TableFingerprint(table, count, hash);
    }

    private static int Writers(IEngine engine, LoadOptions options) => LoadPlan.Writers(engine, options.Threads);

    private static async Task<List<(string Table, long Rows)>> LoadTablesAsync(List<TableLoad> loads, InventoryRows? inventory, int writers, Action<TableLoad>? loaded, CancellationToken cancellationToken)
    {
        using var failed = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        // Inventory waits for the order lines' sales tally: a failure elsewhere must end that wait too.
        if (inventory is not null)
        {
            inventory.Cancellation = failed.Token;
        }

        using var slots = new SemaphoreSlim(writers);
        var tasks = loads.Select(async load =>
        {
            await slots.WaitAsync(failed.Token).ConfigureAwait(false);
            try
            {
                var rows = await load.RunAsync(failed.Token).ConfigureAwait(false);
                loaded?.Invoke(load);
                return (load.Table.Name, rows);
            }
            catch
            {
                await failed.CancelAsync().ConfigureAwait(false);
                throw;
            }
            finally
            {
                slots.Release();
            }
        }).ToList();
        try
        {
            return [.. await Task.WhenAll(tasks).ConfigureAwait(false)];
        }
        catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
        {
            // One table failed and cancelled the others: report the real failure, not a cancellation.
            var real = tasks.Where(t => t.IsFaulted).SelectMany(t => t.Exception!.InnerExceptions).FirstOrDefault(e => e is not OperationCanceledException);
            if (real is not null)
            {
                System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(real).Throw();
            }

            throw;
        }
    }

    private static async Task CopyInventoryBaselineAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        await connection.ExecuteAsync("DELETE FROM DS_INVENTORY_BASELINE", cancellationToken).ConfigureAwait(false);
        await connection.ExecuteAsync(
            "INSERT INTO DS_INVENTORY_BASELINE (PROD_ID, QUAN_IN_STOCK, SALES) SELECT PROD_ID, QUAN_IN_STOCK, SALES FROM INVENTORY",
            cancellationToken).ConfigureAwait(false);
    }
}
