namespace DvdStore.Monitoring.Host;

/// <summary>The server's host could not be read (SSH refused, timed out, no ssh client); the message is one line.</summary>
public sealed class HostUnreachableException : Exception
{
    public HostUnreachableException(string message) : base(message)
    {
    }

    public HostUnreachableException(string message, Exception inner) : base(message, inner)
    {
    }
}
