using System.Globalization;
using DvdStore.Contract;

namespace DvdStore.Cli.Commands;

/// <summary>The pass/fail table `dvdstore check` prints, one row as each check ends, columns sized for the suite's names.</summary>
internal sealed class CheckTable(TextWriter output, IReadOnlyList<ContractCheck> checks)
{
    private readonly int groupWidth = Math.Max("group".Length, checks.Max(c => c.Group.Length));
    private readonly int nameWidth = Math.Max("check".Length, checks.Max(c => c.Title.Length));

    public void WriteHeader()
    {
        output.WriteLine($"{"result",-6}  {"group".PadRight(groupWidth)}  {"check".PadRight(nameWidth)}  {"seconds",7}  detail");
        output.WriteLine($"{new string('-', 6)}  {new string('-', groupWidth)}  {new string('-', nameWidth)}  {new string('-', 7)}  ------");
    }

    public void WriteRow(ContractResult result)
    {
        var detail = !result.Passed ? result.Failure : result.NotApplicable ?? string.Join("; ", result.Notes);
        var seconds = result.Seconds.ToString("F1", CultureInfo.InvariantCulture);
        var outcome = !result.Passed ? "FAIL" : result.NotApplicable is null ? "PASS" : "N/A";
        output.WriteLine($"{outcome,-6}  {result.Group.PadRight(groupWidth)}  {result.Name.Replace('_', ' ').PadRight(nameWidth)}  {seconds,7}  {detail}".TrimEnd());
    }
}
