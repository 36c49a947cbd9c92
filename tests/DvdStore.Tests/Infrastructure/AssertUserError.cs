namespace DvdStore.Tests.Infrastructure;

/// <summary>The rule for bad input: a <see cref="UserError"/> whose message is one line and says what was wrong.</summary>
public static class AssertUserError
{
    /// <summary>Fails unless <paramref name="act"/> throws a one-line UserError containing each of <paramref name="expected"/>; returns it for further checks.</summary>
    public static UserError OneLine(Action act, params string[] expected) => Checked(Assert.Throws<UserError>(act), expected);

    /// <summary>Fails unless <paramref name="act"/> fails with a one-line UserError containing each of <paramref name="expected"/>; returns it for further checks.</summary>
    public static async Task<UserError> OneLineAsync(Func<Task> act, params string[] expected) => Checked(await Assert.ThrowsAsync<UserError>(act), expected);

    /// <summary>Fails unless a command's error output (a UserError as the CLI prints it) is one line containing each of <paramref name="expected"/>.</summary>
    public static void OneLineOutput(string error, params string[] expected)
    {
        Assert.Single(error.TrimEnd().Split('\n'));
        AssertText.ContainsAll(error, expected);
    }

    private static UserError Checked(UserError error, string[] expected)
    {
        AssertText.ContainsAll(error.Message, expected);
        Assert.DoesNotContain('\n', error.Message);
        return error;
    }
}
