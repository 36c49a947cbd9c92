using System.Globalization;
using System.Security.Cryptography;
using System.Text;
using DvdStore.Driver.Results;
using DvdStore.Driver.Workload;
using DvdStore.Schema.Engines;

namespace DvdStore.Driver.Running;

/// <summary>
/// The identity of the workload <c>dvdstore run</c> drives (result.json "workload"): DvdStore's name and version, and
/// a hash of the engine's statements for an order, the mix parameters, the driver's fixed choices and the vocabulary
/// rule. Two runs with one hash did the same work per order, whatever their users, duration or think time.
/// </summary>
public static class DvdStoreWorkload
{
    public const string Name = "DvdStore";

    /// <summary>Moved by hand when the workload changes on purpose; the hash moves by itself with any change it covers.</summary>
    public const string Version = "1";

    /// <summary>The identity of <paramref name="workload"/> (its search terms chosen) driven on <paramref name="engines"/>.</summary>
    public static WorkloadIdentity Identify(IEnumerable<IEngine> engines, WorkloadSettings workload)
    {
        ArgumentNullException.ThrowIfNull(workload);
        var statementsHash = HashOf(Statements(engines));
        var mix = workload.MixParameters();
        var definition = new StringBuilder()
            .Append("workload ").Append(Name).Append(" v").Append(Version).Append('\n')
            .Append("statements ").Append(statementsHash).Append('\n');
        foreach (var (name, value) in mix.Concat(FixedChoices()))
        {
            definition.Append(name).Append('=').Append(value).Append('\n');
        }

        definition.Append("vocabulary ").Append(workload.Terms.Rule).Append('\n');
        return new WorkloadIdentity
        {
            Name = Name,
            Version = Version,
            Hash = HashOf(definition.ToString()),
            StatementsHash = statementsHash,
            Mix = mix,
            Vocabulary = workload.Terms.Rule,
        };
    }

    /// <summary>16 lowercase hex digits of SHA-256 over the UTF-8 text.</summary>
    public static string HashOf(string text) =>
        Convert.ToHexString(SHA256.HashData(Encoding.UTF8.GetBytes(text)))[..16].ToLowerInvariant();

    /// <summary>
    /// What each engine runs for an order: its procedures, functions and trigger (on SQLite, the statements that stand in
    /// for them), as <c>dvdstore schema</c> prints them. An adopted DS3 store runs these too: adoption installs them.
    /// </summary>
    private static string Statements(IEnumerable<IEngine> engines) =>
        string.Join("\n", engines.DistinctBy(static e => e.Kind).OrderBy(static e => e.Kind)
            .Select(static e => $"-- {e.Kind}\n{e.RenderDdl(SchemaPhase.Programmability)}"));

    /// <summary>The driver's own constants that shape an order beside DS3's parameters.</summary>
    private static IEnumerable<KeyValuePair<string, string>> FixedChoices()
    {
        static KeyValuePair<string, string> Pair(string name, int value) => new(name, value.ToString(CultureInfo.InvariantCulture));
        yield return Pair("categories", Browse.Categories);
        yield return Pair("popular_every", WeightedProducts.PopularEvery);
        yield return Pair("popular_weight", WeightedProducts.PopularWeight);
        yield return Pair("review_summary_words", NewReview.SummaryWords);
        yield return Pair("review_text_words", NewReview.TextWords);
    }
}
