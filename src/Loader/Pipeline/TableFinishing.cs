using System.Diagnostics;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Model;

namespace DvdStore.Loader.Pipeline;

/// <summary>
/// Builds keys while the load streams, for an engine with an <see cref="IBulkLoadFinisher"/>: a table's primary key,
/// indexes and statistics start as soon as its last bulk stream ends (the biggest tables load first, so their index
/// builds overlap the smaller tables' streams), and a foreign key as soon as both its tables are finished. At most
/// <c>sessions</c> finishes run at once, each on a connection of its own. The first failure cancels the rest
/// (<see cref="Token"/> also stops the load) and is the one reported.
/// </summary>
internal sealed class TableFinishing : IAsyncDisposable
{
    private readonly StoreTarget _target;
    private readonly IBulkLoadFinisher _finisher;
    private readonly IProgress<LoadProgress>? _progress;
    private readonly int _sessions;
    private readonly int _serverCpus;
    private readonly LoadResume? _resume;
    private readonly Store.StoreLease _lease;
    private readonly CancellationTokenSource _stop;
    private readonly SemaphoreSlim _slots;
    private readonly Dictionary<string, int> _partsLeft;
    private readonly Dictionary<string, TaskCompletionSource> _finished;
    private readonly List<Task> _tasks = [];
    private readonly Dictionary<string, long> _rows;
    private readonly long _totalRows;
    private readonly Stopwatch _clock = Stopwatch.StartNew();
    private long _doneRows;
    private Exception? _failure;

    /// <param name="resume">
    /// The marks of an interrupted load: a table whose keys are marked is finished, one whose streams all finished then
    /// (<see cref="TableLoad.Restored"/>) gets its keys now, after what the interrupted finish left is removed; a marked
    /// foreign key is not added again.
    /// </param>
    public TableFinishing(StoreTarget target, IBulkLoadFinisher finisher, IReadOnlyList<TableLoad> loads, int sessions, int serverCpus, LoadResume? resume, Store.StoreLease lease, IProgress<LoadProgress>? progress, CancellationToken cancellationToken)
    {
        _lease = lease;
        _serverCpus = serverCpus;
        _resume = resume;
        _target = target;
        _finisher = finisher;
        _progress = progress;
        _sessions = sessions;
        _stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        _slots = new SemaphoreSlim(sessions);
        _partsLeft = loads.GroupBy(l => l.Table.Name).ToDictionary(g => g.Key, g => g.Count(l => !l.Restored), StringComparer.Ordinal);
        _finished = StoreModel.Tables.ToDictionary(t => t.Name, _ => new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously), StringComparer.Ordinal);
        foreach (var table in StoreModel.Tables.Where(t => !_partsLeft.ContainsKey(t.Name)))
        {
            _finished[table.Name].SetResult();
        }

        // Progress counts rows: a table's keys weigh its rows, a foreign key its child table's (the rows it checks).
        _rows = loads.GroupBy(l => l.Table.Name).ToDictionary(g => g.Key, g => g.First().Source.ExpectedRows, StringComparer.Ordinal);
        _totalRows = _rows.Values.Sum() + StoreModel.ForeignKeys.Sum(k => _rows.GetValueOrDefault(k.Table));
        foreach (var table in loads.Where(l => _partsLeft[l.Table.Name] == 0).Select(l => l.Table).Distinct())
        {
            if (resume!.KeysDone(table.Name))
            {
                Advance(table.Name);
                _finished[table.Name].SetResult();
            }
            else
            {
                _tasks.Add(FinishAsync(table, loads.First(l => l.Table == table).SoleStream));
            }
        }

