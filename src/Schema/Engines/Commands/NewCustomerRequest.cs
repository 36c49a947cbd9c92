namespace DvdStore.Schema.Engines.Commands;

/// <summary>NEW_CUSTOMER's parameters: the CUSTOMERS columns in table order without CUSTOMERID (docs/ds3-compatibility.md, "The store").</summary>
public sealed record NewCustomerRequest(
    string FirstName,
    string LastName,
    string Address1,
    string? Address2,
    string City,
    string? State,
    string? Zip,
    string Country,
    int Region,
    string? Email,
    string? Phone,
    int CreditCardType,
    string CreditCard,
    string CreditCardExpiration,
    string Username,
    string Password,
    int? Age,
    int? Income,
    string? Gender);
