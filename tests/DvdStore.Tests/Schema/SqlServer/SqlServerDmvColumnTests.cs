using DvdStore.Schema.Engines.SqlServer;

using Microsoft.SqlServer.TransactSql.ScriptDom;

namespace DvdStore.Tests.Schema.SqlServer;

/// <summary>
/// The runtime queries on system views and DMVs (counters, server facts, store probes) name only columns those objects
/// have. DacFx cannot resolve sys.* without master.dacpac, which the Microsoft.SqlServer.DacFx package does not ship,
/// so the columns are checked against <see cref="Documented"/>: each object's columns as Microsoft's Transact-SQL
/// reference documents them for SQL Server 2019 and 2022 (sys.dm_os_ring_buffers is documented with its columns but
/// marked "not supported" for its record contents). A column is checked where its owner is certain: qualified by the
/// alias of a system object, or unqualified in a SELECT whose only source is one system object.
/// </summary>
public class SqlServerDmvColumnTests
{
    private static readonly string[] ColumnsOfSysColumns =
    [
        "object_id", "name", "column_id", "system_type_id", "user_type_id", "max_length", "precision", "scale", "collation_name",
        "is_nullable", "is_ansi_padded", "is_rowguidcol", "is_identity", "is_computed", "is_filestream", "is_replicated",
    ];

    private static readonly string[] ColumnsOfSysObjects =
    [
        "name", "object_id", "principal_id", "schema_id", "parent_object_id", "type", "type_desc", "create_date", "modify_date",
        "is_ms_shipped", "is_published", "is_schema_published",
    ];

