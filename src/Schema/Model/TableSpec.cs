namespace DvdStore.Schema.Model;

/// <summary>A store table: its columns in load order, its key, and its generated-id column if any.</summary>
/// <param name="Name">Upper-case DS3 name.</param>
/// <param name="Columns">Columns in DS3's CSV/load order.</param>
/// <param name="PrimaryKey">Key columns; empty for DS3's key-less tables (CUST_HIST, REORDER).</param>
/// <param name="IdentityColumn">The column new rows take a generated id for (sequence, identity, serial), or null.</param>
public sealed record TableSpec(string Name, IReadOnlyList<ColumnSpec> Columns, IReadOnlyList<string> PrimaryKey, string? IdentityColumn = null)
{
    public ColumnSpec Column(string name) =>
        Columns.FirstOrDefault(c => c.Name == name) ?? throw new ArgumentException($"{Name} has no column {name}", nameof(name));

    public int Ordinal(string name)
    {
        for (var i = 0; i < Columns.Count; i++)
        {
            if (Columns[i].Name == name)
            {
                return i;
            }
        }

        throw new ArgumentException($"{Name} has no column {name}", nameof(name));
    }
}
