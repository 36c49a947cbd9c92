using System.Text.Json;

namespace DvdStore.Tests.Trust;

/// <summary>
/// The driver's memory stays flat over a long run (scripts/soak.sh, docs/trust.md): the GC sizes its gen0 budget from
/// the L3 cache the CPU reports (260 MB on the soak's VM; large-cache server CPUs report as much), and the driver kept
/// that much touched gen0 memory, its RSS creeping up while its live heap was flat. The CLI caps the budget in its
/// runtime configuration; checked in the configuration the built `dvdstore` process starts with.
/// </summary>
public sealed class DriverGcBudgetTests
{
    private const string Gen0MaxBudget = "System.GC.Gen0MaxBudget";

    [Fact]
    public void The_dvdstore_process_starts_with_its_gen0_budget_capped()
    {
        var path = Path.ChangeExtension(CliProcess.Dll, ".runtimeconfig.json");
        Assert.True(File.Exists(path), $"{path} is missing: the test project references the CLI, so the build copies it");
        using var config = JsonDocument.Parse(File.ReadAllText(path));
        var properties = config.RootElement.GetProperty("runtimeOptions").GetProperty("configProperties");

        Assert.True(properties.TryGetProperty(Gen0MaxBudget, out var budget), $"{path} sets no {Gen0MaxBudget}: the GC sizes gen0 from the CPU's L3 cache");
        // Bytes: what an ordinary 32 MB L3 cache would give at most, and room for a round of orders.
        Assert.Equal(JsonValueKind.Number, budget.ValueKind);
        Assert.InRange(budget.GetInt64(), 4L << 20, 32L << 20);
    }
}
