namespace DvdStore.Schema.Engines.MySql;

/// <summary>A thread's current performance_schema stage, e.g. "stage/innodb/alter table (merge sort)", with its work counts.</summary>
public readonly record struct InnoDbStage(string Event, long Completed, long Estimated);
