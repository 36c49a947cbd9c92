using DvdStore.Analysis.Reports;

namespace DvdStore.Analysis.Comparisons;

/// <summary>One comparison DBAs and vendors publish (vCPU scaling, hyper-threading gain, …), computed from the loaded runs.</summary>
public interface IStudy
{
    /// <summary>The name used on the command line (--study).</summary>
    string Name { get; }

    string Title { get; }

    StudyResult Analyze(StudyInput input);
}
