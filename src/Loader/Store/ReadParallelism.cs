using System.Data.Common;
using System.Globalization;
using DvdStore.Schema.Connections;

namespace DvdStore.Loader.Store;

/// <summary>How many connections a store-wide read uses, and why (printed, so a user knows what to raise).</summary>
public sealed record ReadParallelism(int Connections, string Basis)
{
    /// <summary>
    /// <paramref name="requested"/> when given (--parallel N), else the server's CPU count where it says (PostgreSQL
    /// with pg_read_server_files, SQL Server, Oracle), else this machine's: a file engine (SQLite) reads its file with
    /// this machine's CPUs, and a server that hides its count is most often local. Either way no more than the server's
    /// free connections, so the read never takes the last ones a run or the DBA needs.
    /// </summary>
    public static async Task<ReadParallelism> ChooseAsync(StoreTarget target, DbConnection connection, int? requested, CancellationToken cancellationToken)
    {
        if (requested is { } n)
        {
            return new(Math.Max(1, n), "--parallel");
        }

        var cpus = Environment.ProcessorCount;
        var basis = string.Create(CultureInfo.InvariantCulture, $"this machine's {cpus} CPUs");
        if (!target.Engine.Profile.InProcess)
        {
            try
            {
                var facts = await target.Engine.DescribeServerAsync(connection, cancellationToken).ConfigureAwait(false);
                if (facts.Settings.TryGetValue("cpu_count", out var text) && int.TryParse(text, CultureInfo.InvariantCulture, out var serverCpus) && serverCpus > 0)
                {
                    cpus = serverCpus;
                    basis = string.Create(CultureInfo.InvariantCulture, $"the server's {cpus} CPUs");
                }

                if (await target.Engine.ConnectionHeadroomAsync(connection, cancellationToken).ConfigureAwait(false) is { } headroom && headroom.Available < cpus)
                {
                    return new((int)Math.Max(1, headroom.Available), string.Create(CultureInfo.InvariantCulture, $"{basis}, capped by free connections: {headroom.Limit}"));
                }
            }
            catch (DbException)
            {
                // A role that may not read the server's settings: this machine's count stands.
            }
        }

        return new(cpus, basis);
    }

    /// <summary>The reads on <paramref name="connection"/> plus the others this many connections allow.</summary>
    public StoreReads For(StoreTarget target, DbConnection connection) => new(target.Engine, connection, target, Connections);
}
