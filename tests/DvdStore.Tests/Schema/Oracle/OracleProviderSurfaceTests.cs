using System.Data;
using System.Reflection;
using System.Text.RegularExpressions;

using DvdStore.Schema.Engines.Oracle;

namespace DvdStore.Tests.Schema.Oracle;

/// <summary>
/// The run-time-loaded provider's surface: <see cref="OracleProviderSurface"/> lists every member the engine reaches by
/// name; each is present, with its type, on the recording stand-ins shaped like ODP.NET; each is used through the engine's
/// binding code and does what the engine expects; no engine file names a provider member anywhere else; and the
/// provider-missing error names the exact NuGet package and version.
/// </summary>
public class OracleProviderSurfaceTests
{
    /// <summary>ODP.NET type → its stand-in. Factory and configuration are reached only by OracleProvider.Load on the real dll.</summary>
    private static readonly Dictionary<string, Type> StandIns = new()
    {
        [OracleProviderSurface.ConnectionType] = typeof(FakeOracleConnection),
        [OracleProviderSurface.CommandType] = typeof(FakeOracleCommand),
        [OracleProviderSurface.ParameterType] = typeof(FakeOracleParameter),
        [OracleProviderSurface.ExceptionType] = typeof(FakeOracleException),
        [OracleProviderSurface.DecimalType] = typeof(FakeOracleDecimal),
        [OracleProviderSurface.StringType] = typeof(FakeOracleString),
        [OracleProviderSurface.DbTypeEnum] = typeof(FakeOracleDbType),
        [OracleProviderSurface.CollectionTypeEnum] = typeof(FakeOracleCollectionType),
        [OracleProviderSurface.ParameterStatusEnum] = typeof(FakeOracleParameterStatus),
        ["System.Boolean"] = typeof(bool),
        ["System.Int32"] = typeof(int),
    };

    private static readonly string[] LoadedOnlyFromTheRealDll = [OracleProviderSurface.FactoryType, OracleProviderSurface.ConfigurationType];

