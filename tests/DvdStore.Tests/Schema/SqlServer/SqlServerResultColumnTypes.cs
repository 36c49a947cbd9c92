using DvdStore.Schema.Engines.SqlServer;

using Microsoft.SqlServer.TransactSql.ScriptDom;

namespace DvdStore.Tests.Schema.SqlServer;

/// <summary>
/// The SQL Server type of every result-set column of every procedure, determined offline with ScriptDom: each SELECT
/// statement of a procedure that returns rows (not one that sets variables) is a result set, and each of its columns is
/// typed from what it is — a CAST (its target type), a literal integer (INT), a parameter or declared variable (its
/// declared type), or a column of a table named in the FROM clause (the column's type in the store's CREATE TABLE).
/// Anything else (a derived table's column, an expression) is "?", so a column DS3 reads with a strict getter must be
/// one of the resolvable forms. <paramref name="mutate"/> rewrites each batch first (tests prove the check can fail).
/// </summary>
internal sealed class SqlServerResultColumnTypes(Func<string, string> mutate)
{
    public const string Unknown = "?";

    private readonly Dictionary<(string Table, string Column), string> _tableColumns = TableColumns(mutate);

    /// <summary>Procedure name → the column types of each result-set SELECT, in script order.</summary>
    public IReadOnlyDictionary<string, IReadOnlyList<string[]>> ResultSets()
    {
        var result = new Dictionary<string, IReadOnlyList<string[]>>();
        foreach (var batch in SqlServerEngine.Script("procedures.sql").Batches.Select(mutate))
        {
            foreach (var procedure in TSql.All<CreateOrAlterProcedureStatement>(TSql.ParseClean(batch)))
            {
                var variables = procedure.Parameters.ToDictionary(p => p.VariableName.Value, p => TypeName(p.DataType), StringComparer.OrdinalIgnoreCase);
                foreach (var declare in TSql.All<DeclareVariableElement>(procedure))
                {
                    variables[declare.VariableName.Value] = TypeName(declare.DataType);
                }

                result[procedure.ProcedureReference.Name.BaseIdentifier.Value] = TSql.All<SelectStatement>(procedure)
                    .Select(s => s.QueryExpression)
                    .OfType<QuerySpecification>()
                    .Where(q => q.SelectElements.All(e => e is SelectScalarExpression))
                    .Select(q => q.SelectElements.Cast<SelectScalarExpression>().Select(e => TypeOf(e.Expression, q, variables)).ToArray())
                    .ToList();
            }
        }

        return result;
    }

    private static Dictionary<(string, string), string> TableColumns(Func<string, string> mutate)
    {
        var columns = new Dictionary<(string, string), string>(new IgnoreCase());
        foreach (var batch in SqlServerEngine.Batches(SchemaPhase.Tables).Select(mutate))
        {
            foreach (var table in TSql.All<CreateTableStatement>(TSql.ParseClean(batch)))
            {
                foreach (var column in table.Definition.ColumnDefinitions)
                {
                    columns[(table.SchemaObjectName.BaseIdentifier.Value, column.ColumnIdentifier.Value)] = TypeName(column.DataType);
                }
            }
        }

        return columns;
    }

    private static string TypeName(DataTypeReference type) => type switch
    {
        SqlDataTypeReference sql => sql.SqlDataTypeOption.ToString().ToUpperInvariant(),
        _ => type.Name.BaseIdentifier.Value.ToUpperInvariant(),
    };

    private string TypeOf(ScalarExpression expression, QuerySpecification query, Dictionary<string, string> variables) => expression switch
    {
        CastCall cast => TypeName(cast.DataType),
        IntegerLiteral => "INT",
        VariableReference variable => variables.GetValueOrDefault(variable.Name, Unknown),
        ColumnReferenceExpression column => ColumnType(column, query),
        ParenthesisExpression parenthesis => TypeOf(parenthesis.Expression, query, variables),
        _ => Unknown,
    };

    private string ColumnType(ColumnReferenceExpression column, QuerySpecification query)
    {
        var parts = column.MultiPartIdentifier.Identifiers.Select(i => i.Value).ToArray();
        var tables = TSql.All<NamedTableReference>(query.FromClause ?? new FromClause())
            .Select(t => (Name: t.SchemaObject.BaseIdentifier.Value, Alias: t.Alias?.Value ?? t.SchemaObject.BaseIdentifier.Value))
            .ToList();
        var owner = parts.Length == 1
            ? tables.Where(t => _tableColumns.ContainsKey((t.Name, parts[0]))).Select(t => t.Name).ToList()
            : tables.Where(t => string.Equals(t.Alias, parts[^2], StringComparison.OrdinalIgnoreCase)).Select(t => t.Name).ToList();

        // A derived table or CTE aliased like a table is not a table: its columns are not typed here.
        var derived = TSql.All<QueryDerivedTable>(query.FromClause ?? new FromClause()).Any(d => parts.Length > 1 && d.Alias?.Value == parts[^2]);
        return owner.Count == 1 && !derived && _tableColumns.TryGetValue((owner[0], parts[^1]), out var type) ? type : Unknown;
    }

    private sealed class IgnoreCase : IEqualityComparer<(string, string)>
    {
        public bool Equals((string, string) x, (string, string) y) =>
            StringComparer.OrdinalIgnoreCase.Equals(x.Item1, y.Item1) && StringComparer.OrdinalIgnoreCase.Equals(x.Item2, y.Item2);

        public int GetHashCode((string, string) obj) =>
            HashCode.Combine(StringComparer.OrdinalIgnoreCase.GetHashCode(obj.Item1), StringComparer.OrdinalIgnoreCase.GetHashCode(obj.Item2));
    }
}
