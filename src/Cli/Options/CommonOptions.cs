using System.CommandLine;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Sizing;

namespace DvdStore.Cli.Options;

/// <summary>The options every store command shares, made once so that every command spells and explains them alike.</summary>
public static class CommonOptions
{
    /// <summary>The size assumed for a store that records none (a store built by DS3's own scripts, before adoption).</summary>
    private const string UnrecordedSize = "10MB";

    public static Option<string> Engine() => new("--engine")
    {
        Description = $"Database engine: {string.Join('|', EngineCatalog.Names)} ({EngineCatalog.Default.Profile.Name} needs no server).",
        DefaultValueFactory = _ => EngineCatalog.Default.Profile.Name,
        HelpName = "engine",
    };

    public static Option<string?> Connection() => new("--connection")
    {
        Description = $"ADO.NET connection string of the store's database ({EngineCatalog.Default.Profile.Name} default: \"{EngineCatalog.Default.Profile.DefaultConnection}\"). " +
            $"The password comes from {ConnectionStrings.PasswordVariable} or the file named by {ConnectionStrings.PasswordFileVariable}; it is never printed or saved.",
        HelpName = "connection string",
    };

    public static Option<string> Size() => new("--size")
    {
        Description = "Store size as DS3 spells it: S, M, L, or <n>MB, <n>GB, <n>TB (e.g. 10MB, 1GB, 100GB).",
        DefaultValueFactory = _ => "10MB",
        HelpName = "size",
    };

    /// <summary>--size on a command that drives a loaded store: the store records its size, so it is only a check.</summary>
    public static Option<string> SizeOfStore() => new("--size")
    {
        // No DefaultValueFactory: help would show "[default: 10MB]" beside a default that is the store's own size.
        Description = $"Size the store was loaded with (S, M, L, <n>MB, <n>GB), refused when it differs from the size recorded in the store; default: that recorded size ({UnrecordedSize} for a store that records none).",
        HelpName = "size",
    };

    /// <summary>--size when given, else the size the store records (loaded by us, or adopted from DS3's row counts), else its default.</summary>
    public static async Task<StoreSize> StoreSizeAsync(ParseResult result, Option<string> size, StoreTarget target, CancellationToken cancellationToken) =>
        result.GetResult(size) is { Implicit: false } || await RecordedSize.ReadAsync(target, cancellationToken).ConfigureAwait(false) is not { } recorded
            ? ParseSize(result, size)
            : recorded;

    /// <summary>Reads --engine and --connection into a target, resolving the password from the environment.</summary>
    public static StoreTarget Target(ParseResult result, Option<string> engine, Option<string?> connection) =>
        StoreTarget.From(result.GetValue(engine), result.GetValue(connection));

    public static StoreSize ParseSize(ParseResult result, Option<string> size) => StoreSize.Parse(result.GetValue(size) ?? UnrecordedSize);
}
