using DvdStore.Schema.Sizing;

namespace DvdStore.Loader.Pipeline;

/// <summary>
/// The size, seed and threads typed with --resume (null: not given). A resume takes them from the store; one typed
/// with the value the store records is accepted (the first command again, plus --resume), any other is refused.
/// </summary>
public sealed record ResumeSettings(StoreSize? Size = null, ulong? Seed = null, int? Threads = null);
