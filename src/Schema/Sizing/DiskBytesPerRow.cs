namespace DvdStore.Schema.Sizing;

/// <summary>
/// Bytes on disk per row of each DS3 table, with its primary key, indexes and (SQLite) full-text tables, measured after
/// a load on this kit (SQLite's dbstat, PostgreSQL's pg_total_relation_size, MariaDB's data_length + index_length,
/// each ÷ the table's rows). Each engine's profile holds its own (<see cref="Engines.EngineProfile.DiskBytesPerRow"/>).
/// </summary>
public sealed record DiskBytesPerRow(double Customers, double Orders, double OrderLines, double CustHist, double Products,
    double Inventory, double Membership, double Reviews, double Helpfulness);
