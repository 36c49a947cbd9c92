namespace DvdStore.Tests.Infrastructure;

/// <summary>
/// Waits until a run started in the background commits orders, in place of a fixed sleep: a fault a test injects next
/// then meets users at work however slowly a busy machine started the run.
/// </summary>
public static class OrderFlow
{
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(90);

    public static async Task<long> CountAsync(StoreTarget target)
    {
        await using var connection = await target.OpenAsync(CancellationToken.None);
        await using var command = connection.Command("SELECT COUNT(*) FROM ORDERS");
        return Convert.ToInt64(await command.ExecuteScalarAsync(), CultureInfo.InvariantCulture);
    }

    /// <summary>Returns once ORDERS holds more than <paramref name="ordersBefore"/> rows; fails if <paramref name="run"/> ends first or none come in time.</summary>
    public static async Task WaitAsync(StoreTarget target, long ordersBefore, Task run)
    {
        var deadline = DateTime.UtcNow + Limit;
        while (await CountAsync(target) <= ordersBefore)
        {
            if (run.IsCompleted)
            {
                await run; // its own failure says more than "no orders"
                Assert.Fail("the run ended before any order was committed");
            }

            Assert.True(DateTime.UtcNow < deadline, $"no order committed within {Limit.TotalSeconds:0} s of the run's start");
            await Task.Delay(100);
        }
    }
}
