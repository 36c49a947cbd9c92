using System.Collections;
using System.Globalization;

namespace DvdStore.Contract;

/// <summary>
/// The assertions the contract checks use, shaped like xUnit's (the checks were xUnit tests first) but part of the
/// product, so `dvdstore check` runs them without a test framework. A failed expectation throws <see cref="ContractViolation"/>.
/// </summary>
public static class Expect
{
    public static void Equal<T>(T expected, T actual)
    {
        if (!Same(expected, actual))
        {
            throw new ContractViolation($"expected {Show(expected)}, got {Show(actual)}");
        }
    }

    public static void Equal<T>(IEnumerable<T> expected, IEnumerable<T> actual)
    {
        if (!Same(expected, actual))
        {
            throw new ContractViolation($"expected {Show(expected)}, got {Show(actual)}");
        }
    }

    public static void True(bool condition, string? message = null)
    {
        if (!condition)
        {
            throw new ContractViolation(message ?? "expected true, got false");
        }
    }

    public static void False(bool condition, string? message = null)
    {
        if (condition)
        {
            throw new ContractViolation(message ?? "expected false, got true");
        }
    }

    public static void Null(object? value)
    {
        if (value is not null)
        {
            throw new ContractViolation($"expected NULL, got {Show(value)}");
        }
    }

    public static void NotNull(object? value)
    {
        if (value is null)
        {
            throw new ContractViolation("expected a value, got NULL");
        }
    }

    public static void Empty(IEnumerable collection)
    {
        var items = collection.Cast<object?>().ToList();
        if (items.Count != 0)
        {
            throw new ContractViolation($"expected no rows, got {Show(items)}");
        }
    }

    public static T Single<T>(IEnumerable<T> collection)
    {
        var items = collection.ToList();
        return items.Count == 1 ? items[0] : throw new ContractViolation($"expected exactly one row, got {items.Count}: {Show(items)}");
    }

    public static T Single<T>(IEnumerable<T> collection, Func<T, bool> predicate)
    {
        var items = collection.Where(predicate).ToList();
        return items.Count == 1 ? items[0] : throw new ContractViolation($"expected exactly one matching row, got {items.Count}");
    }

    public static void Contains<T>(T expected, IEnumerable<T> collection)
    {
        var items = collection.ToList();
        if (!items.Any(item => Same(expected, item)))
        {
            throw new ContractViolation($"expected {Show(expected)} among {Show(items)}");
        }
    }

    public static void Contains<T>(IEnumerable<T> collection, Func<T, bool> predicate)
    {
        if (!collection.Any(predicate))
        {
            throw new ContractViolation("expected a matching row, found none");
        }
    }

    public static void Contains(string expected, string actual, StringComparison comparison)
    {
        if (!actual.Contains(expected, comparison))
        {
            throw new ContractViolation($"expected text containing '{expected}'");
        }
    }

    public static void All<T>(IEnumerable<T> collection, Action<T> check)
    {
        foreach (var item in collection)
        {
            check(item);
        }
    }

    /// <summary>The call must fail; returns its exception for the caller to classify.</summary>
    public static async Task<Exception> ThrowsAnyAsync(Func<Task> call)
    {
        try
        {
            await call().ConfigureAwait(false);
        }
        catch (Exception error) when (error is not ContractViolation)
        {
            return error;
        }

        throw new ContractViolation("expected the call to fail, it succeeded");
    }

    private static bool Same(object? expected, object? actual)
    {
        if (expected is IEnumerable left and not string && actual is IEnumerable right and not string)
        {
            var a = left.Cast<object?>().ToList();
            var b = right.Cast<object?>().ToList();
            return a.Count == b.Count && a.Zip(b).All(pair => Same(pair.First, pair.Second));
        }

        return Equals(expected, actual);
    }

    private static string Show(object? value) => value switch
    {
        null => "NULL",
        string text => $"\"{text}\"",
        IEnumerable items => "[" + string.Join(", ", items.Cast<object?>().Take(20).Select(Show)) + "]",
        IFormattable number => number.ToString(null, CultureInfo.InvariantCulture),
        _ => value.ToString() ?? "",
    };
}
