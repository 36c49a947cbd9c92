namespace DvdStore.Tests.Loader;

/// <summary>
/// Issue 37: reset removes the membership a run gave a customer who existed at load (NEW_MEMBER on an as-loaded
/// customer without one: what 1 % of a run's calls do, here done once on purpose). After the reset MEMBERSHIP is the
/// reference load's: its 200 rows (10 % of 2,000 customers) and its reference hash, computed apart from the loader.
/// </summary>
public sealed class ResetMembershipTests
{
    [SkippableTheory]
    [EveryTestEngine]
    public async Task Reset_removes_the_run_time_membership_of_a_customer_who_existed_at_load(EngineKind kind)
    {
        await using var database = await LoaderDatabase.CreateAsync(kind);
        var target = database.Target;
        await database.LoadAsync(TestStore.Smallest.Load(2));
        var reference = TestStore.Smallest.Reference.Tables.Single(t => t.Table == "MEMBERSHIP");
        Assert.Equal(200, reference.Rows);

        long customer;
        await using (var connection = await target.OpenAsync(None))
        {
            await using (var find = connection.Command("SELECT MIN(C.CUSTOMERID) FROM CUSTOMERS C WHERE NOT EXISTS (SELECT 1 FROM MEMBERSHIP M WHERE M.CUSTOMERID = C.CUSTOMERID)"))
            {
                customer = Convert.ToInt64(await find.ExecuteScalarAsync(None), CultureInfo.InvariantCulture);
            }

            Assert.InRange(customer, 1, 2_000);
            await using var commands = target.Engine.CreateStoreCommands(connection);
            Assert.True(await commands.NewMemberAsync(customer, 2, None) > 0);
            Assert.Equal(reference.Rows + 1, await CountAsync(connection, "SELECT COUNT(*) FROM MEMBERSHIP"));
        }

        var reset = await StoreReset.ResetAsync(target, None);

        Assert.True(reset.Matches, string.Join(", ", reset.Check.Differing));
        await using (var connection = await target.OpenAsync(None))
        {
            Assert.Equal(0, await CountAsync(connection, string.Create(CultureInfo.InvariantCulture, $"SELECT COUNT(*) FROM MEMBERSHIP WHERE CUSTOMERID = {customer}")));
        }

        var membership = (await database.CompareWithLoadAsync()).Current.Tables.Single(t => t.Table == "MEMBERSHIP");
        Assert.Equal(reference, membership);
    }

    private static async Task<long> CountAsync(DbConnection connection, string sql)
    {
        await using var command = connection.Command(sql);
        return Convert.ToInt64(await command.ExecuteScalarAsync(None), CultureInfo.InvariantCulture);
    }
}
