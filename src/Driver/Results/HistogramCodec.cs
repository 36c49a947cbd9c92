using HdrHistogram;
using HdrHistogram.Utilities;

namespace DvdStore.Driver.Results;

/// <summary>
/// HdrHistograms as text for the result file: base64 of the standard compressed V2 encoding, so any
/// HdrHistogram implementation can read them. Values are microseconds.
/// </summary>
public static class HistogramCodec
{
    /// <summary>Highest trackable value: one hour in microseconds.</summary>
    public const long HighestMicroseconds = 3_600_000_000;

    public const int SignificantDigits = 3;

    /// <summary>A new empty histogram with the range and precision every driver histogram uses.</summary>
    public static LongHistogram Create() => new(1, HighestMicroseconds, SignificantDigits);

    /// <summary>The value at <paramref name="percentile"/> in milliseconds; 0 for an empty histogram.</summary>
    public static double PercentileMs(HistogramBase histogram, double percentile) =>
        histogram.TotalCount == 0 ? 0 : histogram.GetValueAtPercentile(percentile) / 1000.0;

    public static string Encode(HistogramBase histogram)
    {
        var buffer = ByteBuffer.Allocate(histogram.GetNeededByteBufferCapacity());
        var length = histogram.EncodeIntoCompressedByteBuffer(buffer);
        var bytes = new byte[length];
        buffer.Position = 0;
        for (var i = 0; i < length; i++)
        {
            bytes[i] = buffer.Get();
        }

        return Convert.ToBase64String(bytes);
    }

    public static HistogramBase Decode(string encoded)
    {
        if (string.IsNullOrEmpty(encoded))
        {
            return Create();
        }

        var buffer = ByteBuffer.Allocate(Convert.FromBase64String(encoded));
        return HistogramEncoding.DecodeFromCompressedByteBuffer(buffer, 0);
    }
}
