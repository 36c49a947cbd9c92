namespace DvdStore.Tests.Driver;

public sealed class ResultFileTests
{
    private static RunResult Sample()
    {
        var histogram = HistogramCodec.Create();
        foreach (var us in new long[] { 900, 1_200, 1_500, 30_000 })
        {
            histogram.RecordValue(us);
        }

        return new RunResult
        {
            ToolVersion = "1.2.3",
            RunId = "20261123-090000-abcd",
            StartUtc = new DateTimeOffset(2026, 11, 23, 9, 0, 0, TimeSpan.Zero),
            EndUtc = new DateTimeOffset(2026, 11, 23, 9, 1, 0, TimeSpan.Zero),
            Outcome = RunOutcome.Completed,
            Parameters = new Dictionary<string, string> { ["n_threads"] = "4", ["db_size"] = "10MB" },
            Context = new RunContext
            {
                Client = new ClientContext { Hostname = "h", Sockets = 2, CoresPerSocket = 8, ThreadsPerCore = 2, AffinityCpus = "0-3" },
                Servers = [new ServerContext { Engine = "postgres", Connection = "Host=x", Settings = new Dictionary<string, string> { ["shared_buffers"] = "128MB" } }],
                Labels = new Dictionary<string, string> { ["smt"] = "on" },
            },
            Totals = new RunTotals { Orders = 100, CommittedOrders = 98, Rollbacks = 2, MeasuredSeconds = 60, Opm = 100 },
            OrderResponse = new TransactionStats { Kind = "Order", Count = 4, Histogram = HistogramCodec.Encode(histogram) },
            Transactions = [new TransactionStats { Kind = "Login", Count = 4, P99Ms = 30 }],
            Intervals = [new IntervalSample { ElapsedSeconds = 10, Orders = 5, Measured = true }],
            CrossCheck = new CrossCheck { OrdersBefore = 10, OrdersAfter = 108, DriverCommitted = 98 },
            Findings = [new Finding("client-saturation", FindingSeverity.Warning, "busy")],
        };
    }

    [Fact]
    public async Task A_result_survives_a_round_trip_through_its_file()
    {
        var path = TestServers.TempFile("result.json");
        await JsonResultWriter.WriteAsync(Sample(), path, CancellationToken.None);

        var read = RunResultReader.Read(path);

        Assert.Equal(RunResult.CurrentSchemaVersion, read.SchemaVersion);
        Assert.Equal("20261123-090000-abcd", read.RunId);
        Assert.Equal(RunOutcome.Completed, read.Outcome);
        Assert.Equal("4", read.Parameters["n_threads"]);
        Assert.True(read.Context.Client.SmtEnabled);
        Assert.Equal("128MB", read.Context.Servers[0].Settings["shared_buffers"]);
        Assert.Equal("on", read.Context.Labels["smt"]);
        Assert.Equal(98, read.Totals.CommittedOrders);
        Assert.Equal(30, read.Transactions[0].P99Ms);
        Assert.True(read.CrossCheck!.Matches);
        Assert.Equal(FindingSeverity.Warning, read.Findings[0].Severity);
        Assert.Contains("\"outcome\": \"Completed\"", File.ReadAllText(path));
        // Only the final file remains: no temp file left behind.
        Assert.Single(Directory.GetFiles(Path.GetDirectoryName(path)!));
    }

    [Fact]
    public void The_encoded_histogram_decodes_to_the_same_distribution()
    {
        var decoded = HistogramCodec.Decode(RunResultReader.Parse(JsonResultWriter.ToJson(Sample()), "x").OrderResponse.Histogram);

        Assert.Equal(4, decoded.TotalCount);
        Assert.InRange(decoded.GetValueAtPercentile(50), 1_190, 1_210);
        Assert.InRange(decoded.GetValueAtPercentile(100), 29_900, 30_100);
    }

    [Fact]
    public async Task Writing_over_an_existing_result_replaces_it_whole()
    {
        var path = TestServers.TempFile("result.json");
        await File.WriteAllTextAsync(path, "old");
        await JsonResultWriter.WriteAsync(Sample(), path, CancellationToken.None);

        Assert.StartsWith("{", await File.ReadAllTextAsync(path));
        Assert.Single(Directory.GetFiles(Path.GetDirectoryName(path)!));
    }

    [Theory]
    [InlineData("{\"name\": \"package.json\"}", "not a dvdstore run result")]
    [InlineData("[1,2]", "not a dvdstore run result")]
    [InlineData("{\"format\": \"dvdstore-run-result\", \"schemaVersion\": 99}", "schema version 99")]
    [InlineData("{\"format\": \"dvdstore-run-result\"", "not valid JSON")]
    [InlineData("{\"format\": \"dvdstore-run-result\", \"schemaVersion\": 1, \"totals\": 5}", "does not match")]
    public void Foreign_or_damaged_files_give_a_clear_error(string json, string expected)
    {
        var error = AssertUserError.OneLine(() => RunResultReader.Parse(json, "f.json"), expected);

        Assert.StartsWith("f.json", error.Message);
    }

    /// <summary>Figures no run writes are refused as analyze refuses them in DS3 logs, not averaged into repeats.</summary>
    [Theory]
    [InlineData("opm", -50000, "opm=-50000")]
    [InlineData("measuredSeconds", -5, "measuredSeconds=-5")]
    [InlineData("orders", -1, "orders=-1")]
    public void Impossible_totals_are_refused_in_one_line(string field, double value, string expected)
    {
        var json = System.Text.Json.Nodes.JsonNode.Parse(JsonResultWriter.ToJson(Sample()))!;
        Assert.NotNull(json["totals"]![field]);
        json["totals"]![field] = value;

        var error = AssertUserError.OneLine(() => RunResultReader.Parse(json.ToJsonString(), "f.json"), expected);

        Assert.StartsWith("f.json: totals has", error.Message);
        Assert.Equal(Sample().Totals.Opm, RunResultReader.Parse(JsonResultWriter.ToJson(Sample()), "g.json").Totals.Opm);
    }

    [Fact]
    public async Task The_time_series_csv_has_one_row_per_interval()
    {
        var path = TestServers.TempFile("intervals.csv");
        await CsvTimeSeriesWriter.WriteAsync(Sample().Intervals, path, CancellationToken.None);

        var lines = await File.ReadAllLinesAsync(path);

        Assert.Equal(CsvTimeSeriesWriter.Header, lines[0]);
        Assert.Equal(2, lines.Length);
        Assert.Equal(CsvTimeSeriesWriter.Header.Split(',').Length, lines[1].Split(',').Length);
    }
}
