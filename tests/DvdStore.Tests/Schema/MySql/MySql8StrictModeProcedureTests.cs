using DvdStore.Schema.Engines.MySql;

using MySqlConnector;

namespace DvdStore.Tests.Schema.MySql;

/// <summary>
/// Every procedure test again on a store built, loaded and called under MySQL 8's default sql_mode and utf8mb4, plus
/// proof that the mode really was in force: the session's mode, and the mode the server recorded with each routine.
/// </summary>
public sealed class MySql8StrictModeProcedureTests(MySql8StrictModeStoreFixture store)
    : MySqlProcedureTestsBase(store), IClassFixture<MySql8StrictModeStoreFixture>
{
    private static readonly string[] MySql8Modes = MySqlEngine.MySql8DefaultSqlMode.Split(',');

    [SkippableFact]
    public async Task The_session_and_every_stored_routine_run_under_MySQL_8s_default_sql_mode_and_utf8mb4()
    {
        await using var connection = await store.OpenAsync();
        await using (var session = new MySqlCommand("SELECT @@SESSION.sql_mode, @@SESSION.character_set_connection", connection))
        await using (var reader = await session.ExecuteReaderAsync())
        {
            Assert.True(await reader.ReadAsync());
            Assert.Equal(MySql8Modes.Order(), reader.GetString(0).Split(',').Order());
            Assert.Equal("utf8mb4", reader.GetString(1));
        }

        var routines = new List<string>();
        await using (var command = new MySqlCommand(
            "SELECT ROUTINE_NAME, SQL_MODE FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = DATABASE() " +
            "UNION ALL SELECT TRIGGER_NAME, SQL_MODE FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE()", connection))
        await using (var reader = await command.ExecuteReaderAsync())
        {
            while (await reader.ReadAsync())
            {
                routines.Add(reader.GetString(0));
                var modes = reader.GetString(1).Split(',');
                Assert.All(MySql8Modes, m => Assert.True(modes.Contains(m), $"{reader.GetString(0)} was created without {m}"));
            }
        }

        Assert.Superset(MySqlEngine.ProcedureNames.ToHashSet(StringComparer.OrdinalIgnoreCase), routines.ToHashSet(StringComparer.OrdinalIgnoreCase));

        await using var charset = new MySqlCommand(
            "SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND CHARACTER_SET_NAME IS NOT NULL AND CHARACTER_SET_NAME <> 'utf8mb4'",
            connection);
        Assert.Equal(0L, Convert.ToInt64(await charset.ExecuteScalarAsync(), CultureInfo.InvariantCulture));
    }
}
