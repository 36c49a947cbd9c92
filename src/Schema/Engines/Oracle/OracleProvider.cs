using System.Reflection;
using System.Runtime.Loader;

namespace DvdStore.Schema.Engines.Oracle;

/// <summary>
/// Finds and loads Oracle's managed ADO.NET provider at run time. The Oracle.ManagedDataAccess.Core package is not in
/// the kit's package source, so the kit never references it: the user supplies <c>Oracle.ManagedDataAccess.dll</c>
/// (from <see cref="PathVariable"/>, a file or its folder, or next to the executable) and the engine uses it only through
/// System.Data.Common plus <see cref="OracleBinding"/> for the few Oracle-only properties.
/// </summary>
public static class OracleProvider
{
    public const string PathVariable = "DVDSTORE_ORACLE_PROVIDER";

    public const string AssemblyFile = OracleProviderSurface.AssemblyFile;

    public const string FactoryTypeName = OracleProviderSurface.FactoryType;

    private static readonly object Gate = new();
    private static DbProviderFactory? loaded;

    /// <summary>The provider's factory, loaded once per process from <see cref="PathVariable"/> or the executable's folder.</summary>
    public static DbProviderFactory Factory()
    {
        lock (Gate)
        {
            return loaded ??= Load(Locate(Environment.GetEnvironmentVariable(PathVariable), AppContext.BaseDirectory));
        }
    }

    /// <summary>
    /// The full path of the provider assembly: <paramref name="configured"/> (a .dll file, or a folder holding
    /// <see cref="AssemblyFile"/>) when set, else <see cref="AssemblyFile"/> in <paramref name="baseDirectory"/>.
    /// </summary>
    public static string Locate(string? configured, string baseDirectory)
    {
        if (!string.IsNullOrWhiteSpace(configured))
        {
            var path = Path.GetFullPath(configured.Trim());
            var file = Directory.Exists(path) ? Path.Combine(path, AssemblyFile) : path;
            if (File.Exists(file))
            {
                return file;
            }

            throw Missing($"{PathVariable}={configured} names no {AssemblyFile}");
        }

        var beside = Path.Combine(baseDirectory, AssemblyFile);
        return File.Exists(beside) ? beside : throw Missing($"{AssemblyFile} is not next to the executable and {PathVariable} is not set");
    }

    /// <summary>Loads the assembly (its dependencies resolve from the same folder) and returns OracleClientFactory.Instance.</summary>
    public static DbProviderFactory Load(string assemblyPath)
    {
        Assembly assembly;
        try
        {
            var folder = Path.GetDirectoryName(assemblyPath) ?? ".";
            AssemblyLoadContext.Default.Resolving += (context, name) =>
            {
                var candidate = Path.Combine(folder, name.Name + ".dll");
                return File.Exists(candidate) ? context.LoadFromAssemblyPath(candidate) : null;
            };
            assembly = AssemblyLoadContext.Default.LoadFromAssemblyPath(assemblyPath);
        }
        catch (Exception e) when (e is BadImageFormatException or FileLoadException or IOException)
        {
            throw Missing($"{assemblyPath} cannot be loaded ({e.Message})");
        }

        var factoryType = assembly.GetType(FactoryTypeName, throwOnError: false);
        var instance = factoryType?.GetField(OracleProviderSurface.Instance, BindingFlags.Public | BindingFlags.Static)?.GetValue(null)
            ?? factoryType?.GetProperty(OracleProviderSurface.Instance, BindingFlags.Public | BindingFlags.Static)?.GetValue(null);
        if (instance is not DbProviderFactory factory)
        {
            throw Missing($"{assemblyPath} has no {FactoryTypeName}.Instance");
        }

        // Bind by name everywhere, also in the portable statements other components build with engine.Parameter(name).
        assembly.GetType(OracleProviderSurface.ConfigurationType, throwOnError: false)?
            .GetProperty(OracleProviderSurface.BindByName, BindingFlags.Public | BindingFlags.Static)?.SetValue(null, true);
        return factory;
    }

    private static UserError Missing(string what) => new(
        $"the Oracle provider is not available: {what}; download the NuGet package {OracleProviderSurface.PackageId} " +
        $"version {OracleProviderSurface.PackageVersion} and set {PathVariable} to its lib/net8.0/{AssemblyFile} (or copy that dll next to dvdstore).");
}
