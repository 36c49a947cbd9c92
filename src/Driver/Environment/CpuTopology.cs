using DvdStore.Monitoring.Proc;
namespace DvdStore.Driver.Environment;

/// <summary>The client's CPUs as Linux describes them: sockets, cores, SMT, NUMA, and what this process may use.</summary>
public sealed record CpuTopology(
    string CpuModel,
    int Sockets,
    int CoresPerSocket,
    int ThreadsPerCore,
    int NumaNodes,
    IReadOnlyList<int> OnlineCpus,
    IReadOnlyList<int> AllowedCpus)
{
    public bool SmtEnabled => ThreadsPerCore > 1;

    public string OnlineCpuList => CpuList.Format(OnlineCpus);

    public string AllowedCpuList => CpuList.Format(AllowedCpus);
}
