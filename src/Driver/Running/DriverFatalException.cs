namespace DvdStore.Driver.Running;

/// <summary>An error that ends the whole run (database down too long, store missing, credentials refused); the message is one line for the user.</summary>
public sealed class DriverFatalException : Exception
{
    public DriverFatalException(string message) : base(message)
    {
    }

    public DriverFatalException(string message, Exception inner) : base(message, inner)
    {
    }
}
