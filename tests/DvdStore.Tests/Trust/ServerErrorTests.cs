using DvdStore.Tests.Loader;

namespace DvdStore.Tests.Trust;

/// <summary>
/// A server that fails a statement in the middle of a command (here: a table the store should hold is gone) gets the
/// rule bad input gets: one "error:" line with the server's own words, a non-zero exit, no stack trace.
/// </summary>
public sealed class ServerErrorTests
{
    [Theory]
    [EveryTestEngine]
    public async Task A_table_gone_from_the_store_fails_verify_and_fingerprint_in_one_line(EngineKind kind)
    {
        await using var store = await LoaderDatabase.CreateAsync(kind);
        await store.LoadAsync(TestStore.Smallest.Load(2));
        await using (var connection = await store.Target.OpenAsync(CancellationToken.None))
        {
            await using var rename = connection.Command("ALTER TABLE ORDERLINES RENAME TO ORDERLINES_GONE");
            await rename.ExecuteNonQueryAsync();
        }

        foreach (var verb in new[] { "verify", "fingerprint" })
        {
            var (code, output, error) = await InProcessCli.RunAsync(verb, "--engine", EngineCatalog.NameOf(kind), "--connection", store.Target.ConnectionString);

            var all = output + error;
            Assert.True(code != 0, $"{verb} exited 0: {all}");
            Assert.DoesNotContain("   at ", all, StringComparison.Ordinal);
            var line = Assert.Single(error.Split('\n', StringSplitOptions.RemoveEmptyEntries));
            Assert.StartsWith($"error: the database failed 'dvdstore {verb}': ", line, StringComparison.Ordinal);
            Assert.Contains("ORDERLINES", line, StringComparison.OrdinalIgnoreCase);
        }
    }
}
