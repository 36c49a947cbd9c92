using DvdStore.Studies;

namespace DvdStore.Tests.Studies;

/// <summary>The /sys/devices/system trees under TestData/cpu (see its README).</summary>
internal static class RecordedCpuTrees
{
    public const string TwoSocketsHt = "2-sockets-4-cores-ht";
    public const string FourSocketsNoSmt = "4-sockets-no-smt";
    public const string ThisMachine = "this-machine-2cpu";

    public static string Root(string tree) =>
        Path.Combine(AppContext.BaseDirectory, "TestData", "cpu", tree, "sys", "devices", "system");

    public static CpuLayout Read(string tree) => LinuxCpuLayoutReader.Read(Root(tree));
}
