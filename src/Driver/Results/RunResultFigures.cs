using System.Globalization;
using DvdStore.Schema;

namespace DvdStore.Driver.Results;

/// <summary>
/// Refuses result totals no dvdstore run can write (a negative or non-finite time, count or rate), as analyze refuses
/// such figures in DS3 logs: a hand-edited or damaged file is left out instead of entering averages (an "opm": -50000
/// once pulled a mean of repeats to -24498).
/// </summary>
internal static class RunResultFigures
{
    public static void Check(RunResult result, string source)
    {
        var totals = result.Totals;
        var problem = !double.IsFinite(totals.MeasuredSeconds) || totals.MeasuredSeconds < 0 ? F($"measuredSeconds={totals.MeasuredSeconds}")
            : FirstNegative(("opm", totals.Opm), ("committedOpm", totals.CommittedOpm), ("orders", totals.Orders), ("committedOrders", totals.CommittedOrders),
                ("rollbacks", totals.Rollbacks), ("errors", totals.Errors), ("reconnects", totals.Reconnects), ("users", totals.Users));
        if (problem is not null)
        {
            throw new UserError($"{source}: totals has {problem}, which no dvdstore run writes, so the file is left out; fix or remove it.");
        }
    }

    private static string? FirstNegative(params (string Name, long Value)[] figures) =>
        figures.Where(static f => f.Value < 0).Select(static f => F($"{f.Name}={f.Value}")).FirstOrDefault();

    private static string F(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
