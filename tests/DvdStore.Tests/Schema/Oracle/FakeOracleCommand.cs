using System.Data;
using System.Diagnostics.CodeAnalysis;

namespace DvdStore.Tests.Schema.Oracle;

/// <summary>
/// A command with OracleCommand's BindByName and ArrayBindCount; executing it records it on its connection and answers
/// with what the connection's responder returns (rows as a DataTable, OUT parameters set by the responder).
/// </summary>
public sealed class FakeOracleCommand : DbCommand
{
    private string _text = "";

    public bool BindByName { get; set; }

    public int ArrayBindCount { get; set; }

    [AllowNull]
    public override string CommandText { get => _text; set => _text = value ?? ""; }

    public override int CommandTimeout { get; set; } = 30;

    public override CommandType CommandType { get; set; } = CommandType.Text;

    public override bool DesignTimeVisible { get; set; }

    public override UpdateRowSource UpdatedRowSource { get; set; }

    public new FakeOracleParameterCollection Parameters { get; } = new();

    protected override DbConnection? DbConnection { get; set; }

    protected override DbParameterCollection DbParameterCollection => Parameters;

    protected override DbTransaction? DbTransaction { get; set; }

    public FakeOracleParameter Parameter(string name) => Parameters[name];

    public override void Cancel()
    {
    }

    public override int ExecuteNonQuery()
    {
        Run();
        return ArrayBindCount > 0 ? ArrayBindCount : 1;
    }

    public override object? ExecuteScalar()
    {
        var table = Run();
        return table is { Rows.Count: > 0 } ? table.Rows[0][0] : null;
    }

    public override void Prepare()
    {
    }

    protected override DbParameter CreateDbParameter() => new FakeOracleParameter();

    protected override DbDataReader ExecuteDbDataReader(CommandBehavior behavior) => (Run() ?? new DataTable()).CreateDataReader();

    private DataTable? Run() => ((FakeOracleConnection)(DbConnection ?? throw new InvalidOperationException("no connection"))).Execute(this);
}
