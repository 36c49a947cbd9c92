using System.Reflection;

namespace DvdStore.Tests.Driver;

/// <summary>A real engine whose procedure text (<see cref="SchemaPhase.Programmability"/>) is edited; every other member is the engine's own.</summary>
internal class StatementEditEngine : DispatchProxy
{
    private IEngine _inner = null!;
    private Func<string, string> _edit = null!;

    public static IEngine Of(IEngine inner, Func<string, string> edit)
    {
        var proxy = Create<IEngine, StatementEditEngine>();
        var self = (StatementEditEngine)(object)proxy;
        self._inner = inner;
        self._edit = edit;
        return proxy;
    }

    protected override object? Invoke(MethodInfo? targetMethod, object?[]? args)
    {
        ArgumentNullException.ThrowIfNull(targetMethod);
        var value = targetMethod.Invoke(_inner, args);
        return targetMethod.Name == nameof(IEngine.RenderDdl) && args is [SchemaPhase.Programmability] ? _edit((string)value!) : value;
    }
}