    /// <summary>Documented columns per system object (lower case).</summary>
    internal static readonly Dictionary<string, HashSet<string>> Documented = new(StringComparer.OrdinalIgnoreCase)
    {
        ["sys.dm_os_performance_counters"] = ["object_name", "counter_name", "instance_name", "cntr_value", "cntr_type", "pdw_node_id"],
        ["sys.dm_io_virtual_file_stats"] =
        [
            "database_name", "database_id", "file_id", "sample_ms", "num_of_reads", "num_of_bytes_read", "io_stall_read_ms",
            "io_stall_queued_read_ms", "num_of_writes", "num_of_bytes_written", "io_stall_write_ms", "io_stall_queued_write_ms",
            "io_stall", "size_on_disk_bytes", "file_handle", "pdw_node_id",
        ],
        ["sys.dm_os_ring_buffers"] = ["ring_buffer_address", "ring_buffer_type", "timestamp", "record"],
        ["sys.dm_os_sys_info"] =
        [
            "cpu_ticks", "ms_ticks", "cpu_count", "hyperthread_ratio", "physical_memory_kb", "virtual_memory_kb", "committed_kb",
            "committed_target_kb", "visible_target_kb", "stack_size_in_bytes", "os_quantum", "os_error_mode", "os_priority_class",
            "max_workers_count", "scheduler_count", "scheduler_total_count", "deadlock_monitor_serial_number", "sqlserver_start_time_ms_ticks",
            "sqlserver_start_time", "affinity_type", "affinity_type_desc", "process_kernel_time_ms", "process_user_time_ms",
            "time_source", "time_source_desc", "virtual_machine_type", "virtual_machine_type_desc", "softnuma_configuration",
            "softnuma_configuration_desc", "process_physical_affinity", "sql_memory_model", "sql_memory_model_desc",
            "socket_count", "cores_per_socket", "numa_node_count", "container_type", "container_type_desc",
        ],
        ["sys.dm_exec_requests"] =
        [
            "session_id", "request_id", "start_time", "status", "command", "sql_handle", "statement_start_offset", "statement_end_offset",
            "plan_handle", "database_id", "user_id", "connection_id", "blocking_session_id", "wait_type", "wait_time", "last_wait_type",
            "wait_resource", "open_transaction_count", "open_resultset_count", "transaction_id", "context_info", "percent_complete",
            "estimated_completion_time", "cpu_time", "total_elapsed_time", "scheduler_id", "task_address", "reads", "writes", "logical_reads",
            "text_size", "language", "date_format", "date_first", "quoted_identifier", "arithabort", "ansi_null_dflt_on", "ansi_defaults",
            "ansi_warnings", "ansi_padding", "ansi_nulls", "concat_null_yields_null", "transaction_isolation_level", "lock_timeout",
            "deadlock_priority", "row_count", "prev_error", "nest_level", "granted_query_memory", "executing_managed_code", "group_id",
            "query_hash", "query_plan_hash", "statement_sql_handle", "statement_context_id", "dop", "parallel_worker_count",
            "external_script_request_id", "is_resumable", "page_resource", "page_server_reads", "dist_statement_id",
        ],
        ["sys.dm_exec_sessions"] =
        [
            "session_id", "login_time", "host_name", "program_name", "host_process_id", "client_version", "client_interface_name", "security_id",
            "login_name", "nt_domain", "nt_user_name", "status", "context_info", "cpu_time", "memory_usage", "total_scheduled_time",
            "total_elapsed_time", "endpoint_id", "last_request_start_time", "last_request_end_time", "reads", "writes", "logical_reads",
            "is_user_process", "text_size", "language", "date_format", "date_first", "quoted_identifier", "arithabort", "ansi_null_dflt_on",
            "ansi_defaults", "ansi_warnings", "ansi_padding", "ansi_nulls", "concat_null_yields_null", "transaction_isolation_level",
            "lock_timeout", "deadlock_priority", "row_count", "prev_error", "original_security_id", "original_login_name",
            "last_successful_logon", "last_unsuccessful_logon", "unsuccessful_logons", "group_id", "database_id", "authenticating_database_id",
            "open_transaction_count", "page_server_reads", "contained_availability_group_id",
        ],
        ["sys.dm_exec_sql_text"] = ["dbid", "objectid", "number", "encrypted", "text"],
        ["sys.dm_exec_query_profiles"] =
        [
            "session_id", "request_id", "sql_handle", "plan_handle", "physical_operator_name", "node_id", "thread_id", "task_address",
            "row_count", "rewind_count", "rebind_count", "end_of_scan_count", "estimate_row_count", "first_active_time", "last_active_time",
            "open_time", "first_row_time", "last_row_time", "close_time", "elapsed_time_ms", "cpu_time_ms", "database_id", "object_id",
            "index_id", "scan_count", "logical_read_count", "physical_read_count", "read_ahead_count", "write_page_count",
            "lob_logical_read_count", "lob_physical_read_count", "lob_read_ahead_count", "segment_read_count", "segment_skip_count",
            "actual_read_row_count", "estimated_read_row_count", "pdw_node_id",
        ],
        ["sys.dm_os_wait_stats"] = ["wait_type", "waiting_tasks_count", "wait_time_ms", "max_wait_time_ms", "signal_wait_time_ms", "pdw_node_id"],
        ["sys.configurations"] = ["configuration_id", "name", "value", "minimum", "maximum", "value_in_use", "description", "is_dynamic", "is_advanced"],
        ["sys.tables"] = ["name", "object_id", "principal_id", "schema_id", "parent_object_id", "type", "type_desc", "create_date", "modify_date", "is_ms_shipped"],
        ["sys.columns"] =
        [
            .. ColumnsOfSysColumns, "is_non_sql_subscribed", "is_merge_published", "is_dts_replicated", "is_xml_document", "xml_collection_id",
            "default_object_id", "rule_object_id", "is_sparse", "is_column_set", "generated_always_type", "generated_always_type_desc",
        ],
        ["sys.key_constraints"] =
        [
            .. ColumnsOfSysObjects, "unique_index_id", "is_system_named", "is_enforced",
        ],
        ["sys.foreign_keys"] =
        [
            .. ColumnsOfSysObjects, "referenced_object_id", "key_index_id", "is_disabled", "is_not_for_replication", "is_not_trusted",
            "delete_referential_action", "delete_referential_action_desc", "update_referential_action", "update_referential_action_desc", "is_system_named",
        ],
        ["sys.foreign_key_columns"] =
        [
            "constraint_object_id", "constraint_column_id", "parent_object_id", "parent_column_id", "referenced_object_id", "referenced_column_id",
        ],
        ["sys.indexes"] =
        [
            "object_id", "name", "index_id", "type", "type_desc", "is_unique", "data_space_id", "ignore_dup_key", "is_primary_key",
            "is_unique_constraint", "fill_factor", "is_padded", "is_disabled", "is_hypothetical", "is_ignored_in_optimization", "allow_row_locks",
            "allow_page_locks", "has_filter", "filter_definition", "compression_delay", "suppress_dup_key_messages", "auto_created",
            "optimize_for_sequential_key",
        ],
        ["sys.index_columns"] =
        [
            "object_id", "index_id", "index_column_id", "column_id", "key_ordinal", "partition_ordinal", "is_descending_key", "is_included_column",
            "column_store_order_ordinal",
        ],
        ["sys.identity_columns"] = [.. ColumnsOfSysColumns, "seed_value", "increment_value", "last_value", "is_not_for_replication"],
        ["sys.fulltext_catalogs"] =
        [
            "fulltext_catalog_id", "name", "path", "is_default", "is_accent_sensitivity_on", "data_space_id", "file_id", "principal_id", "is_importing",
        ],
    };

