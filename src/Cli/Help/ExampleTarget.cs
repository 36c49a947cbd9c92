using DvdStore.Schema.Engines;

namespace DvdStore.Cli.Help;

/// <summary>Engines and connection strings for help examples, taken from the engine registry (no engine is named in src/Cli).</summary>
internal static class ExampleTarget
{
    /// <summary>--engine and --connection of the first server engine, e.g. for load or run on a real server.</summary>
    public static string First => Of(Servers.First());

    /// <summary>The same for a second server engine (falls back to the first).</summary>
    public static string Second => Of(Servers.Skip(1).FirstOrDefault() ?? Servers.First());

    /// <summary>The engine that needs no server (its display name).</summary>
    public static string File => EngineCatalog.FileEngine.DisplayName;

    /// <summary>The second server engine's name alone.</summary>
    public static string SecondName => (Servers.Skip(1).FirstOrDefault() ?? Servers.First()).Profile.Name;

    private static IEnumerable<IEngine> Servers => EngineCatalog.All.Where(static e => !e.Profile.InProcess);

    private static string Of(IEngine engine) => $"--engine {engine.Profile.Name} --connection \"{engine.Profile.ExampleConnection}\"";
}
