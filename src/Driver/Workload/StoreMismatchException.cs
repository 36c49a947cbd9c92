namespace DvdStore.Driver.Workload;

/// <summary>
/// The store does not match the run's parameters (a customer or product the size implies is missing):
/// the run cannot measure anything meaningful and stops with this message.
/// </summary>
public sealed class StoreMismatchException(string message) : Exception(message);
