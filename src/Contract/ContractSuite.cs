using System.Reflection;
using DvdStore.Contract.Checks;

namespace DvdStore.Contract;

/// <summary>
/// Every contract check, in the order a user reads them: each public static method of the check classes below with the
/// signature <c>Task Name(ContractSession, CancellationToken)</c> is one check, named after the method.
/// </summary>
public static class ContractSuite
{
    private static readonly Type[] Groups =
    [
        typeof(StoreChecks), typeof(PurchaseChecks), typeof(CustomerChecks), typeof(BrowseChecks), typeof(ReviewChecks),
        typeof(Ds3DriverChecks), typeof(ConcurrencyChecks), typeof(ResetChecks), typeof(ServerChecks),
    ];

    public static IReadOnlyList<ContractCheck> All { get; } = Groups.SelectMany(ChecksOf).ToArray();

    public static ContractCheck Get(string name) =>
        All.FirstOrDefault(c => c.Name == name) ?? throw new ArgumentException($"no contract check named {name}", nameof(name));

    private static IEnumerable<ContractCheck> ChecksOf(Type group) =>
        group.GetMethods(BindingFlags.Public | BindingFlags.Static)
            .Where(m => m.ReturnType == typeof(Task) && m.GetParameters().Select(p => p.ParameterType).SequenceEqual([typeof(ContractSession), typeof(CancellationToken)]))
            .OrderBy(m => m.MetadataToken)
            .Select(m => new ContractCheck(
                group.Name[..^"Checks".Length],
                m.Name,
                m.CreateDelegate<Func<ContractSession, CancellationToken, Task>>()));
}
