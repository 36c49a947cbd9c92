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
        var detail = result.Passed ? string.Join("; ", result.Notes) : result.Failure;
        var seconds = result.Seconds.ToString("F1", CultureInfo.InvariantCulture);
        output.WriteLine($"{(result.Passed ? "PASS" : "FAIL"),-6}  {result.Group.PadRight(groupWidth)}  {result.Name.Replace('_', ' ').PadRight(nameWidth)}  {seconds,7}  {detail}".TrimEnd());
    }
}
