using System.Diagnostics;
using System.Globalization;
using DvdStore.Loader.Generation;
using DvdStore.Loader.Store;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Sizing;

// Where the loader's time goes (a benchmark, not a test), one thread per measurement:
//  generate      = the rows of each table, chunk after chunk, as the loader's producer makes them (no database);
//  generate+hash = the same plus the fingerprint hash the producer computes per row;
//  write         = the engine's bulk writer alone, fed rows generated beforehand (only with a connection).
// CPU time is the process's; wall time includes whatever else runs on this shared machine.
// usage: [size, default 100MB] [seed, default 3] [connection string of a PostgreSQL database to overwrite]
var size = StoreSize.Parse(args.Length > 0 ? args[0] : "100MB");
var seed = args.Length > 1 ? ulong.Parse(args[1], CultureInfo.InvariantCulture) : 3UL;
var connection = args.Length > 2 ? args[2] : null;

var store = new StoreRows(seed, size);
Console.WriteLine($"== generation, {size}, seed {seed} (rows/s per thread; bytes allocated per row)");
long allRows = 0;
var allCpu = TimeSpan.Zero;
foreach (var source in store.Tables)
{
    var (rows, cpu, wall, bytes) = Measure(() => Generate(source, hash: false));
    var (_, hashCpu, _, _) = Measure(() => Generate(source, hash: true));
    allRows += rows;
    allCpu += cpu;
    Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
        $"{source.Table.Name,-20} {rows,10} rows  generate {rows / cpu.TotalSeconds,12:N0} rows/s CPU ({rows / wall.TotalSeconds,12:N0} wall)  {(double)bytes / rows,6:F0} B/row  +hash {rows / hashCpu.TotalSeconds,12:N0} rows/s CPU"));
}

Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{"all tables",-20} {allRows,10} rows  generate {allRows / allCpu.TotalSeconds,12:N0} rows/s CPU"));

if (connection is not null)
{
    var target = StoreTarget.From("postgres", connection);
    await using var db = await target.OpenAsync(CancellationToken.None);
    if (await target.Engine.StoreExistsAsync(db, CancellationToken.None))
    {
        await target.Engine.DropAsync(db, CancellationToken.None);
    }

    await target.Engine.CreateAsync(db, SchemaPhase.Tables, CancellationToken.None);
    Console.WriteLine("== bulk writer alone (rows generated beforehand, batches of 5,000)");
    foreach (var name in new[] { "REVIEWS_HELPFULNESS", "ORDERLINES", "CUST_HIST", "REVIEWS" })
    {
        var source = store.Table(name);
        var batches = new List<List<object?[]>>();
        var batch = new List<object?[]>(5_000);
        for (long chunk = 0; chunk < source.ChunkCount && batches.Count < 200; chunk++)
        {
            foreach (var row in source.Chunk(chunk))
            {
                batch.Add(row);
                if (batch.Count == 5_000)
                {
                    batches.Add(batch);
                    batch = new List<object?[]>(5_000);
                }
            }
        }

        long rows = batches.Sum(b => (long)b.Count);
        var cpu0 = Process.GetCurrentProcess().TotalProcessorTime;
        var wall = Stopwatch.StartNew();
        await using (var conn = await target.OpenAsync(CancellationToken.None))
        {
            await using var writer = await target.Engine.OpenBulkWriterAsync(conn, source.Table, CancellationToken.None);
            foreach (var b in batches)
            {
                await writer.WriteAsync(b, CancellationToken.None);
            }

            await writer.CompleteAsync(CancellationToken.None);
        }

        var cpu = Process.GetCurrentProcess().TotalProcessorTime - cpu0;
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"{name,-20} {rows,10} rows  write {rows / cpu.TotalSeconds,12:N0} rows/s client CPU  {rows / wall.Elapsed.TotalSeconds,12:N0} rows/s wall (server included)"));
    }

    await target.Engine.DropAsync(db, CancellationToken.None);
}

static long Generate(IRowSource source, bool hash)
{
    long rows = 0;
    ulong sum = 0;
    for (long chunk = 0; chunk < source.ChunkCount; chunk++)
    {
        foreach (var row in source.Chunk(chunk))
        {
            rows++;
            if (hash)
            {
                sum += RowHash.Of(source.Table.Columns, row);
            }
        }
    }

    GC.KeepAlive(sum);
    return rows;
}

static (long Rows, TimeSpan Cpu, TimeSpan Wall, long Bytes) Measure(Func<long> work)
{
    var bytes = GC.GetAllocatedBytesForCurrentThread();
    var cpu = Process.GetCurrentProcess().TotalProcessorTime;
    var wall = Stopwatch.StartNew();
    var rows = work();
    return (rows, Process.GetCurrentProcess().TotalProcessorTime - cpu, wall.Elapsed, GC.GetAllocatedBytesForCurrentThread() - bytes);
}
