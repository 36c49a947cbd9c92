namespace DvdStore.Tests.Infrastructure;

/// <summary>The rule for bad input: a <see cref="UserError"/> whose message is one line and says what was wrong.</summary>
public static class AssertUserError
{
    /// <summary>Fails unless <paramref name="act"/> throws a one-line UserError containing each of <paramref name="expected"/>; returns it for further checks.</summary>
    public static UserError OneLine(Action act, params string[] expected) => Checked(Assert.Throws<UserError>(act), expected);

    /// <summary>Fails unless <paramref name="act"/> fails with a one-line UserError containing each of <paramref name="expected"/>; returns it for further checks.</summary>
    public static async Task<UserError> OneLineAsync(Func<Task> act, params string[] expected) => Checked(await Assert.ThrowsAsync<UserError>(act), expected);

    private static UserError Checked(UserError error, string[] expected)
    {
        AssertText.ContainsAll(error.Message, expected);
        Assert.DoesNotContain('\n', error.Message);
        return error;
    }
}
