namespace DvdStore.Contract;

/// <summary>A contract check found the engine doing something other than the contract says: the message says what.</summary>
public sealed class ContractViolation(string message) : Exception(message);
