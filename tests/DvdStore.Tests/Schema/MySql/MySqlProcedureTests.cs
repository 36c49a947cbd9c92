namespace DvdStore.Tests.Schema.MySql;

/// <summary>The procedure tests on a store built and called under the server's default sql_mode.</summary>
public sealed class MySqlProcedureTests(MySqlStoreFixture store) : MySqlProcedureTestsBase(store), IClassFixture<MySqlStoreFixture>;
