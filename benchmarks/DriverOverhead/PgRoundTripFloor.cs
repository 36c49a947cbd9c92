using System.Diagnostics;
using System.Globalization;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Engines.Commands;
using Npgsql;

namespace DvdStore.Benchmarks.DriverOverhead;

/// <summary>
/// The floor under the driver's client CPU per database call: the same four PostgreSQL functions an order uses
/// most (LOGIN, BROWSE_BY_CATEGORY, BROWSE_BY_TITLE, GET_PROD_REVIEWS) called in a loop on one connection,
/// (1) synchronously on raw prepared Npgsql commands on a connection opened synchronously — one blocking send and
/// receive per call, no thread hand-off;
/// (2) asynchronously through the product's <see cref="IStoreCommands"/> — the path a virtual user takes.
/// </summary>
public static class PgRoundTripFloor
{
    private const int Batch = 20;

    public static async Task RunAsync(string connectionString, double seconds, TextWriter output)
    {
        // Opened synchronously: a socket that has seen an async operation stays non-blocking, and its
        // synchronous calls then wait for the socket engine's thread instead of blocking in the kernel.
        await using var connection = new NpgsqlConnection(connectionString);
        connection.Open();

        var sql = new (string Text, NpgsqlTypes.NpgsqlDbType[] Types, object[] Values)[]
        {
            ("SELECT r_customerid, r_title, r_actor, r_relatedpurchase FROM LOGIN($1, $2)", [NpgsqlTypes.NpgsqlDbType.Varchar, NpgsqlTypes.NpgsqlDbType.Varchar], ["user7", "password"]),
            ("SELECT PROD_ID, TITLE FROM BROWSE_BY_CATEGORY($1, $2)", [NpgsqlTypes.NpgsqlDbType.Integer, NpgsqlTypes.NpgsqlDbType.Integer], [Batch, 3]),
            ("SELECT PROD_ID, TITLE FROM BROWSE_BY_TITLE($1, $2)", [NpgsqlTypes.NpgsqlDbType.Integer, NpgsqlTypes.NpgsqlDbType.Varchar], [Batch, "ACADEMY"]),
            ("SELECT r_review_id, r_review_text FROM GET_PROD_REVIEWS($1, $2)", [NpgsqlTypes.NpgsqlDbType.Integer, NpgsqlTypes.NpgsqlDbType.Integer], [Batch, 7]),
        };
        var commands = new List<NpgsqlCommand>();
        foreach (var (text, types, values) in sql)
        {
            var command = new NpgsqlCommand(text, connection);
            for (var i = 0; i < types.Length; i++)
            {
                command.Parameters.Add(new NpgsqlParameter { NpgsqlDbType = types[i], Value = values[i] });
            }

            command.Prepare();
            commands.Add(command);
        }

        var rows = 0L;
        var sync = Measure("raw Npgsql, synchronous (floor)", seconds, output, () =>
        {
            foreach (var command in commands)
            {
                using var reader = command.ExecuteReader();
                while (reader.Read())
                {
                    rows++;
                }
            }

            return Task.CompletedTask;
        }, commands.Count);

        await using var asyncConnection = new NpgsqlConnection(connectionString);
        await asyncConnection.OpenAsync();
        await using var store = EngineCatalog.Get(EngineKind.PostgreSql).CreateStoreCommands(asyncConnection);
        var product = await MeasureAsync("IStoreCommands, async (the driver's path)", seconds, output, async () =>
        {
            rows += (await store.LoginAsync("user7", "password", CancellationToken.None)).History.Count;
            rows += (await store.BrowseByCategoryAsync(Batch, 3, CancellationToken.None)).Count;
            rows += (await store.BrowseByTitleAsync(Batch, "ACADEMY", CancellationToken.None)).Count;
            rows += (await store.GetProdReviewsAsync(Batch, 7, CancellationToken.None)).Count;
        }, commands.Count);

        foreach (var command in commands)
        {
            await command.DisposeAsync();
        }

        output.WriteLine(string.Create(CultureInfo.InvariantCulture, $"async path / synchronous floor (CPU per call) = {product / sync:F2}x ({rows} rows read)"));
    }

    private static double Measure(string name, double seconds, TextWriter output, Func<Task> round, int callsPerRound) =>
        MeasureAsync(name, seconds, output, round, callsPerRound).GetAwaiter().GetResult();

    private static async Task<double> MeasureAsync(string name, double seconds, TextWriter output, Func<Task> round, int callsPerRound)
    {
        // Warm-up: JIT and tiering finish before the measured loop.
        var warm = Stopwatch.StartNew();
        while (warm.Elapsed.TotalSeconds < Math.Min(3, seconds))
        {
            await round();
        }

        var cpu = Process.GetCurrentProcess().TotalProcessorTime;
        var wall = Stopwatch.StartNew();
        long calls = 0;
        while (wall.Elapsed.TotalSeconds < seconds)
        {
            await round();
            calls += callsPerRound;
        }

        var cpuUs = (Process.GetCurrentProcess().TotalProcessorTime - cpu).TotalMilliseconds * 1e3 / calls;
        var wallUs = wall.Elapsed.TotalMilliseconds * 1e3 / calls;
        output.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{name}: {calls} calls, {wallUs:F0} us wall, {cpuUs:F1} us client CPU per call ({100 * cpuUs / wallUs:F1} % of the wall time)"));
        return cpuUs;
    }
}
