using System.Diagnostics.Metrics;
using System.Globalization;
using System.Net;
using DvdStore.Driver.Results;
using DvdStore.Driver.Workload;
using DvdStore.Schema;
using OpenTelemetry;
using OpenTelemetry.Metrics;

namespace DvdStore.Driver.Metrics;

/// <summary>
/// Live figures of a run for dashboards (--metrics-port): System.Diagnostics.Metrics instruments of the meter
/// "DvdStore.Driver", served by OpenTelemetry's Prometheus listener at http://HOST:PORT/metrics. The OPM and measured
/// orders are those of the last live line (the figures the result file's intervals hold); orders, rollbacks and
/// errors since the start are read from the run's counters at each scrape; every call's latency goes into a
/// histogram per transaction. Created only when asked for: without it there is no listener and no instrument.
/// </summary>
public sealed class LivePublisher : IDisposable
{
    public const string MeterName = "DvdStore.Driver";

    private readonly Meter meter;
    private readonly MeterProvider provider;
    private readonly Histogram<double> latency;
    private readonly KeyValuePair<string, object?>[][] kindTags;
    private IntervalSample? latest;

    private LivePublisher(string host, int port, RunMetrics metrics, Func<int> users)
    {
        meter = new Meter(MeterName);
        meter.CreateObservableGauge("dvdstore.opm", () => Volatile.Read(ref latest)?.Opm ?? 0, description: "Orders per minute of the measured phase, as on the last live line");
        meter.CreateObservableGauge("dvdstore.measured_orders", () => Volatile.Read(ref latest)?.TotalOrders ?? 0, description: "Orders of the measured phase, as on the last live line");
        meter.CreateObservableGauge("dvdstore.users", users, description: "Virtual users running");
        meter.CreateObservableCounter("dvdstore.orders", () => metrics.ReadCounters()[0].Orders, description: "Orders completed since the start (warm-up included)");
        meter.CreateObservableCounter("dvdstore.rollbacks", () => metrics.ReadCounters()[0].Rollbacks, description: "Orders rolled back since the start");
        meter.CreateObservableCounter("dvdstore.errors", () => metrics.ReadCounters()[0].TotalErrors, description: "Orders abandoned after failed calls since the start");
        latency = meter.CreateHistogram<double>("dvdstore.transaction.duration", unit: "ms", description: "Latency of each DS3 call, by transaction");
        kindTags = Enum.GetValues<TransactionKind>().Select(static k => new[] { new KeyValuePair<string, object?>("transaction", k.ToString()) }).ToArray();
        try
        {
            provider = Sdk.CreateMeterProviderBuilder()
                .AddMeter(MeterName)
                .AddPrometheusHttpListener(o =>
                {
                    // The exporter builds its prefix with UriBuilder, which refuses the wildcard hosts * and + ("could
                    // not be started"); HttpListener itself takes them, so a wildcard prefix replaces the built one.
                    o.Host = IsWildcard(host) ? "localhost" : host;
                    o.Port = port;
                    o.ScrapeResponseCacheDurationMilliseconds = 0;
                    if (IsWildcard(host))
                    {
                        o.ConfigureHttpListener = (_, listener) =>
                        {
                            listener.Prefixes.Clear();
                            listener.Prefixes.Add(string.Create(CultureInfo.InvariantCulture, $"http://{host}:{port}/metrics/"));
                        };
                    }
                })
                .Build();
        }
        catch (Exception e) when (e is HttpListenerException or InvalidOperationException or ArgumentException)
        {
            meter.Dispose();
            throw new UserError(string.Create(CultureInfo.InvariantCulture, $"cannot serve metrics on {host}:{port} ({e.Message.Split('\n')[0].TrimEnd('.')}); choose a free --metrics-port or another --metrics-host."));
        }
    }

    /// <summary>The endpoint Prometheus scrapes.</summary>
    public static string Endpoint(string host, int port) => string.Create(CultureInfo.InvariantCulture, $"http://{(IsWildcard(host) ? "<this host>" : host)}:{port}/metrics");

    /// <summary>* and + mean every interface (HttpListener's wildcard prefixes).</summary>
    private static bool IsWildcard(string host) => host is "*" or "+";

    /// <summary>Starts serving, and hooks the run's call latencies and live lines into the instruments.</summary>
    public static LivePublisher Start(string host, int port, RunMetrics metrics, Func<int> users)
    {
        var publisher = new LivePublisher(host, port, metrics, users);
        metrics.CallObserver = publisher.RecordCall;
        return publisher;
    }

    /// <summary>A live line was written: its figures become the gauges' values.</summary>
    public void Publish(IntervalSample interval) => Volatile.Write(ref latest, interval);

    private void RecordCall(TransactionKind kind, double milliseconds) => latency.Record(milliseconds, kindTags[(int)kind]);

    public void Dispose()
    {
        provider.Dispose();
        meter.Dispose();
    }
}
