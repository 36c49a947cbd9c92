using System.Reflection;
using Xunit.Sdk;

namespace DvdStore.Tests.Infrastructure;

/// <summary>Theory data: one case per engine kind named, each case's only argument the <see cref="EngineKind"/>.</summary>
public abstract class EngineTheoryDataAttribute(params EngineKind[] kinds) : DataAttribute
{
    public override IEnumerable<object[]> GetData(MethodInfo testMethod) => kinds.Select(kind => new object[] { kind });
}

/// <summary>Every engine the tests run for real: SQLite (a file) and the servers scripts/test.sh starts.</summary>
public sealed class EveryTestEngineAttribute() : EngineTheoryDataAttribute(EngineKind.Sqlite, EngineKind.MySql, EngineKind.PostgreSql);

/// <summary>The engines with a test server (PostgreSQL and MariaDB, started by scripts/test.sh).</summary>
public sealed class ServerEnginesAttribute() : EngineTheoryDataAttribute(EngineKind.PostgreSql, EngineKind.MySql);
