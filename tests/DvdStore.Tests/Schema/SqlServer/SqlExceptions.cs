using System.Reflection;

using Microsoft.Data.SqlClient;

namespace DvdStore.Tests.Schema.SqlServer;

/// <summary>
/// Builds real <see cref="SqlException"/>s (whose constructors are internal) through reflection, so classification is
/// tested against the provider's own type rather than a look-alike.
/// </summary>
internal static class SqlExceptions
{
    public static SqlException Create(int number, string message = "test error", byte severity = 16)
    {
        var errorCtor = typeof(SqlError).GetConstructors(BindingFlags.NonPublic | BindingFlags.Instance)
            .OrderByDescending(c => c.GetParameters().Length).First();
        var args = errorCtor.GetParameters().Select(p => p.ParameterType switch
        {
            var t when t == typeof(int) && p.Name == "infoNumber" => number,
            var t when t == typeof(string) && p.Name == "errorMessage" => message,
            var t when t == typeof(string) => "",
            var t when t == typeof(byte) => (byte)(p.Name == "errorClass" ? severity : 1),
            var t when t == typeof(int) => 0,
            var t when t == typeof(uint) => 0u,
            var t when t.IsValueType => Activator.CreateInstance(t),
            _ => null,
        }).ToArray();
        var error = (SqlError)errorCtor.Invoke(args);

        var collection = (SqlErrorCollection)Activator.CreateInstance(typeof(SqlErrorCollection), nonPublic: true)!;
        typeof(SqlErrorCollection).GetMethod("Add", BindingFlags.NonPublic | BindingFlags.Instance)!.Invoke(collection, [error]);

        var create = typeof(SqlException).GetMethods(BindingFlags.NonPublic | BindingFlags.Static)
            .Where(m => m.Name == "CreateException")
            .OrderBy(m => m.GetParameters().Length)
            .First(m => m.GetParameters()[0].ParameterType == typeof(SqlErrorCollection));
        var createArgs = create.GetParameters().Select((p, i) => i == 0 ? collection : p.ParameterType == typeof(string) ? (object?)"16.0" : null).ToArray();
        return (SqlException)create.Invoke(null, createArgs)!;
    }
}
