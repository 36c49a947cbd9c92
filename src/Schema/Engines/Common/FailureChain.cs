using System.Net.Sockets;

namespace DvdStore.Schema.Engines.Common;

/// <summary>Classifies an error by walking its exception chain: the provider's own error first, then transport failures.</summary>
public static class FailureChain
{
    /// <summary>
    /// The first exception in the chain that <paramref name="provider"/> recognises (null: not the provider's, or its
    /// code means nothing) decides; otherwise a timeout, or a socket/stream failure meaning a lost connection.
    /// </summary>
    public static FailureKind Classify(Exception error, Func<Exception, FailureKind?> provider)
    {
        ArgumentNullException.ThrowIfNull(provider);
        for (var e = error; e is not null; e = e.InnerException)
        {
            if (provider(e) is { } kind)
            {
                return kind;
            }

            switch (e)
            {
                case TimeoutException:
                    return FailureKind.Timeout;
                case SocketException or IOException:
                    return FailureKind.Connection;
            }
        }

        return FailureKind.Other;
    }

    /// <summary>What the first of an error's codes that means something says (<see cref="FailureKind.Other"/> when none does).</summary>
    public static FailureKind FirstMeaningful(IEnumerable<int> codes, Func<int, FailureKind> classify)
    {
        ArgumentNullException.ThrowIfNull(codes);
        ArgumentNullException.ThrowIfNull(classify);
        return codes.Select(classify).FirstOrDefault(kind => kind != FailureKind.Other, FailureKind.Other);
    }
}
