using System.Collections.Concurrent;
using System.Data;
using System.Reflection;

namespace DvdStore.Schema.Engines.Oracle;

/// <summary>
/// The Oracle-only command and parameter properties the engine needs, set by reflection because the provider is loaded
/// at run time: BindByName, ArrayBindCount, OracleDbType (by enum name), CollectionType for PL/SQL associative arrays
/// and ArrayBindStatus for NULLs in array binds. Property lookups are cached per provider type. Every member name comes
/// from <see cref="OracleProviderSurface"/>.
/// </summary>
public static class OracleBinding
{
    private static readonly ConcurrentDictionary<(Type, string), PropertyInfo> Properties = new();

    /// <summary>Parameters are matched to placeholders and procedure arguments by name, never by position.</summary>
    public static void BindByName(DbCommand command) => Set(command, OracleProviderSurface.BindByName, true);

    /// <summary>
    /// Makes commands created from this connection bind by name where the provider has that switch (OracleConnection.BindByName,
    /// ODP.NET 23+), so the portable statements other components build with engine.Parameter(name) bind by name too.
    /// </summary>
    public static bool TryBindByName(DbConnection connection)
    {
        var property = connection.GetType().GetProperty(OracleProviderSurface.BindByName, BindingFlags.Public | BindingFlags.Instance);
        if (property is not { CanWrite: true } || property.PropertyType != typeof(bool))
        {
            return false;
        }

        property.SetValue(connection, true);
        return true;
    }

    /// <summary>Runs the command once per array element: every parameter's value is an array of this length.</summary>
    public static void ArrayBindCount(DbCommand command, int count) => Set(command, OracleProviderSurface.ArrayBindCount, count);

    public static void OracleDbType(DbParameter parameter, OracleDbTypeName type) => SetEnum(parameter, OracleProviderSurface.OracleDbType, type.ToString());

    /// <summary>Binds <paramref name="values"/> as a PL/SQL associative array (an INDEX BY table parameter).</summary>
    public static void AssociativeArray(DbParameter parameter, OracleDbTypeName type, Array values)
    {
        OracleDbType(parameter, type);
        SetEnum(parameter, OracleProviderSurface.CollectionType, OracleProviderSurface.AssociativeArray);
        parameter.Size = values.Length;
        parameter.Value = values;
    }

    /// <summary>Marks which elements of an array bind are NULL (OracleParameterStatus.NullInsert) and which hold a value.</summary>
    public static void ArrayBindStatus(DbParameter parameter, IReadOnlyList<bool> isNull)
    {
        var property = Property(parameter.GetType(), OracleProviderSurface.ArrayBindStatus);
        var statusType = property.PropertyType.GetElementType() ?? throw new InvalidOperationException("ArrayBindStatus is not an array");
        var nullInsert = Enum.Parse(statusType, OracleProviderSurface.StatusNullInsert);
        var success = Enum.Parse(statusType, OracleProviderSurface.StatusSuccess);
        var statuses = Array.CreateInstance(statusType, isNull.Count);
        for (var i = 0; i < isNull.Count; i++)
        {
            statuses.SetValue(isNull[i] ? nullInsert : success, i);
        }

        property.SetValue(parameter, statuses);
    }

    /// <summary>Adds a typed input parameter (null → DBNull).</summary>
    public static DbParameter In(DbCommand command, string name, OracleDbTypeName type, object? value)
    {
        var parameter = command.CreateParameter();
        parameter.ParameterName = name;
        OracleDbType(parameter, type);
        parameter.Direction = ParameterDirection.Input;
        parameter.Value = value ?? DBNull.Value;
        command.Parameters.Add(parameter);
        return parameter;
    }

    /// <summary>
    /// Adds an OUT PL/SQL associative array that can receive <paramref name="size"/> elements (ODP.NET fails the call when
    /// the procedure returns more); VARCHAR2 arrays also get each element's maximum length, <paramref name="elementLength"/>.
    /// </summary>
    public static DbParameter OutArray(DbCommand command, string name, OracleDbTypeName type, int size, int elementLength = 0)
    {
        var parameter = Out(command, name, type);
        SetEnum(parameter, OracleProviderSurface.CollectionType, OracleProviderSurface.AssociativeArray);
        parameter.Size = size;
        if (elementLength > 0)
        {
            Set(parameter, OracleProviderSurface.ArrayBindSize, Enumerable.Repeat(elementLength, size).ToArray());
        }

        return parameter;
    }

    /// <summary>Element <paramref name="index"/> (from 0) of an OUT array parameter's value, or null past its end.</summary>
    public static object? Element(DbParameter parameter, int index) =>
        parameter.Value is Array values && index < values.Length ? values.GetValue(index) : null;

    /// <summary>Adds a typed output parameter (a NUMBER id or count).</summary>
    public static DbParameter Out(DbCommand command, string name, OracleDbTypeName type)
    {
        var parameter = command.CreateParameter();
        parameter.ParameterName = name;
        OracleDbType(parameter, type);
        parameter.Direction = ParameterDirection.Output;
        command.Parameters.Add(parameter);
        return parameter;
    }

    /// <summary>
    /// An output value as a long: .NET numbers convert directly; provider types such as OracleDecimal (not IConvertible)
    /// are NULL when their IsNull says so, else parsed from their invariant text.
    /// </summary>
    public static long ToInt64(object? value) => decimal.ToInt64(decimal.Truncate(ToDecimal(value)));

    /// <summary>A NUMBER as a decimal (0 when NULL): .NET numbers convert; OracleDecimal is parsed from its invariant text.</summary>
    public static decimal ToDecimal(object? value)
    {
        if (IsNull(value))
        {
            return 0m;
        }

        if (value is IConvertible convertible)
        {
            return convertible.ToDecimal(CultureInfo.InvariantCulture);
        }

        var text = Convert.ToString(value, CultureInfo.InvariantCulture) ?? "0";
        return decimal.Parse(text, NumberStyles.Number | NumberStyles.AllowExponent, CultureInfo.InvariantCulture);
    }

    /// <summary>A VARCHAR2 value or array element as text ("" when NULL): a string, or an OracleString's ToString.</summary>
    public static string ToText(object? value) =>
        IsNull(value) ? "" : value as string ?? Convert.ToString(value, CultureInfo.InvariantCulture) ?? "";

    /// <summary>null, DBNull, or a provider value (OracleDecimal, OracleString) whose IsNull says so.</summary>
    public static bool IsNull(object? value) =>
        value is null or DBNull || (value is not IConvertible && value.GetType().GetProperty(OracleProviderSurface.IsNull)?.GetValue(value) is true);

    private static void Set(object target, string name, object value) => Property(target.GetType(), name).SetValue(target, value);

    private static void SetEnum(object target, string name, string member)
    {
        var property = Property(target.GetType(), name);
        property.SetValue(target, Enum.Parse(Nullable.GetUnderlyingType(property.PropertyType) ?? property.PropertyType, member));
    }

    private static PropertyInfo Property(Type type, string name) =>
        Properties.GetOrAdd((type, name), key =>
            key.Item1.GetProperty(key.Item2, BindingFlags.Public | BindingFlags.Instance)
            ?? throw new InvalidOperationException($"{key.Item1.FullName} has no property {key.Item2}: is it Oracle's ADO.NET provider?"));
}
