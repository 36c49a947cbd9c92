namespace DvdStore.Tests.Studies;

/// <summary>
/// The end-to-end sweep pins the shared PostgreSQL test server to one CPU: it runs alone, after the parallel
/// test classes, so neither their timing nor another pinning test sees or disturbs that.
/// </summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class SweepEndToEndCollection
{
    public const string Name = "sweep end to end (pins the PostgreSQL test server)";
}
