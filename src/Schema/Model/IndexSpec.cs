namespace DvdStore.Schema.Model;

/// <summary>A secondary index built after the load.</summary>
/// <param name="Name">DS3's index name.</param>
/// <param name="Table">Table name.</param>
/// <param name="Columns">Key columns in order.</param>
/// <param name="Unique">Whether the index enforces uniqueness.</param>
public sealed record IndexSpec(string Name, string Table, IReadOnlyList<string> Columns, bool Unique = false);
