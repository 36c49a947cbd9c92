using System.Reflection;

namespace DvdStore.Tests.Trust;

/// <summary>
/// Every keyword a provider's connection-string builder takes for a password, found in the provider itself rather than
/// a hand list: the keyword tables of its assembly (constants, static keyword objects, property attributes) give the
/// candidates, and the builder says which of them it files under a password keyword.
/// </summary>
internal static class ProviderPasswordKeywords
{
    private const string Marker = "MARKER-7f3a";

    public static IReadOnlyList<string> Of(Type builderType)
    {
        var found = new List<string>();
        foreach (var candidate in Candidates(builderType).OrderBy(static c => c, StringComparer.Ordinal))
        {
            var builder = (DbConnectionStringBuilder)Activator.CreateInstance(builderType)!;
            try
            {
                builder[candidate] = Marker;
            }
            catch (Exception e) when (e is ArgumentException or FormatException or InvalidCastException or NotSupportedException)
            {
                continue;
            }

            // The builder's own output names the canonical keyword it filed the value under.
            var canonical = new DbConnectionStringBuilder { ConnectionString = builder.ConnectionString };
            var key = canonical.Keys.Cast<string>().FirstOrDefault(k => Equals(canonical[k], Marker));
            if (key is not null && key.Contains("password", StringComparison.OrdinalIgnoreCase))
            {
                found.Add(candidate);
            }
        }

        return found;
    }

    private static HashSet<string> Candidates(Type builderType)
    {
        var strings = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        void Add(object? value)
        {
            switch (value)
            {
                case string s:
                    strings.Add(s);
                    break;
                case IEnumerable<string> many:
                    strings.UnionWith(many.Where(static s => s is not null));
                    break;
                case IEnumerable<CustomAttributeTypedArgument> arguments:
                    foreach (var argument in arguments)
                    {
                        Add(argument.Value);
                    }

                    break;
            }
        }

        const BindingFlags Static = BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly;
        var keywordTypes = builderType.Assembly.GetTypes().Where(static t => !t.ContainsGenericParameters
            && (t.Name.Contains("ConnectionString", StringComparison.Ordinal) || t.Name.Contains("Keyword", StringComparison.Ordinal) || t.Name.Contains("Synonym", StringComparison.Ordinal)));
        foreach (var type in keywordTypes)
        {
            foreach (var field in type.GetFields(Static))
            {
                object? value;
                try
                {
                    value = field.IsLiteral ? field.GetRawConstantValue() : field.GetValue(null);
                }
                catch (Exception e) when (e is TargetInvocationException or TypeInitializationException or NotSupportedException or InvalidOperationException or FieldAccessException)
                {
                    continue;
                }

                Add(value);
                if (value is null or string)
                {
                    continue;
                }

                // Keyword objects (MySqlConnector's options) carry their spellings in a Keys list.
                foreach (var property in value.GetType().GetProperties(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic)
                    .Where(static p => p.GetIndexParameters().Length == 0 && typeof(IEnumerable<string>).IsAssignableFrom(p.PropertyType)))
                {
                    Add(property.GetValue(value));
                }
            }
        }

        // Npgsql names synonyms in attributes on the builder's properties.
        foreach (var argument in builderType.GetProperties().SelectMany(static p => p.CustomAttributes).SelectMany(static a => a.ConstructorArguments))
        {
            Add(argument.Value);
        }

        return strings;
    }
}
