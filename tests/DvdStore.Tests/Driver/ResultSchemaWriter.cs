using System.Reflection;
using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization.Metadata;

namespace DvdStore.Tests.Driver;

/// <summary>
/// Walks System.Text.Json's contract metadata of the result (the same the writer uses) into a JSON Schema: objects
/// become <c>$defs</c> entries with required fields and no others, dictionaries maps, lists arrays.
/// </summary>
internal static class ResultSchemaWriter
{
    private static readonly NullabilityInfoContext Nullability = new();

    public static JsonObject ObjectSchema(JsonTypeInfo info, IDictionary<string, JsonNode> definitions)
    {
        var properties = new JsonObject();
        var required = new JsonArray();
        foreach (var property in info.Properties.OrderBy(static p => p.Order))
        {
            properties[property.Name] = Schema(property.PropertyType, definitions);
            if (!MayBeNull(info.Type, property))
            {
                required.Add(property.Name);
            }
        }

        return new JsonObject
        {
            ["type"] = "object",
            ["properties"] = properties,
            ["required"] = required,
            ["additionalProperties"] = false,
        };
    }

    private static JsonNode Schema(Type type, IDictionary<string, JsonNode> definitions)
    {
        var underlying = Nullable.GetUnderlyingType(type) ?? type;
        if (underlying.IsEnum)
        {
            return new JsonObject { ["enum"] = new JsonArray(Enum.GetNames(underlying).Select(static n => (JsonNode)n).ToArray()) };
        }

        if (Primitive(underlying) is { } primitive)
        {
            return primitive;
        }

        var info = ResultJsonContext.Default.GetTypeInfo(underlying)
            ?? throw new InvalidOperationException($"{underlying} is not in the result's JSON context");
        switch (info.Kind)
        {
            case JsonTypeInfoKind.Dictionary:
                return new JsonObject { ["type"] = "object", ["additionalProperties"] = Schema(ElementOf(underlying, 1), definitions) };
            case JsonTypeInfoKind.Enumerable:
                return new JsonObject { ["type"] = "array", ["items"] = Schema(ElementOf(underlying, 0), definitions) };
            case JsonTypeInfoKind.Object:
                var name = underlying.Name;
                if (!definitions.ContainsKey(name))
                {
                    definitions[name] = new JsonObject(); // placeholder: a type that holds itself ends here
                    definitions[name] = ObjectSchema(info, definitions);
                }

                return new JsonObject { ["$ref"] = $"#/$defs/{name}" };
            default:
                throw new InvalidOperationException($"no schema for {underlying} ({info.Kind})");
        }
    }

    /// <summary>The value type of a dictionary (argument 1 of IReadOnlyDictionary) or the item type of a list (argument 0 of IEnumerable).</summary>
    private static Type ElementOf(Type type, int argument)
    {
        var generic = argument == 1 ? typeof(IReadOnlyDictionary<,>) : typeof(IEnumerable<>);
        var match = type.IsGenericType && type.GetGenericTypeDefinition() == generic
            ? type
            : type.GetInterfaces().First(i => i.IsGenericType && i.GetGenericTypeDefinition() == generic);
        return match.GetGenericArguments()[argument];
    }

    private static JsonObject? Primitive(Type type) => type switch
    {
        _ when type == typeof(string) => new JsonObject { ["type"] = "string" },
        _ when type == typeof(bool) => new JsonObject { ["type"] = "boolean" },
        _ when type == typeof(int) || type == typeof(long) || type == typeof(short) || type == typeof(byte) => new JsonObject { ["type"] = "integer" },
        _ when type == typeof(double) || type == typeof(float) || type == typeof(decimal) => new JsonObject { ["type"] = "number" },
        _ when type == typeof(DateTimeOffset) || type == typeof(DateTime) => new JsonObject { ["type"] = "string", ["format"] = "date-time" },
        _ when type == typeof(TimeSpan) || type == typeof(Guid) => new JsonObject { ["type"] = "string" },
        _ => null,
    };

    /// <summary>Null-valued fields are not written (WhenWritingNull), so a field that may be null may be absent.</summary>
    private static bool MayBeNull(Type owner, JsonPropertyInfo property)
    {
        if (property.PropertyType.IsValueType)
        {
            return Nullable.GetUnderlyingType(property.PropertyType) is not null;
        }

        // Source-generated metadata does not carry the CLR member: find it by its camelCase JSON name.
        var member = owner.GetProperties(BindingFlags.Public | BindingFlags.Instance)
            .Single(p => JsonNamingPolicy.CamelCase.ConvertName(p.Name) == property.Name);
        return Nullability.Create(member).ReadState != NullabilityState.NotNull;
    }
}
