namespace DvdStore.Tests.Monitoring;

/// <summary>Recorded /proc text in TestData/proc (an 8-CPU server sampled 2.5 s apart).</summary>
internal static class ProcSamples
{
    public static string Read(string name) => File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "TestData", "proc", name));
}
