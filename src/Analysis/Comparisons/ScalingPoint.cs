namespace DvdStore.Analysis.Comparisons;

/// <summary>One point of a scaling curve and its figures relative to the smallest vCPU count.</summary>
public sealed record ScalingPoint(double Vcpus, double Opm, double? Speedup, double LinearOpm, double? EfficiencyPercent, double OpmPerVcpu, double? MarginalPercent);
