namespace DvdStore.Driver.Metrics;

/// <summary>
/// DS3's reported numbers (docs/ds3-compatibility.md, "Driver output and formulas"), with division by zero giving 0 instead of −2147483648: the one place each
/// formula is written; the driver, the DS3 log reader and the analyses all call it.
/// </summary>
public static class Ds3Formulas
{
    /// <summary>floor(60 × orders / elapsed seconds); 0 before any time has passed.</summary>
    public static long Opm(long orders, double elapsedSeconds) =>
        elapsedSeconds <= 0 ? 0 : (long)Math.Floor(60.0 * orders / elapsedSeconds);

    /// <summary>60 × orders / seconds, unrounded (a window's or an interval's rate); 0 when no time has passed.</summary>
    public static double OrdersPerMinute(double orders, double seconds) =>
        seconds <= 0 ? 0 : 60.0 * orders / seconds;

    /// <summary>floor(total µs / 1000 / count) in ms; 0 when count is 0 (DS3 printed −2147483648).</summary>
    public static long AverageMs(long totalMicros, long count) =>
        count <= 0 ? 0 : (long)Math.Floor(totalMicros / 1000.0 / count);

    /// <summary>100 × rollbacks / orders; 0 when there are no orders.</summary>
    public static double RollbackPercent(long rollbacks, long orders) =>
        orders <= 0 ? 0 : 100.0 * rollbacks / orders;
}
