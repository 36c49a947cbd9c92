using DvdStore.Contract;
using DvdStore.Schema.Engines.PostgreSql;

namespace DvdStore.Tests.Schema.Contract;

/// <summary>A database of its own on the PostgreSQL test server (CREATE DATABASE), dropped after the test class.</summary>
public sealed class PostgreSqlContractDatabase : ContractDatabase
{
    public override IEngine Engine { get; } = new PostgreSqlEngine();

    protected override IReadOnlyList<string> CatalogQueries { get; } =
    [
        """
        SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type || coalesce('(' || character_maximum_length || ')', '')
               || coalesce('(' || numeric_precision || ',' || numeric_scale || ')', '') || ' null=' || is_nullable
               || ' identity=' || is_identity || coalesce(' ' || identity_generation, '') || coalesce(' default ' || column_default, '')
        FROM information_schema.columns WHERE table_schema = current_schema()
        UNION ALL
        SELECT 'table ' || c.relname || ' ' || coalesce(array_to_string(c.reloptions, ','), '')
        FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
        UNION ALL
        SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname = current_schema()
        UNION ALL
        SELECT 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
        FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
        UNION ALL
        SELECT 'function ' || pg_get_functiondef(p.oid) FROM pg_proc p WHERE p.pronamespace = current_schema()::regnamespace
        UNION ALL
        SELECT 'trigger ' || pg_get_triggerdef(t.oid) FROM pg_trigger t
        JOIN pg_class c ON c.oid = t.tgrelid WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal
        UNION ALL
        SELECT 'category ' || CATEGORY || ' ' || CATEGORYNAME FROM CATEGORIES
        """,
    ];

    protected override string ServerConnectionString() => TestServers.PostgreSql;
}