    public static TheoryData<string, string> Members()
    {
        var data = new TheoryData<string, string>();
        foreach (var member in OracleProviderSurface.Members)
        {
            data.Add(member.DeclaringType, member.Name);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Members))]
    public void Every_listed_member_exists_with_its_type_on_the_ODP_NET_shaped_stand_in(string declaringType, string name)
    {
        var member = OracleProviderSurface.Members.Single(m => m.DeclaringType == declaringType && m.Name == name);
        if (LoadedOnlyFromTheRealDll.Contains(declaringType))
        {
            Assert.True(member.Static, $"{declaringType}.{name} is read statically by OracleProvider.Load");
            return;
        }

        var property = StandIns[declaringType].GetProperty(name, BindingFlags.Public | (member.Static ? BindingFlags.Static : BindingFlags.Instance));
        Assert.True(property is not null, $"{StandIns[declaringType].Name} lacks {name}");
        var type = Nullable.GetUnderlyingType(property.PropertyType) ?? property.PropertyType;
        var expected = member.MemberType.EndsWith("[]", StringComparison.Ordinal)
            ? StandIns[member.MemberType[..^2]].MakeArrayType()
            : StandIns[member.MemberType];
        Assert.Equal(expected, type);
    }

    [Fact]
    public void Every_listed_enum_value_exists_on_the_stand_in_enums_and_binds_through_OracleBinding()
    {
        foreach (var (enumType, values) in OracleProviderSurface.EnumMembers)
        {
            Assert.All(values, v => Assert.True(Enum.IsDefined(StandIns[enumType], v), $"{enumType}.{v}"));
        }

        foreach (var typeName in OracleProviderSurface.EnumMembers[OracleProviderSurface.DbTypeEnum])
        {
            var parameter = new FakeOracleParameter();
            OracleBinding.OracleDbType(parameter, Enum.Parse<OracleDbTypeName>(typeName));
            Assert.Equal(typeName, parameter.OracleDbType.ToString());
        }
    }

    [Fact]
    public void Command_and_connection_members_bind_by_name_and_array_bind()
    {
        var connection = new FakeOracleConnection();
        Assert.True(OracleBinding.TryBindByName(connection));
        Assert.True(connection.BindByName);
        var command = new FakeOracleCommand();
        OracleBinding.BindByName(command);
        OracleBinding.ArrayBindCount(command, 7);
        Assert.True(command.BindByName);
        Assert.Equal(7, command.ArrayBindCount);
    }

    [Fact]
    public void Parameter_members_make_an_associative_array_and_mark_NULL_elements()
    {
        var parameter = new FakeOracleParameter();
        OracleBinding.AssociativeArray(parameter, OracleDbTypeName.Int32, new[] { 5, 9 });
        Assert.Equal(FakeOracleCollectionType.PLSQLAssociativeArray, parameter.CollectionType);
        Assert.Equal(FakeOracleDbType.Int32, parameter.OracleDbType);
        Assert.Equal(2, parameter.Size);
        OracleBinding.ArrayBindStatus(parameter, [false, true]);
        Assert.Equal([FakeOracleParameterStatus.Success, FakeOracleParameterStatus.NullInsert], parameter.ArrayBindStatus);
        var output = OracleBinding.Out(new FakeOracleCommand(), "id_out", OracleDbTypeName.RefCursor);
        Assert.Equal(ParameterDirection.Output, output.Direction);
        var texts = (FakeOracleParameter)OracleBinding.OutArray(new FakeOracleCommand(), "title_out", OracleDbTypeName.Varchar2, 3, 50);
        Assert.Equal((ParameterDirection.Output, FakeOracleCollectionType.PLSQLAssociativeArray, 3), (texts.Direction, texts.CollectionType, texts.Size));
        Assert.Equal([50, 50, 50], texts.ArrayBindSize!);
        var numbers = (FakeOracleParameter)OracleBinding.OutArray(new FakeOracleCommand(), "prod_id_out", OracleDbTypeName.Decimal, 3);
        Assert.Null(numbers.ArrayBindSize);
    }

    [Fact]
    public void Exception_Number_and_OracleDecimal_and_OracleString_IsNull_are_read()
    {
        Assert.Equal(FailureKind.Deadlock, OracleFailures.Classify(new FakeOracleException(60, "deadlock")));
        Assert.Equal(0, OracleBinding.ToInt64(new FakeOracleDecimal(null)));
        Assert.Equal(42, OracleBinding.ToInt64(new FakeOracleDecimal(42m)));
        Assert.Equal(12.99m, OracleBinding.ToDecimal(new FakeOracleDecimal(12.99m)));
        Assert.Equal("", OracleBinding.ToText(new FakeOracleString(null)));
        Assert.Equal("ACADEMY", OracleBinding.ToText(new FakeOracleString("ACADEMY")));
    }

    [Fact]
    public void No_engine_file_but_the_surface_names_a_provider_member()
    {
        var names = OracleProviderSurface.Members.Select(m => m.Name)
            .Concat(OracleProviderSurface.EnumMembers.Where(e => e.Key != OracleProviderSurface.DbTypeEnum).SelectMany(e => e.Value))
            .Concat(["Oracle.ManagedDataAccess"]).Distinct().ToArray();
        var literal = new Regex($"\"({string.Join("|", names.Select(Regex.Escape))})[\"\\.]");
        var reflection = new Regex(@"\b(GetProperty|GetField|GetMethod|GetType|Enum\.Parse)\([^)]*""");
        var folder = Path.Combine(RepositoryRoot.Path, "src", "Schema", "Engines", "Oracle");
        var allowed = new[] { nameof(OracleProviderSurface), nameof(OracleDbTypeName) };
        var offenders = Directory.GetFiles(folder, "*.cs")
            .Where(f => !allowed.Contains(Path.GetFileNameWithoutExtension(f)))
            .SelectMany(f => File.ReadLines(f).Select((line, i) => (File: Path.GetFileName(f), Line: i + 1, Text: line)))
            .Where(l => !l.Text.TrimStart().StartsWith("//", StringComparison.Ordinal) && (literal.IsMatch(l.Text) || reflection.IsMatch(l.Text)))
            .Select(l => $"{l.File}:{l.Line}: {l.Text.Trim()}")
            .ToList();
        Assert.True(offenders.Count == 0, "provider members named outside OracleProviderSurface:\n" + string.Join("\n", offenders));
    }

    [Fact]
    public void The_provider_missing_error_names_the_exact_NuGet_package_and_version()
    {
        var folder = Directory.CreateTempSubdirectory("dvdstore-oracle-").FullName;
        try
        {
            AssertUserError.OneLine(
                () => OracleProvider.Locate(null, folder),
                $"NuGet package {OracleProviderSurface.PackageId} version {OracleProviderSurface.PackageVersion}",
                "lib/net8.0/Oracle.ManagedDataAccess.dll");
            Assert.Matches(@"^\d+\.\d+\.\d+$", OracleProviderSurface.PackageVersion);
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }
}
