using System.Data;
using System.Diagnostics.CodeAnalysis;

namespace DvdStore.Tests.Schema.Oracle;

/// <summary>A parameter with OracleParameter's Oracle-only properties, so the engine's reflection binds it as it would the real one.</summary>
public sealed class FakeOracleParameter : DbParameter
{
    private string _name = "";
    private string _sourceColumn = "";

    public FakeOracleDbType? OracleDbType { get; set; }

    public FakeOracleCollectionType CollectionType { get; set; }

    public int[]? ArrayBindSize { get; set; }

    public FakeOracleParameterStatus[]? ArrayBindStatus { get; set; }

    public override DbType DbType { get; set; }

    public override ParameterDirection Direction { get; set; } = ParameterDirection.Input;

    public override bool IsNullable { get; set; }

    [AllowNull]
    public override string ParameterName { get => _name; set => _name = value ?? ""; }

    public override int Size { get; set; }

    [AllowNull]
    public override string SourceColumn { get => _sourceColumn; set => _sourceColumn = value ?? ""; }

    public override bool SourceColumnNullMapping { get; set; }

    public override object? Value { get; set; }

    public override void ResetDbType() => DbType = DbType.String;
}
