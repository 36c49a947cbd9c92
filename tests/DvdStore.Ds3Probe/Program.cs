using System.Data;
using System.Globalization;
using DvdStore.Ds3Probe;
using Npgsql;

// usage: dotnet DvdStore.Ds3Probe.dll <connection string>; reads one call a line from stdin ("NAME|arg|arg"), prints
// "NAME result" a line, or "NAME !<exception type> <SQLSTATE>" where DS3's driver would fail (the test asserts none).
// Before any Npgsql type is touched: DS3's driver needs SELECT * FROM fn(...) calls, not CALL.
AppContext.SetSwitch("Npgsql.EnableStoredProcedureCompatMode", true);

if (args.Length != 1)
{
    Console.Error.WriteLine("error: give the PostgreSQL connection string as the only argument.");
    return 2;
}

await using var connection = new NpgsqlConnection(args[0]);
await connection.OpenAsync();
var calls = new Ds3PostgreSqlCalls(connection);
while (Console.ReadLine() is { } line)
{
    var parts = line.Split('|');
    string result;
    try
    {
        result = calls.Run(parts[0], parts[1..]);
    }
    catch (Exception e)
    {
        result = $"!{e.GetType().Name} {(e as PostgresException)?.SqlState} {e.Message.ReplaceLineEndings(" ")}";
    }

    Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{parts[0]} {result}"));
}

return 0;