    public static TheoryData<string, string> RuntimeQueries => new()
    {
        { "counters", SqlServerCounters.Query },
        { "wait sample", SqlServerWaits.SampleQuery },
        { "wait totals", SqlServerWaits.TotalsQuery },
        { "statement progress", SqlServerStatementProgress.Query },
        { "sys info", SqlServerServerFacts.SysInfoSql },
        { "max dop", SqlServerServerFacts.MaxDopSql },
        { "store exists", SqlServerEngine.StoreExistsSql },
        { "identity reset", SqlServerEngine.ResetIdentitySql },
        { "guarantees", SqlServerGuarantees.Query },
        { "full-text catalog", SqlServerEngine.Script("fulltext.sql").Batches[0] },
    };

    [Theory]
    [MemberData(nameof(RuntimeQueries))]
    public void Every_system_object_and_column_a_runtime_query_names_is_documented(string name, string sql)
    {
        var (objects, problems) = Check(sql);
        Assert.True(problems.Count == 0, $"{name}:\n{string.Join("\n", problems)}");
        Assert.NotEmpty(objects);
    }

    [Fact]
    public void The_counters_query_reads_the_three_DMVs_it_documents()
    {
        var (objects, _) = Check(SqlServerCounters.Query);
        Assert.Equal(["sys.dm_io_virtual_file_stats", "sys.dm_os_performance_counters", "sys.dm_os_ring_buffers"], objects.Order(StringComparer.Ordinal));
    }

    [Theory]
    [InlineData("SELECT cntr_valu FROM sys.dm_os_performance_counters", "cntr_valu")]
    [InlineData("SELECT f.num_of_read FROM sys.dm_io_virtual_file_stats(NULL, NULL) AS f", "num_of_read")]
    [InlineData("SELECT cpu_count FROM sys.dm_os_sysinfo", "sys.dm_os_sysinfo")]
    [InlineData("SELECT x.r FROM (SELECT ring_buffer FROM sys.dm_os_ring_buffers) AS x (r)", "ring_buffer")]
    public void A_misspelt_column_or_unknown_view_fails_the_check(string sql, string reported)
    {
        var (_, problems) = Check(sql);
        Assert.Contains(problems, p => p.Contains(reported, StringComparison.Ordinal));
    }

    /// <summary>The system objects a batch reads and every column or object not in <see cref="Documented"/>.</summary>
    private static (List<string> Objects, List<string> Problems) Check(string sql)
    {
        var fragment = TSql.ParseClean(sql);
        var objects = new List<string>();
        var problems = new List<string>();
        foreach (var query in TSql.All<QuerySpecification>(fragment))
        {
            var sources = TSql.All<TableReference>(query.FromClause ?? (TSqlFragment)query)
                .Where(t => t is NamedTableReference or SchemaObjectFunctionTableReference or QueryDerivedTable)
                .Where(t => !Nested(query, t))
                .ToList();
            var system = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
            foreach (var source in sources)
            {
                var (schemaObject, alias) = source switch
                {
                    NamedTableReference n => (n.SchemaObject, n.Alias?.Value),
                    SchemaObjectFunctionTableReference f => (f.SchemaObject, f.Alias?.Value),
                    _ => (null, null),
                };
                if (schemaObject?.SchemaIdentifier?.Value.Equals("sys", StringComparison.OrdinalIgnoreCase) != true)
                {
                    continue;
                }

                var objectName = $"sys.{schemaObject.BaseIdentifier.Value}".ToLowerInvariant();
                objects.Add(objectName);
                if (!Documented.ContainsKey(objectName))
                {
                    problems.Add($"{objectName} is not a documented system object");
                    continue;
                }

                system[alias ?? schemaObject.BaseIdentifier.Value] = objectName;
            }

            foreach (var column in TSql.All<ColumnReferenceExpression>(query).Where(c => !Nested(query, c) && c.MultiPartIdentifier is not null))
            {
                var parts = column.MultiPartIdentifier.Identifiers;
                var owner = parts.Count switch
                {
                    1 when sources.Count == 1 && system.Count == 1 => system.Values.Single(),
                    2 when system.TryGetValue(parts[0].Value, out var named) => named,
                    _ => null,
                };
                if (owner is not null && !Documented[owner].Contains(parts[^1].Value))
                {
                    problems.Add($"{owner} has no documented column {parts[^1].Value}");
                }
            }
        }

        return (objects.Distinct().ToList(), problems);
    }

    /// <summary>Whether <paramref name="fragment"/> lies inside a query nested in <paramref name="query"/> (it belongs to that one).</summary>
    private static bool Nested(QuerySpecification query, TSqlFragment fragment) =>
        TSql.All<QuerySpecification>(query).Any(inner => !ReferenceEquals(inner, query)
            && inner.StartOffset <= fragment.StartOffset && fragment.StartOffset + fragment.FragmentLength <= inner.StartOffset + inner.FragmentLength
            && !ReferenceEquals(inner, fragment));
}
