using System.Reflection;
using DvdStore.Contract.Checks;

namespace DvdStore.Contract;

/// <summary>
/// Every contract check, in the order a user reads them: each public static method of the check classes below that
/// returns <c>Task</c> and takes what it works on plus a <c>CancellationToken</c> is one check, named after the method.
/// What it works on: the <see cref="ContractSession"/> itself; a fresh <see cref="FreshStore"/>; or a fresh store
/// plus DS3's driver calls (<see cref="IDs3DriverCalls"/>), the check not applicable where the engine has none.
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
            .Where(m => m.ReturnType == typeof(Task))
            .OrderBy(m => m.MetadataToken)
            .Select(m => (Method: m, Run: Runner(m)))
            .Where(c => c.Run is not null)
            .Select(c => new ContractCheck(group.Name[..^"Checks".Length], c.Method.Name, c.Run!));

    /// <summary>How to run the check <paramref name="method"/> on a session, or null when its parameters are no check's.</summary>
    private static Func<ContractSession, CancellationToken, Task>? Runner(MethodInfo method)
    {
        var parameters = method.GetParameters().Select(p => p.ParameterType).ToArray();
        if (parameters.SequenceEqual([typeof(ContractSession), typeof(CancellationToken)]))
        {
            return method.CreateDelegate<Func<ContractSession, CancellationToken, Task>>();
        }

        if (parameters.SequenceEqual([typeof(FreshStore), typeof(CancellationToken)]))
        {
            var check = method.CreateDelegate<Func<FreshStore, CancellationToken, Task>>();
            return async (session, cancellationToken) =>
            {
                await using var store = await FreshStore.OpenAsync(session, cancellationToken).ConfigureAwait(false);
                await check(store, cancellationToken).ConfigureAwait(false);
            };
        }

        if (parameters.SequenceEqual([typeof(FreshStore), typeof(IDs3DriverCalls), typeof(CancellationToken)]))
        {
            var check = method.CreateDelegate<Func<FreshStore, IDs3DriverCalls, CancellationToken, Task>>();
            return async (session, cancellationToken) =>
            {
                await using var store = await FreshStore.OpenAsync(session, cancellationToken).ConfigureAwait(false);
                if (session.Engine.CreateDs3DriverCalls(store.Db) is { } ds3)
                {
                    await check(store, ds3, cancellationToken).ConfigureAwait(false);
                }
                else
                {
                    session.NotApplicable(session.Engine.Ds3DriverAbsence);
                }
            };
        }

        return null;
    }
}
