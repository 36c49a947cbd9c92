namespace DvdStore.Tests.Trust;

/// <summary>A connection lost on purpose by <see cref="PurchaseFaults"/>; <see cref="FaultyEngine"/> classifies it as a lost connection.</summary>
internal sealed class LostConnectionException(string message) : IOException(message);
