namespace DvdStore.Schema.Engines.Oracle;

/// <summary>
/// Every member of Oracle's ADO.NET provider the engine reaches by name, in one place: the provider is loaded at run time
/// (<see cref="OracleProvider"/>), so nothing here is checked by the compiler. Each entry of <see cref="Members"/> is
/// one type member the engine reads or sets by reflection; <see cref="EnumMembers"/> lists the enum values it parses.
/// The tests bind every one of them against a recording stand-in shaped like ODP.NET, and fail when the engine names a
/// provider member anywhere but here. Written against <see cref="PackageId"/> <see cref="PackageVersion"/> (lib/net8.0).
/// </summary>
public static class OracleProviderSurface
{
    public const string PackageId = "Oracle.ManagedDataAccess.Core";

    /// <summary>The version the error message asks for; ODP.NET Core 23.x added OracleConnection.BindByName.</summary>
    public const string PackageVersion = "23.26.0";

    public const string AssemblyFile = "Oracle.ManagedDataAccess.dll";

    /// <summary>The provider's namespaces: the ADO.NET classes and enums, and the Oracle value types.</summary>
    private const string Client = "Oracle.ManagedDataAccess.Client.", Types = "Oracle.ManagedDataAccess.Types.";

    public const string FactoryType = Client + "OracleClientFactory";
    public const string ConfigurationType = Client + "OracleConfiguration";
    public const string ConnectionType = Client + "OracleConnection";
    public const string CommandType = Client + "OracleCommand";
    public const string ParameterType = Client + "OracleParameter";
    public const string ExceptionType = Client + "OracleException";
    public const string DecimalType = Types + "OracleDecimal";
    public const string StringType = Types + "OracleString";
    public const string DbTypeEnum = Client + "OracleDbType";
    public const string CollectionTypeEnum = Client + "OracleCollectionType";
    public const string ParameterStatusEnum = Client + "OracleParameterStatus";

    /// <summary>OracleClientFactory.Instance: the factory (a static field in ODP.NET; a static property is accepted too).</summary>
    public const string Instance = "Instance";

    /// <summary>OracleConfiguration.BindByName (static), OracleConnection.BindByName and OracleCommand.BindByName (bool).</summary>
    public const string BindByName = "BindByName";

    /// <summary>OracleCommand.ArrayBindCount (int): how many rows an array-bound execution runs.</summary>
    public const string ArrayBindCount = "ArrayBindCount";

    /// <summary>OracleParameter.OracleDbType (enum OracleDbType).</summary>
    public const string OracleDbType = "OracleDbType";

    /// <summary>OracleParameter.CollectionType (enum OracleCollectionType): PL/SQL associative-array binds.</summary>
    public const string CollectionType = "CollectionType";

    /// <summary>OracleParameter.ArrayBindSize (int[]): the maximum length of each element of a VARCHAR2 array parameter.</summary>
    public const string ArrayBindSize = "ArrayBindSize";

    /// <summary>OracleParameter.ArrayBindStatus (OracleParameterStatus[]): NULL elements of an array bind.</summary>
    public const string ArrayBindStatus = "ArrayBindStatus";

    /// <summary>OracleException.Number (int): the ORA code.</summary>
    public const string Number = "Number";

    /// <summary>OracleDecimal.IsNull and OracleString.IsNull (bool): an OUT value or array element that is NULL.</summary>
    public const string IsNull = "IsNull";

    public const string AssociativeArray = "PLSQLAssociativeArray";
    public const string StatusNullInsert = "NullInsert";
    public const string StatusSuccess = "Success";

    /// <summary>Every member the engine reaches by reflection: (declaring type, member, member type, static).</summary>
    public static readonly IReadOnlyList<ProviderMember> Members =
    [
        new(FactoryType, Instance, FactoryType, Static: true),
        new(ConfigurationType, BindByName, "System.Boolean", Static: true),
        new(ConnectionType, BindByName, "System.Boolean"),
        new(CommandType, BindByName, "System.Boolean"),
        new(CommandType, ArrayBindCount, "System.Int32"),
        new(ParameterType, OracleDbType, DbTypeEnum),
        new(ParameterType, CollectionType, CollectionTypeEnum),
        new(ParameterType, ArrayBindSize, "System.Int32[]"),
        new(ParameterType, ArrayBindStatus, ParameterStatusEnum + "[]"),
        new(ExceptionType, Number, "System.Int32"),
        new(DecimalType, IsNull, "System.Boolean"),
        new(StringType, IsNull, "System.Boolean"),
    ];

    /// <summary>Every enum value the engine parses by name, per enum.</summary>
    public static readonly IReadOnlyDictionary<string, IReadOnlyList<string>> EnumMembers = new Dictionary<string, IReadOnlyList<string>>
    {
        [DbTypeEnum] = Enum.GetNames<OracleDbTypeName>(),
        [CollectionTypeEnum] = [AssociativeArray],
        [ParameterStatusEnum] = [StatusNullInsert, StatusSuccess],
    };
}

/// <summary>One provider member reached by name: its declaring type, name, the type it holds, and whether it is static.</summary>
public sealed record ProviderMember(string DeclaringType, string Name, string MemberType, bool Static = false);
