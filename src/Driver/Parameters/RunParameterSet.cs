using System.Data.Common;
using System.Globalization;
using System.Text.Json;
using DvdStore.Driver.Environment;
using DvdStore.Driver.Fleet;
using DvdStore.Driver.Results;
using DvdStore.Driver.Running;
using DvdStore.Driver.Workload;
using DvdStore.Monitoring;
using DvdStore.Schema;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Sizing;

namespace DvdStore.Driver.Parameters;

/// <summary>
/// The values of <c>dvdstore run</c>'s parameters, applied strictly left to right as DS3 does: a later value
/// wins, and a config file (DS3's name=value lines, or JSON) is read where it appears. <see cref="Build"/>
/// validates everything and makes the <see cref="RunSettings"/>; every mistake is a one-line <see cref="UserError"/>.
/// </summary>
public sealed class RunParameterSet
{
    private const int MaxConfigDepth = 8;
    private static readonly CultureInfo Inv = CultureInfo.InvariantCulture;

    /// <summary>
    /// Modern names that set another parameter's value: --users is n_threads and --size db_size; --duration and
    /// --warmup keep their units apart from DS3's whole minutes (run_time, warmup_time).
    /// </summary>
    private static readonly Dictionary<string, string> ValueKeys = new(StringComparer.Ordinal)
    {
        ["users"] = "n_threads",
        ["size"] = "db_size",
        ["duration"] = "run_time_explicit",
        ["warmup"] = "warmup_explicit",
    };

    /// <summary>DS3's minutes given after --duration or --warmup win: the last one given counts.</summary>
    private static readonly Dictionary<string, string> Overrides = new(StringComparer.Ordinal)
    {
        ["run_time"] = "run_time_explicit",
        ["warmup_time"] = "warmup_explicit",
    };

    private readonly Dictionary<string, string> values = new(StringComparer.Ordinal);
    private readonly Dictionary<string, string> labels = new(StringComparer.Ordinal);

    // Value key → the parameter as the user wrote it (--users, --start-at, or "ds3.conf line 3: n_threads"), for errors.
    private readonly Dictionary<string, string> typed = new(StringComparer.Ordinal);
    private int depth;
    private bool driverCpusGiven;

    public RunParameterSet()
    {
        foreach (var parameter in RunParameters.All)
        {
            values[parameter.Name] = parameter.Default;
        }

        values["run_time_explicit"] = "";
        values["warmup_explicit"] = "";
    }

    /// <summary>True when <paramref name="name"/> (or a name for the same value, e.g. size for db_size) was given.</summary>
    public bool IsGiven(string name) => typed.ContainsKey(RunParameters.Find(name)?.Name ?? name);

    /// <summary>The current value of a parameter (its default until set).</summary>
    public string this[string name] => values[RunParameters.Find(name)?.Name ?? throw new ArgumentException($"unknown parameter {name}", nameof(name))];

    public IReadOnlyDictionary<string, string> Labels => labels;

    /// <summary>Applies DS3-style arguments (<c>--name=value</c> or <c>--name value</c>) in order.</summary>
    public RunParameterSet ApplyArguments(IEnumerable<string> arguments)
    {
        using var e = arguments.GetEnumerator();
        while (e.MoveNext())
        {
            var token = e.Current;
            if (!token.StartsWith("--", StringComparison.Ordinal) || token.Length < 3)
            {
                throw new UserError($"'{token}' is not a parameter; write --name=value (see 'dvdstore run --help').");
            }

            var equals = token.IndexOf('=', StringComparison.Ordinal);
            if (equals > 0)
            {
                Apply(token[2..equals], token[(equals + 1)..], "command line");
            }
            else if (e.MoveNext())
            {
                Apply(token[2..], e.Current, "command line");
            }
            else
            {
                throw new UserError($"{token} has no value; write {token}=value.");
            }
        }

        return this;
    }

    /// <summary>Sets one parameter; config files are read at once. <paramref name="source"/> names where it came from in errors.</summary>
    public RunParameterSet Apply(string name, string value, string source)
    {
        var parameter = RunParameters.Find(name)
            ?? throw new UserError($"parameter {name} doesn't exist ({source}); see 'dvdstore run --help' for the list.");
        var given = name.Trim().TrimStart('-');
        var shown = source == "command line" ? "--" + given : $"{source}: {given}";
        switch (parameter.Name)
        {
            case RunParameters.ConfigFile:
                ReadNested(value, ApplyDs3ConfigFile);
                break;
            case RunParameters.JsonConfig:
                ReadNested(value, path => (ConfigFileText.IsJson(path) ? (Action<string>)ApplyJsonConfig : ApplyDs3ConfigFile)(path));
                break;
            case RunParameters.Label:
                var eq = value.IndexOf('=', StringComparison.Ordinal);
                if (eq <= 0)
                {
                    throw new UserError($"label '{value}' ({source}) is not key=value; write e.g. --label vcpus=96.");
                }

                var (labelKey, labelValue) = (value[..eq].Trim(), value[(eq + 1)..].Trim());
                RunLabels.Check(labelKey, labelValue, source);
                labels[labelKey] = labelValue;
                break;
            case "driver_cpus":
                // Given at all, even as "", it must be a CPU list: an empty one is refused rather than ignored.
                values["driver_cpus"] = value;
                driverCpusGiven = true;
                break;
            default:
                Set(ValueKeys.GetValueOrDefault(parameter.Name, parameter.Name), value, shown);
                if (Overrides.TryGetValue(parameter.Name, out var overridden))
                {
                    values[overridden] = "";
                }

                break;
        }

        return this;
    }

