using System.Data.Common;
using System.Globalization;
using DvdStore.Schema.Connections;

namespace DvdStore.Loader.Store;

/// <summary>How many CPUs the store's server has, and how that is known (printed, so a user knows what it rests on).</summary>
public sealed record ServerCpus(int Count, string Basis)
{
    /// <summary>
    /// The server's CPU count where it says (PostgreSQL with pg_read_server_files, SQL Server, Oracle), else this
    /// machine's: a file engine (SQLite) works with this machine's CPUs, and a server that hides its count is most often local.
    /// </summary>
    public static async Task<ServerCpus> ReadAsync(StoreTarget target, DbConnection connection, CancellationToken cancellationToken)
    {
        var local = new ServerCpus(Environment.ProcessorCount, string.Create(CultureInfo.InvariantCulture, $"this machine's {Environment.ProcessorCount} CPUs"));
        if (target.Engine.Profile.InProcess)
        {
            return local;
        }

        try
        {
            var facts = await target.Engine.DescribeServerAsync(connection, cancellationToken).ConfigureAwait(false);
            if (facts.Settings.TryGetValue("cpu_count", out var text) && int.TryParse(text, CultureInfo.InvariantCulture, out var cpus) && cpus > 0)
            {
                return new(cpus, string.Create(CultureInfo.InvariantCulture, $"the server's {cpus} CPUs"));
            }
        }
        catch (DbException)
        {
            // A role that may not read the server's settings: this machine's count stands.
        }

        return local;
    }
}
