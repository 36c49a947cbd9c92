using System.Globalization;
using System.Text.RegularExpressions;
using DvdStore.Schema;

namespace DvdStore.Monitoring.Host;

/// <summary>
/// The <c>--server-host</c> value: <c>[user@]host[:port]</c> (IPv6 as <c>[::1]:22</c>), and the ssh command line that
/// reads the host with a key only: BatchMode=yes never asks for a password or passphrase.
/// </summary>
public sealed partial record SshTarget(string? User, string Host, int? Port)
{
    /// <summary>Seconds to wait for the connection (ssh's ConnectTimeout).</summary>
    public const int ConnectTimeoutSeconds = 10;

    public string Destination => User is null ? Host : $"{User}@{Host}";

    public override string ToString() => Port is { } p ? $"{Destination}:{p}" : Destination;

    public static SshTarget Parse(string? value)
    {
        var text = (value ?? "").Trim();
        var match = Pattern().Match(text);
        if (!match.Success)
        {
            throw new UserError($"--server-host '{text}' is not [user@]host[:port] (e.g. bench@db1 or bench@10.0.0.5:2222).");
        }

        int? port = null;
        if (match.Groups["port"].Success)
        {
            var p = int.Parse(match.Groups["port"].Value, CultureInfo.InvariantCulture);
            if (p is < 1 or > 65535)
            {
                throw new UserError($"--server-host '{text}' has port {p}; use 1-65535.");
            }

            port = p;
        }

        var user = match.Groups["user"].Success ? match.Groups["user"].Value : null;
        var host = match.Groups["v6"].Success ? match.Groups["v6"].Value : match.Groups["host"].Value;
        return new SshTarget(user, host, port);
    }

    /// <summary>
    /// ssh's arguments to start a remote <c>sh</c> that reads commands from stdin: one connection for the whole run,
    /// key authentication only, and a dead link noticed within ~30 s.
    /// </summary>
    public IReadOnlyList<string> Arguments()
    {
        var args = new List<string>
        {
            "-o", "BatchMode=yes",
            "-o", "PasswordAuthentication=no",
            "-o", "KbdInteractiveAuthentication=no",
            "-o", $"ConnectTimeout={ConnectTimeoutSeconds}",
            "-o", "ServerAliveInterval=15",
            "-o", "ServerAliveCountMax=2",
            "-T",
        };
        if (Port is { } port)
        {
            args.Add("-p");
            args.Add(port.ToString(CultureInfo.InvariantCulture));
        }

        args.Add(Destination);
        args.Add("sh");
        return args;
    }

    // A user and host never start with '-' (ssh would read them as options) and hold no spaces or shell characters.
    [GeneratedRegex(@"^(?:(?<user>[A-Za-z0-9_][A-Za-z0-9_.-]*)@)?(?:\[(?<v6>[0-9A-Fa-f:.]+)\]|(?<host>[A-Za-z0-9][A-Za-z0-9.-]*))(?::(?<port>[0-9]{1,5}))?$")]
    private static partial Regex Pattern();
}
