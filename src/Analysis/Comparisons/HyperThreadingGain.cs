using DvdStore.Analysis.Reading;
using DvdStore.Analysis.Reports;

namespace DvdStore.Analysis.Comparisons;

/// <summary>
/// Hyper-threading (SMT) gain: OPM with SMT on against SMT off on the same machine, engine and store, each at
/// its best thread count. vCPUs may differ (SMT doubles them), as in the published "all logical threads busy
/// against physical cores only" comparisons; usual gains are 15–30 %.
/// </summary>
public sealed class HyperThreadingGain : IStudy
{
    public string Name => "ht";

    public string Title => "Hyper-threading gain";

    public StudyResult Analyze(StudyInput input)
    {
        var pairs = PairedComparison.Pairs(input, LabelKeys.Smt, LabelKeys.Off, LabelKeys.On, acrossShapes: true, LabelKeys.Vcpus);
        if (pairs.Count == 0)
        {
            return StudyResult.Lacking(Name, Title, "needs runs with smt=off and smt=on that are otherwise equal (same generation, engine, size); label them with --label FILE:smt=on|off if the driver did not record SMT");
        }

        return new StudyResult(Name, Title)
        {
            Findings = pairs.Select(p => PairedComparison.Sentence(p, "SMT on gains")).ToList(),
            Headlines = pairs.Select(p => PairedComparison.Headline(p, "SMT on vs off", LabelKeys.Smt, LabelKeys.Vcpus)).ToList(),
            Tables = [PairedComparison.Table("Hyper-threading gain (SMT on vs off)", "ht", LabelKeys.Smt, pairs, input.Options)],
            Charts = [PairedComparison.Bars("Hyper-threading: OPM with SMT on, relative to off", "ht", "SMT off", "SMT on", pairs)],
        };
    }
}
