using System.Collections.Concurrent;
using System.Data;
using System.Data.Common;
using System.Globalization;
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

    public static void OracleDbType(DbParameter parameter, string typeName) => SetEnum(parameter, OracleProviderSurface.OracleDbType, typeName);

    /// <summary>Binds <paramref name="values"/> as a PL/SQL associative array (an INDEX BY table parameter).</summary>
    public static void AssociativeArray(DbParameter parameter, string typeName, Array values)
    {
        OracleDbType(parameter, typeName);
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
    public static DbParameter In(DbCommand command, string name, string typeName, object? value)
    {
        var parameter = command.CreateParameter();
        parameter.ParameterName = name;
        OracleDbType(parameter, typeName);
        parameter.Direction = ParameterDirection.Input;
        parameter.Value = value ?? DBNull.Value;
        command.Parameters.Add(parameter);
        return parameter;
    }

    /// <summary>Adds a typed output parameter (a NUMBER id or a SYS_REFCURSOR).</summary>
    public static DbParameter Out(DbCommand command, string name, string typeName)
    {
        var parameter = command.CreateParameter();
        parameter.ParameterName = name;
        OracleDbType(parameter, typeName);
        parameter.Direction = ParameterDirection.Output;
        command.Parameters.Add(parameter);
        return parameter;
    }

    /// <summary>
    /// An output value as a long: .NET numbers convert directly; provider types such as OracleDecimal (not IConvertible)
    /// are NULL when their IsNull says so, else parsed from their invariant text.
    /// </summary>
    public static long ToInt64(object? value)
    {
        switch (value)
        {
            case null or DBNull:
                return 0;
            case IConvertible convertible:
                return convertible.ToInt64(CultureInfo.InvariantCulture);
        }

        if (value.GetType().GetProperty(OracleProviderSurface.IsNull)?.GetValue(value) is true)
        {
            return 0;
        }

        var text = Convert.ToString(value, CultureInfo.InvariantCulture) ?? "0";
        return decimal.ToInt64(decimal.Parse(text, NumberStyles.Number | NumberStyles.AllowExponent, CultureInfo.InvariantCulture));
    }

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
