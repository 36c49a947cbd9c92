using System.Data.Common;
using System.Globalization;
using DvdStore.Schema.Connections;

namespace DvdStore.Loader.Store;

/// <summary>How many connections a store-wide read uses, and why (printed, so a user knows what to raise).</summary>
public sealed record ReadParallelism(int Connections, string Basis)
{
    /// <summary>
    /// <paramref name="requested"/> when given (--parallel N), else the server's CPU count (<see cref="ServerCpus"/>),
    /// no more than the server's free connections, so the read never takes the last ones a run or the DBA needs.
    /// </summary>
    public static async Task<ReadParallelism> ChooseAsync(StoreTarget target, DbConnection connection, int? requested, CancellationToken cancellationToken)
    {
        if (requested is { } n)
        {
            return new(Math.Max(1, n), "--parallel");
        }

        var (cpus, basis) = await ServerCpus.ReadAsync(target, connection, cancellationToken).ConfigureAwait(false);
        if (!target.Engine.Profile.InProcess)
        {
            try
            {
                if (await target.Engine.ConnectionHeadroomAsync(connection, cancellationToken).ConfigureAwait(false) is { } headroom && headroom.Available < cpus)
                {
                    return new((int)Math.Max(1, headroom.Available), string.Create(CultureInfo.InvariantCulture, $"{basis}, capped by free connections: {headroom.Limit}"));
                }
            }
            catch (DbException)
            {
                // A role that may not read the server's settings: the CPU count stands.
            }
        }

        return new(cpus, basis);
    }

    /// <summary>The reads on <paramref name="connection"/> plus the others this many connections allow.</summary>
    public StoreReads For(StoreTarget target, DbConnection connection) => new(target.Engine, connection, target, Connections);
}