        _tasks.AddRange(StoreModel.ForeignKeys.Select(AddForeignKeyAsync));
    }

    /// <summary>Cancelled when a finish fails (or the caller cancels): the load stops with it.</summary>
    public CancellationToken Token => _stop.Token;

    /// <summary>The first real error of a finish, once one failed.</summary>
    public Exception? Failure => _failure;

    /// <summary>One bulk stream ended; after a table's last one, its keys start.</summary>
    public void PartLoaded(TableLoad load)
    {
        lock (_tasks)
        {
            if (--_partsLeft[load.Table.Name] == 0)
            {
                _tasks.Add(FinishAsync(load.Table, load.SoleStream));
            }
        }
    }

    /// <summary>Waits for every table's keys and every foreign key (call after the last stream ended).</summary>
    public async Task CompleteAsync()
    {
        Task[] tasks;
        lock (_tasks)
        {
            tasks = [.. _tasks];
        }

        try
        {
            await Task.WhenAll(tasks).ConfigureAwait(false);
        }
        catch (OperationCanceledException) when (_failure is not null)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(_failure).Throw();
        }
    }

    /// <summary>Stops what still runs (after a failed load) and waits for it, so no session outlives the load.</summary>
    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync().ConfigureAwait(false);
        foreach (var finished in _finished.Values)
        {
            finished.TrySetCanceled();
        }

        Task[] tasks;
        lock (_tasks)
        {
            tasks = [.. _tasks];
        }

        try
        {
            await Task.WhenAll(tasks).ConfigureAwait(false);
        }
        catch (Exception)
        {
            // Already reported by CompleteAsync, or the load's own failure is the one being reported.
        }

        _stop.Dispose();
        _slots.Dispose();
    }

    private async Task FinishAsync(TableSpec table, bool soleStream)
    {
        try
        {
            await RunAsync($"keys {table.Name}", async connection =>
            {
                if (_resume is not null)
                {
                    await _finisher.UndoFinishAsync(connection, table, _stop.Token).ConfigureAwait(false);
                }

                await _finisher.FinishTableAsync(connection, table, soleStream, _sessions, _serverCpus, _stop.Token).ConfigureAwait(false);
                await LoadResume.MarkAsync(_lease, connection, LoadResume.KeysKey(table.Name), "done", _stop.Token).ConfigureAwait(false);
            }).ConfigureAwait(false);
            Advance(table.Name);
            _finished[table.Name].TrySetResult();
        }
        catch (Exception e)
        {
            _finished[table.Name].TrySetCanceled();
            Failed(e);
            throw;
        }
    }

    private async Task AddForeignKeyAsync(ForeignKeySpec key)
    {
        try
        {
            await Task.WhenAll(_finished[key.Table].Task, _finished[key.ReferencedTable].Task).ConfigureAwait(false);
            if (_resume?.ForeignKeyDone(key.Name) != true)
            {
                await RunAsync($"keys {key.Name}", async connection =>
                {
                    if (_resume is not null)
                    {
                        await _finisher.UndoForeignKeyAsync(connection, key, _stop.Token).ConfigureAwait(false);
                    }

                    await _finisher.AddForeignKeyAsync(connection, key, _stop.Token).ConfigureAwait(false);
                    await LoadResume.MarkAsync(_lease, connection, LoadResume.ForeignKeyKey(key.Name), "done", _stop.Token).ConfigureAwait(false);
                }).ConfigureAwait(false);
            }

            Advance(key.Table);
        }
        catch (Exception e)
        {
            Failed(e);
            throw;
        }
    }

    private async Task RunAsync(string label, Func<System.Data.Common.DbConnection, Task> action)
    {
        await _slots.WaitAsync(_stop.Token).ConfigureAwait(false);
        try
        {
            var clock = Stopwatch.StartNew();
            await using var connection = await _target.OpenAsync(_stop.Token).ConfigureAwait(false);
            await action(connection).ConfigureAwait(false);
            _progress?.Report(new LoadProgress(label, null, 0, 0, 0, clock.Elapsed, Done: true));
        }
        finally
        {
            _slots.Release();
        }
    }

    /// <summary>Reports the keys built so far, as the rows they cover of all the keys' rows: a rate and a time left.</summary>
    private void Advance(string table)
    {
        var done = Interlocked.Add(ref _doneRows, _rows.GetValueOrDefault(table));
        _progress?.Report(new LoadProgress("keys", "keys (rows covered)", done, _totalRows, 0, _clock.Elapsed, done >= _totalRows));
    }

    private void Failed(Exception e)
    {
        if (e is not OperationCanceledException)
        {
            Interlocked.CompareExchange(ref _failure, e, null);
            _stop.Cancel();
        }
    }
}