    private void Set(string key, string value, string shown)
    {
        values[key] = value;
        typed[key] = shown;
    }

    /// <summary>The parameter behind a value key as the user wrote it; "--name" for one never given.</summary>
    private string Shown(string key) => typed.TryGetValue(key, out var shown) ? shown : "--" + key;

    /// <summary>
    /// DS3's config file: one name=value per line, applied in order. Unlike DS3, blank lines and # comments are
    /// skipped and a value may contain '=' (everything after the first '=' is the value).
    /// </summary>
    public void ApplyDs3ConfigFile(string path)
    {
        var lineNumber = 0;
        foreach (var raw in ConfigFileText.Lines(path))
        {
            lineNumber++;
            var line = raw.Trim();
            if (line.Length == 0 || line.StartsWith('#'))
            {
                continue;
            }

            var eq = line.IndexOf('=', StringComparison.Ordinal);
            if (eq <= 0)
            {
                throw new UserError($"{path} line {lineNumber}: '{InputBounds.Quote(line)}' is not name=value.");
            }

            Apply(line[..eq].Trim(), line[(eq + 1)..].Trim(), $"{path} line {lineNumber}");
        }
    }

    /// <summary>A JSON object of parameter names to values (strings, numbers, booleans; "label" may be an object).</summary>
    public void ApplyJsonConfig(string path)
    {
        JsonDocument document;
        try
        {
            document = JsonDocument.Parse(string.Join('\n', ConfigFileText.Lines(path)));
        }
        catch (JsonException e)
        {
            throw new UserError($"{path} is not valid JSON ({e.Message}).");
        }

        using (document)
        {
            if (document.RootElement.ValueKind != JsonValueKind.Object)
            {
                throw new UserError($"{path} must hold a JSON object of parameter names to values, e.g. {{\"n_threads\": 16}}.");
            }

            foreach (var property in document.RootElement.EnumerateObject())
            {
                var where = $"{path} \"{property.Name}\"";
                if (property.Value.ValueKind == JsonValueKind.Object && RunParameters.Normalize(property.Name) == RunParameters.Label)
                {
                    foreach (var label in property.Value.EnumerateObject())
                    {
                        Apply(RunParameters.Label, $"{label.Name}={JsonText(label.Value, where)}", where);
                    }

                    continue;
                }

                if (property.Value.ValueKind == JsonValueKind.Array)
                {
                    foreach (var item in property.Value.EnumerateArray())
                    {
                        Apply(property.Name, JsonText(item, where), where);
                    }

                    continue;
                }

                Apply(property.Name, JsonText(property.Value, where), where);
            }
        }
    }

