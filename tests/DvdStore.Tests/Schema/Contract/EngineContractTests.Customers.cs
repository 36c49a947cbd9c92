using DvdStore.Schema.Model;

namespace DvdStore.Tests.Schema.Contract;

/// <summary>LOGIN, NEW_CUSTOMER, NEW_MEMBER.</summary>
public abstract partial class EngineContractTests
{
    [SkippableFact]
    public async Task Login_returns_the_customer_and_the_history_newest_order_first()
    {
        await using var db = await NewStoreAsync();
        await using var commands = Engine.CreateStoreCommands(db);

        var login = await commands.LoginAsync("user1", ContractData.Password, None);

        Assert.Equal(1, login.CustomerId);
        Assert.Equal(3, login.History.Count);
        // Order 2 (product 8) is newer than order 1 (products 1 and 3).
        Assert.Equal(new(ContractData.Title(8), ContractData.Actor(8), ContractData.Title(ContractData.CommonProdId(8))), login.History[0]);
        Assert.Equal(
            new[] { 1, 3 }.Select(p => (ContractData.Title(p), ContractData.Actor(p), ContractData.Title(ContractData.CommonProdId(p)))).Order(),
            login.History.Skip(1).Select(h => (h.Title, h.Actor, h.RelatedTitle)).Order());
    }

    [SkippableFact]
    public async Task Login_returns_at_most_ten_history_rows_newest_orders_first()
    {
        await using var db = await NewStoreAsync();
        await using var commands = Engine.CreateStoreCommands(db);

        var login = await commands.LoginAsync("user2", ContractData.Password, None);

        Assert.Equal(2, login.CustomerId);
        Assert.Equal(10, login.History.Count);
        Assert.Equal(ContractData.OrderProducts[4].Select(ContractData.Title).Order(), login.History.Take(6).Select(h => h.Title).Order());
        Assert.All(login.History.Skip(6), h => Assert.Contains(h.Title, ContractData.OrderProducts[3].Select(ContractData.Title)));
    }

    [SkippableFact]
    public async Task Login_of_a_customer_without_history_returns_the_id_and_no_rows()
    {
        await using var db = await NewStoreAsync();
        await using var commands = Engine.CreateStoreCommands(db);

        var login = await commands.LoginAsync("user3", ContractData.Password, None);

        Assert.Equal(3, login.CustomerId);
        Assert.Empty(login.History);
    }

    [SkippableFact]
    public async Task Login_of_an_unknown_user_or_with_a_wrong_password_returns_zero()
    {
        await using var db = await NewStoreAsync();
        await using var commands = Engine.CreateStoreCommands(db);

        Assert.Equal(0, (await commands.LoginAsync("nobody", ContractData.Password, None)).CustomerId);
        Assert.Equal(0, (await commands.LoginAsync("user1", "wrong", None)).CustomerId);
        Assert.Equal(0, (await commands.LoginAsync("%", "%", None)).CustomerId);
        Assert.Equal(0, (await commands.LoginAsync("user_", ContractData.Password, None)).CustomerId);
        Assert.Equal(0, (await commands.LoginAsync("' OR '1'='1", "' OR '1'='1", None)).CustomerId);
        Assert.False((await commands.LoginAsync("nobody", ContractData.Password, None)).Found);
    }

    [SkippableFact]
    public async Task New_customer_stores_the_row_and_can_log_in()
    {
        await using var db = await NewStoreAsync();
        await using var commands = Engine.CreateStoreCommands(db);

        var id = await commands.NewCustomerAsync(NewCustomer("newuser1"), None);

        Assert.True(id > ContractData.LastId(StoreModel.Customers));
        var login = await commands.LoginAsync("newuser1", ContractData.Password, None);
        Assert.Equal(id, login.CustomerId);
        Assert.Empty(login.History);
        var row = Assert.Single(await ReadTableAsync(db, StoreModel.Customers), r => (long)r[0]! == id);
        Assert.Equal("Zoë", row[1]);
        Assert.Equal("D'Arcy", row[2]);
        Assert.Equal("1 Rue de l'Église", row[3]);
        Assert.Null(row[4]);
        Assert.Equal((short)2, row[9]);
        Assert.Null(row[17]);
        Assert.Null(row[18]);
        Assert.Null(row[19]);
    }

    [SkippableFact]
    public async Task New_customer_with_a_taken_user_name_returns_zero_and_adds_nothing()
    {
        await using var db = await NewStoreAsync();
        await using var commands = Engine.CreateStoreCommands(db);

        Assert.Equal(0, await commands.NewCustomerAsync(NewCustomer("user1"), None));
        Assert.Equal(0, await commands.NewCustomerAsync(NewCustomer("user4"), None));

        Assert.Equal(ContractData.Customers.Count, await CountAsync(db, "SELECT COUNT(*) FROM CUSTOMERS"));
    }

    [SkippableFact]
    public async Task Hostile_user_names_are_stored_and_matched_as_text()
    {
        await using var db = await NewStoreAsync();
        await using var commands = Engine.CreateStoreCommands(db);
        const string hostile = "o'brien_%\\\"ü--;";

        var id = await commands.NewCustomerAsync(NewCustomer(hostile), None);

        Assert.True(id > 0);
        Assert.Equal(id, (await commands.LoginAsync(hostile, ContractData.Password, None)).CustomerId);
        Assert.Equal(0, (await commands.LoginAsync("o'brien%", ContractData.Password, None)).CustomerId);
        Assert.Equal(0, await commands.NewCustomerAsync(NewCustomer(hostile), None));
    }

    [SkippableFact]
    public async Task New_member_adds_a_membership_that_expires_today_and_a_second_call_returns_zero()
    {
        await using var db = await NewStoreAsync();
        await using var commands = Engine.CreateStoreCommands(db);

        Assert.Equal(3, await commands.NewMemberAsync(3, 2, None));
        Assert.Equal(0, await commands.NewMemberAsync(3, 1, None));

        var row = Assert.Single(await ReadTableAsync(db, StoreModel.Membership), r => (long)r[0]! == 3);
        Assert.Equal(2, row[1]);
        Assert.True(IsToday(row[2]), $"EXPIREDATE {row[2]} is not today");
    }

    [SkippableFact]
    public async Task New_member_of_an_existing_member_returns_zero_and_changes_nothing()
    {
        await using var db = await NewStoreAsync();
        await using var commands = Engine.CreateStoreCommands(db);

        Assert.Equal(0, await commands.NewMemberAsync(1, 3, None));

        var rows = await ReadTableAsync(db, StoreModel.Membership);
        Assert.Equal(ContractData.Membership.Select(r => Canonical(StoreModel.Membership, r)), rows.Select(r => Canonical(StoreModel.Membership, r)));
    }
}
