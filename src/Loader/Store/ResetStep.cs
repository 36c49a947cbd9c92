namespace DvdStore.Loader.Store;

/// <summary>One finished step of a reset, for progress lines: the table, what was done, how many rows, time since the reset began.</summary>
public sealed record ResetStep(string Table, string Action, long Rows, TimeSpan Elapsed);
