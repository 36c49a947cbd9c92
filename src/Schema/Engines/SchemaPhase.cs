namespace DvdStore.Schema.Engines;

/// <summary>The steps of building a store, in order; the loader bulk-loads between Tables and Keys.</summary>
public enum SchemaPhase
{
    /// <summary>Tables (no secondary indexes or foreign keys), sequences, the 16 categories, DS_STORE_INFO.</summary>
    Tables,

    /// <summary>Primary keys not made with the tables, unique and secondary indexes, full-text indexes, foreign keys.</summary>
    Keys,

    /// <summary>Stored procedures/functions and the re-order trigger.</summary>
    Programmability,
}
