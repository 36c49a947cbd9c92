namespace DvdStore.Driver.Environment;

/// <summary>
/// Whether the driver's gen0 cap is in effect. The CLI caps the GC's gen0 budget in its runtime configuration
/// (System.GC.Gen0MaxBudget; without it the budget follows the CPU's reported L3 cache and a long run's memory creeps
/// up, docs/trust.md), but only .NET 10 and later read that property: .NET 8 and 9 take the cap from the environment
/// alone (measured: a runtimeconfig property changes nothing there, the variable does).
/// </summary>
public static class DriverGcBudget
{
    /// <summary>The variable .NET 8 and 9 read (case-sensitive on Linux; the value is hexadecimal bytes).</summary>
    public const string EnvironmentVariable = "DOTNET_GCGen0MaxBudget";

    /// <summary>16 MB in the variable's hexadecimal: the runtime configuration's value (src/Cli/DvdStore.Cli.csproj).</summary>
    public const string EnvironmentValue = "1000000";

    private const int FirstRuntimeReadingTheRuntimeConfig = 10;

    /// <summary>A line for the run's output when the cap is not in effect; null when it is.</summary>
    public static string? Note(Version runtime, Func<string, string?> environment)
    {
        if (runtime.Major >= FirstRuntimeReadingTheRuntimeConfig
            || !string.IsNullOrEmpty(environment(EnvironmentVariable))
            || !string.IsNullOrEmpty(environment("COMPlus_GCGen0MaxBudget")))
        {
            return null;
        }

        return $"note: .NET {runtime.Major} ignores the driver's gen0 cap in its runtime configuration, so its memory may creep up over a long run; " +
               $"set {EnvironmentVariable}={EnvironmentValue} (16 MB, hexadecimal) to cap it (docs/trust.md)";
    }
}
