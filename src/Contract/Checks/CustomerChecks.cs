namespace DvdStore.Contract.Checks;

/// <summary>LOGIN, NEW_CUSTOMER, NEW_MEMBER.</summary>
internal static class CustomerChecks
{
    public static async Task Login_returns_the_customer_and_the_history_newest_order_first(FreshStore store, CancellationToken cancellationToken)
    {
        var login = await store.Commands.LoginAsync("user1", ContractData.Password, cancellationToken);

        Expect.Equal(1, login.CustomerId);
        Expect.Equal(3, login.History.Count);
        // Order 2 (product 8) is newer than order 1 (products 1 and 3).
        Expect.Equal(new(ContractData.Title(8), ContractData.Actor(8), ContractData.Title(ContractData.CommonProdId(8))), login.History[0]);
        Expect.Equal(
            new[] { 1, 3 }.Select(p => (ContractData.Title(p), ContractData.Actor(p), ContractData.Title(ContractData.CommonProdId(p)))).Order(),
            login.History.Skip(1).Select(h => (h.Title, h.Actor, h.RelatedTitle)).Order());
    }

    public static async Task Login_returns_at_most_ten_history_rows_newest_orders_first(FreshStore store, CancellationToken cancellationToken)
    {
        var login = await store.Commands.LoginAsync("user2", ContractData.Password, cancellationToken);

        Expect.Equal(2, login.CustomerId);
        Expect.Equal(10, login.History.Count);
        Expect.Equal(ContractData.OrderProducts[4].Select(ContractData.Title).Order(), login.History.Take(6).Select(h => h.Title).Order());
        Expect.All(login.History.Skip(6), h => Expect.Contains(h.Title, ContractData.OrderProducts[3].Select(ContractData.Title)));
    }

    public static async Task Login_of_a_customer_without_history_returns_the_id_and_no_rows(FreshStore store, CancellationToken cancellationToken)
    {
        var login = await store.Commands.LoginAsync("user3", ContractData.Password, cancellationToken);

        Expect.Equal(3, login.CustomerId);
        Expect.Empty(login.History);
    }

    public static async Task Login_of_an_unknown_user_or_with_a_wrong_password_returns_zero(FreshStore store, CancellationToken cancellationToken)
    {
        Expect.Equal(0, (await store.Commands.LoginAsync("nobody", ContractData.Password, cancellationToken)).CustomerId);
        Expect.Equal(0, (await store.Commands.LoginAsync("user1", "wrong", cancellationToken)).CustomerId);
        Expect.Equal(0, (await store.Commands.LoginAsync("%", "%", cancellationToken)).CustomerId);
        Expect.Equal(0, (await store.Commands.LoginAsync("user_", ContractData.Password, cancellationToken)).CustomerId);
        Expect.Equal(0, (await store.Commands.LoginAsync("' OR '1'='1", "' OR '1'='1", cancellationToken)).CustomerId);
        Expect.False((await store.Commands.LoginAsync("nobody", ContractData.Password, cancellationToken)).Found);
    }

    public static async Task New_customer_stores_the_row_and_can_log_in(FreshStore store, CancellationToken cancellationToken)
    {
        var id = await store.Commands.NewCustomerAsync(NewCustomer("newuser1"), cancellationToken);

        Expect.True(id > ContractData.LastId(StoreModel.Customers));
        var login = await store.Commands.LoginAsync("newuser1", ContractData.Password, cancellationToken);
        Expect.Equal(id, login.CustomerId);
        Expect.Empty(login.History);
        var row = Expect.Single(await ReadTableAsync(store.Db, StoreModel.Customers), r => (long)r[0]! == id);
        Expect.Equal("Zoë", row[1]);
        Expect.Equal("D'Arcy", row[2]);
        Expect.Equal("1 Rue de l'Église", row[3]);
        Expect.Null(row[4]);
        Expect.Equal((short)2, row[9]);
        Expect.Null(row[17]);
        Expect.Null(row[18]);
        Expect.Null(row[19]);
    }

    public static async Task New_customer_with_a_taken_user_name_returns_zero_and_adds_nothing(FreshStore store, CancellationToken cancellationToken)
    {
        Expect.Equal(0, await store.Commands.NewCustomerAsync(NewCustomer("user1"), cancellationToken));
        Expect.Equal(0, await store.Commands.NewCustomerAsync(NewCustomer("user4"), cancellationToken));

        Expect.Equal(ContractData.Customers.Count, await CountAsync(store.Db, "SELECT COUNT(*) FROM CUSTOMERS"));
    }

    public static async Task Hostile_user_names_are_stored_and_matched_as_text(FreshStore store, CancellationToken cancellationToken)
    {
        const string hostile = "o'brien_%\\\"ü--;";

        var id = await store.Commands.NewCustomerAsync(NewCustomer(hostile), cancellationToken);

        Expect.True(id > 0);
        Expect.Equal(id, (await store.Commands.LoginAsync(hostile, ContractData.Password, cancellationToken)).CustomerId);
        Expect.Equal(0, (await store.Commands.LoginAsync("o'brien%", ContractData.Password, cancellationToken)).CustomerId);
        Expect.Equal(0, await store.Commands.NewCustomerAsync(NewCustomer(hostile), cancellationToken));
    }

    public static async Task New_member_adds_a_membership_that_expires_today_and_a_second_call_returns_zero(FreshStore store, CancellationToken cancellationToken)
    {
        Expect.Equal(3, await store.Commands.NewMemberAsync(3, 2, cancellationToken));
        Expect.Equal(0, await store.Commands.NewMemberAsync(3, 1, cancellationToken));

        var row = Expect.Single(await ReadTableAsync(store.Db, StoreModel.Membership), r => (long)r[0]! == 3);
        Expect.Equal(2, row[1]);
        Expect.True(IsToday(row[2]), $"EXPIREDATE {row[2]} is not today");
    }

    public static async Task New_member_of_an_existing_member_returns_zero_and_changes_nothing(FreshStore store, CancellationToken cancellationToken)
    {
        Expect.Equal(0, await store.Commands.NewMemberAsync(1, 3, cancellationToken));

        var rows = await ReadTableAsync(store.Db, StoreModel.Membership);
        Expect.Equal(ContractData.Membership.Select(r => Canonical(StoreModel.Membership, r)), rows.Select(r => Canonical(StoreModel.Membership, r)));
    }
}
