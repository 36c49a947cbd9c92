using DvdStore.Contract;

namespace DvdStore.Tests.Schema.Contract;

/// <summary>
/// What every engine must do. The checks themselves are product code (<see cref="ContractSuite"/>, src/Contract), so
/// `dvdstore check` runs the very same suite on a user's server; here each check is one test case on the class's
/// database. An engine joins with two lines:
/// <code>
/// public sealed class MySqlContractTests(MySqlContractDatabase database)
///     : EngineContractTests(database), IClassFixture&lt;MySqlContractDatabase&gt;;
/// </code>
/// plus a <see cref="ContractDatabase"/> that makes and removes an empty database.
/// </summary>
public abstract partial class EngineContractTests(ContractDatabase database)
{
    protected IEngine Engine => database.Engine;

    public static TheoryData<string> Checks() => new(ContractSuite.All.Select(c => c.Name));

    [SkippableTheory]
    [MemberData(nameof(Checks))]
    public async Task Contract(string check)
    {
        var session = new ContractSession(Engine, await database.ConnectionStringAsync());
        var result = await ContractRunner.RunOneAsync(session, ContractSuite.Get(check), None);
        Assert.True(result.Passed, result.Failure);
    }

    /// <summary>An open connection to the class's (fresh) database.</summary>
    protected async Task<DbConnection> OpenAsync()
    {
        var connection = Engine.CreateConnection(await database.ConnectionStringAsync());
        await connection.OpenAsync();
        return connection;
    }
}