    /// <summary>Validates every value and builds the settings (targets resolved, passwords from the environment).</summary>
    public RunSettings Build()
    {
        var read = new RunParameterValues(values, Shown);
        var engine = EngineCatalog.Parse(values["engine"]);
        var (targets, names) = Targets(engine);
        var ds2 = read.YesNo("ds2_mode", strictDs3: true);
        var workload = new WorkloadSettings
        {
            ThinkTimeSeconds = read.Duration("think_time").TotalSeconds,
            PctNewCustomers = read.Number("pct_newcustomers"),
            PctNewMember = read.Number("pct_newmember"),
            Searches = read.Whole("n_searches"),
            SearchBatchSize = read.Whole("search_batch_size"),
            Reviews = read.Whole("n_reviews"),
            PctNewReviews = read.Number("pct_newreviews"),
            PctNewHelpfulness = read.Number("pct_newhelpfulness"),
            LineItems = read.Whole("n_line_items"),
            Ds2Mode = ds2,
        };
        var runTime = values["run_time_explicit"] is { Length: > 0 } d ? DurationText.Parse(Shown("run_time_explicit"), d) : TimeSpan.FromMinutes(read.Whole("run_time"));
        var warmup = values["warmup_explicit"] is { Length: > 0 } w ? DurationText.Parse(Shown("warmup_explicit"), w) : TimeSpan.FromMinutes(read.Whole("warmup_time"));
        var outFile = values["out_filename"].Trim();
        var settings = new RunSettings
        {
            Targets = targets,
            TargetNames = names,
            UsersPerTarget = read.Whole("n_threads"),
            RampRate = read.Number("ramp_rate"),
            RunTime = runTime == TimeSpan.Zero ? null : runTime,
            Warmup = warmup,
            DbSize = read.Size(),
            Workload = workload,
            LogFrequencySeconds = read.Whole("log_freq"),
            LogTimestamp = read.OneOf("log_timestamp", ("NONE", LogTimestamp.None), ("UTC", LogTimestamp.Utc), ("LOCAL", LogTimestamp.Local)),
            OutputFormat = read.OneOf("output_format", ("TEXT", OutputFormat.Text), ("DS3", OutputFormat.Ds3)),
            DetailedView = read.YesNo("detailed_view", strictDs3: false),
            Ds3CsvFile = outFile.Length == 0 ? null : outFile,
            OutputDirectory = values["out"].Trim() is { Length: > 0 } o ? o : "results",
            Labels = new Dictionary<string, string>(labels),
            Seed = values["seed"] is "random" or "" ? System.Environment.TickCount64 : read.Long("seed"),
            StartAt = read.StartAt(),
            CrossCheck = read.YesNo("cross_check", strictDs3: false),
            MemoryCheck = read.YesNo("memory_check", strictDs3: false),
            ResetStore = read.YesNo("reset", strictDs3: false),
            AllowUsedStore = read.YesNo("allow_used_store", strictDs3: false),
            Retry = new RetryPolicy { DatabaseDownLimit = read.Duration("db_down_limit") },
            VirtDir = values["virt_dir"],
            PageType = values["page_type"],
            WindowsPerfHost = values["windows_perf_host"],
            LinuxPerfHost = values["linux_perf_host"],
            ServerMetrics = ServerMetricsDefaults.Resolve(
                values["server_metrics"].Trim(),
                values["server_host"].Trim() is { Length: > 0 } host ? host : null,
                values["server_data_dir"].Trim() is { Length: > 0 } dir ? dir : null,
                values["server_pid"].Trim().Length > 0 ? read.Whole("server_pid") : null,
                targets[0]) with
            { WaitsPerSecond = read.Whole("wait_rate") },
            DriverCpus = driverCpusGiven ? DriverAffinity.Parse("--driver-cpus", values["driver_cpus"]) : null,
            ResultToStdout = read.YesNo("result_stdout", strictDs3: false),
            MetricsPort = values["metrics_port"].Trim().Length == 0 ? null : read.Whole("metrics_port"),
            TargetOpm = values["rate"].Trim().Length == 0 ? null : read.Number("rate"),
            MetricsHost = values["metrics_host"].Trim() is { Length: > 0 } metricsHost ? metricsHost : "*",
        };
        if (values["fleet_size"].Trim().Length > 0)
        {
            // Checked here, where the option's spelling is known (--fleet-size), before the fleet reads it.
            _ = read.Whole("fleet_size");
        }

        return FleetSettings.Apply(settings, values["fleet"], values["fleet_size"], values["fleet_index"], values["fleet_users"], values["fleet_timeout"], System.Environment.GetEnvironmentVariable);
    }

    private (IReadOnlyList<StoreTarget> Targets, IReadOnlyList<string> Names) Targets(IEngine engine)
    {
        var connection = values["connection"];
        var baseTarget = StoreTarget.From(engine.Profile.Name, connection);
        var hosts = values["target"].Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        if (hosts.Length == 0)
        {
            throw new UserError("target is empty; give one host, or several separated by ';'.");
        }

        // The default target "localhost" means: the connection as given.
        if (hosts is ["localhost"] && values["target"] == RunParameters.Find("target")!.Default)
        {
            return ([baseTarget], [HostOf(baseTarget) ?? baseTarget.RedactedConnection]);
        }

        var targets = hosts.Select(h => baseTarget with { ConnectionString = engine.Profile.WithHost(baseTarget.ConnectionString, h) }).ToList();
        return (targets, hosts);
    }

    private static string? HostOf(StoreTarget target) => ConnectionStrings.Value(target.ConnectionString, "Host", "Server", "Data Source", "DataSource");

    private void ReadNested(string path, Action<string> read)
    {
        if (++depth > MaxConfigDepth)
        {
            throw new UserError($"config files include each other more than {MaxConfigDepth} deep (at {path}); remove the loop.");
        }

        try
        {
            read(path.Trim());
        }
        finally
        {
            depth--;
        }
    }

    private static string JsonText(JsonElement value, string where) => value.ValueKind switch
    {
        JsonValueKind.String => value.GetString()!,
        JsonValueKind.Number => value.GetRawText(),
        JsonValueKind.True => "Y",
        JsonValueKind.False => "N",
        _ => throw new UserError($"{where}: give a string, number or boolean."),
    };
}
