namespace DvdStore.Tests.Trust;

/// <summary>
/// The 200-user run holds two thirds of the test PostgreSQL's connections (max_connections 300): it runs alone, after
/// the parallel tests, so their connections neither crowd it out nor slow it down.
/// </summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class LoadHeldCollection
{
    public const string Name = "load-held";
}
