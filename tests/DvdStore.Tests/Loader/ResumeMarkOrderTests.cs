using System.Collections.Concurrent;
using System.Reflection;
using System.Runtime.ExceptionServices;

namespace DvdStore.Tests.Loader;

/// <summary>
/// Issue 37: a stream's resume mark says its rows are committed, so it must never be visible before they are. Each
/// bulk stream of a real load (its big tables split into parts) is held at the point its rows are about to commit,
/// and the marks of its table are read there from another session: at most one per stream already committed, at
/// every stream, whatever the timing. A mark written before its rows commit is seen at the first stream (the kill
/// tests caught it only when a kill fell between the two). SQLite, MariaDB and PostgreSQL, through each engine's own
/// bulk writer, wrapped.
/// </summary>
public sealed class ResumeMarkOrderTests
{
    [SkippableTheory]
    [EveryTestEngine]
    public async Task No_streams_mark_is_visible_before_its_rows_commit(EngineKind kind)
    {
        await using var database = await LoaderDatabase.CreateAsync(kind);
        var watch = new CommitWatch(database.Target);
        var gated = new StoreTarget(CommitWatch.Wrap(database.Target.Engine, watch), database.Target.ConnectionString);

        var report = await StoreLoader.LoadAsync(gated, TestStore.Smallest.Load(2) with { SplitRows = 100_000 }, null, None);

        Assert.Equal(TestStore.Smallest.Reference.Value, report.Fingerprint.Value);
        Assert.True(watch.Checked >= StoreModel.Tables.Count(t => t.Name is not "CATEGORIES" and not "REORDER" and not "DS_STORE_INFO" and not "DS_INVENTORY_BASELINE"), $"only {watch.Checked} commits were watched");
        Assert.Empty(watch.Violations);
    }

    /// <summary>Counts each table's committed streams, and before each commit compares them with the table's marks.</summary>
    public sealed class CommitWatch(StoreTarget target)
    {
        private readonly ConcurrentDictionary<string, int> _committed = new(StringComparer.Ordinal);
        private int _checked;

        public ConcurrentBag<string> Violations { get; } = [];

        public int Checked => _checked;

        public static IEngine Wrap(IEngine engine, CommitWatch watch)
        {
            var proxy = DispatchProxy.Create<IEngine, EngineProxy>();
            ((EngineProxy)(object)proxy).Set(engine, watch);
            return proxy;
        }

        /// <summary>Before a stream of <paramref name="table"/> commits: marks of the table beyond its committed streams are marks ahead of their rows.</summary>
        public async Task BeforeCommitAsync(string table)
        {
            await using var connection = await target.OpenAsync(None);
            var info = await StoreInfo.ReadAsync(connection, None);
            var marks = info.Values.Keys.Count(k => k == LoadResume.PartKey(table) || k.StartsWith(LoadResume.PartKey(table) + "[", StringComparison.Ordinal));
            var committed = _committed.GetValueOrDefault(table);
            Interlocked.Increment(ref _checked);
            if (marks > committed)
            {
                Violations.Add($"{table}: {marks} streams marked finished, {committed} committed, before the next commit");
            }
        }

        public void Committed(string table) => _committed.AddOrUpdate(table, 1, (_, n) => n + 1);
    }

    /// <summary>The engine as it is, but for the bulk writers it opens (directly, or through its load finisher).</summary>
    public class EngineProxy : DispatchProxy
    {
        private IEngine _inner = null!;
        private CommitWatch _watch = null!;

        internal void Set(IEngine inner, CommitWatch watch) => (_inner, _watch) = (inner, watch);

        protected override object? Invoke(MethodInfo? targetMethod, object?[]? args)
        {
            if (targetMethod!.Name == "get_" + nameof(IEngine.BulkLoadFinisher))
            {
                return _inner.BulkLoadFinisher is { } finisher ? new WatchedFinisher(finisher, _watch) : null;
            }

            if (targetMethod.Name == nameof(IEngine.OpenBulkWriterAsync))
            {
                return Watched(_inner.OpenBulkWriterAsync((DbConnection)args![0]!, (TableSpec)args[1]!, (CancellationToken)args[2]!), _watch);
            }

            try
            {
                return targetMethod.Invoke(_inner, args);
            }
            catch (TargetInvocationException e) when (e.InnerException is not null)
            {
                ExceptionDispatchInfo.Capture(e.InnerException).Throw();
                throw;
            }
        }

        internal static async Task<IBulkWriter> Watched(Task<IBulkWriter> opening, CommitWatch watch) => new WatchedWriter(await opening, watch);
    }

    private sealed class WatchedFinisher(IBulkLoadFinisher inner, CommitWatch watch) : IBulkLoadFinisher
    {
        public Task CreateTablesAsync(DbConnection connection, IReadOnlyCollection<TableSpec> loaded, CancellationToken cancellationToken) => inner.CreateTablesAsync(connection, loaded, cancellationToken);

        public Task<IBulkWriter> OpenBulkWriterAsync(DbConnection connection, TableSpec table, bool soleStream, CancellationToken cancellationToken) =>
            EngineProxy.Watched(inner.OpenBulkWriterAsync(connection, table, soleStream, cancellationToken), watch);

        public Task FinishTableAsync(DbConnection connection, TableSpec table, bool soleStream, int sessions, int serverCpus, CancellationToken cancellationToken) =>
            inner.FinishTableAsync(connection, table, soleStream, sessions, serverCpus, cancellationToken);

        public Task UndoFinishAsync(DbConnection connection, TableSpec table, CancellationToken cancellationToken) => inner.UndoFinishAsync(connection, table, cancellationToken);

        public Task UndoForeignKeyAsync(DbConnection connection, ForeignKeySpec key, CancellationToken cancellationToken) => inner.UndoForeignKeyAsync(connection, key, cancellationToken);

        public Task AddForeignKeyAsync(DbConnection connection, ForeignKeySpec key, CancellationToken cancellationToken) => inner.AddForeignKeyAsync(connection, key, cancellationToken);

        public Task AnalyzeAsync(DbConnection connection, IEnumerable<TableSpec> tables, CancellationToken cancellationToken) => inner.AnalyzeAsync(connection, tables, cancellationToken);
    }

    private sealed class WatchedWriter(IBulkWriter inner, CommitWatch watch) : IBulkWriter
    {
        public TableSpec Table => inner.Table;

        public Task WriteAsync(IReadOnlyList<object?[]> rows, CancellationToken cancellationToken) => inner.WriteAsync(rows, cancellationToken);

        public async Task<long> CompleteAsync(CancellationToken cancellationToken)
        {
            await watch.BeforeCommitAsync(inner.Table.Name);
            var rows = await inner.CompleteAsync(cancellationToken);
            watch.Committed(inner.Table.Name);
            return rows;
        }

        public ValueTask DisposeAsync() => inner.DisposeAsync();
    }
}
