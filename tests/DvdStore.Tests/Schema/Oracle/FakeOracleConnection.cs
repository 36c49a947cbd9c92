using System.Data;
using System.Diagnostics.CodeAnalysis;

namespace DvdStore.Tests.Schema.Oracle;

/// <summary>An open connection that records every command executed on it and answers through <see cref="Respond"/>.</summary>
public sealed class FakeOracleConnection : DbConnection
{
    private string _connectionString = "";

    public List<FakeOracleCommand> Executed { get; } = [];

    /// <summary>As OracleConnection.BindByName (ODP.NET 23+): commands created here inherit it.</summary>
    public bool BindByName { get; set; }

    /// <summary>Answers a command: rows to return (or null) after setting any OUT parameters; throws to simulate a server error.</summary>
    public Func<FakeOracleCommand, DataTable?> Respond { get; set; } = _ => null;

    [AllowNull]
    public override string ConnectionString
    {
        get => _connectionString;
        set
        {
            if (value is not null && !value.Contains('=', StringComparison.Ordinal) && value.Length > 0)
            {
                throw new ArgumentException("Connection string is not well formed");
            }

            _connectionString = value ?? "";
        }
    }

    public override string Database => "FREEPDB1";

    public override string DataSource => "fake";

    public override string ServerVersion => "19.0.0.0.0";

    public override ConnectionState State => ConnectionState.Open;

    public FakeOracleCommand Last => Executed[^1];

    public override void ChangeDatabase(string databaseName) => throw new NotSupportedException();

    public override void Close()
    {
    }

    public override void Open()
    {
    }

    internal DataTable? Execute(FakeOracleCommand command)
    {
        Executed.Add(command);
        return Respond(command);
    }

    protected override DbTransaction BeginDbTransaction(IsolationLevel isolationLevel) => throw new NotSupportedException();

    protected override DbCommand CreateDbCommand() => new FakeOracleCommand { Connection = this, BindByName = BindByName };
}
