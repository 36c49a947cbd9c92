using System.Net.Sockets;

using DvdStore.Schema.Engines.Oracle;

namespace DvdStore.Tests.Schema.Oracle;

/// <summary>ORA codes to failure kinds, from the exception's Number, its message's error stack and its inner exceptions.</summary>
public class OracleFailuresTests
{
    [Theory]
    [InlineData(60, FailureKind.Deadlock)]
    [InlineData(8177, FailureKind.Deadlock)]
    [InlineData(1017, FailureKind.Authentication)]
    [InlineData(28000, FailureKind.Authentication)]
    [InlineData(28001, FailureKind.Authentication)]
    [InlineData(1013, FailureKind.Timeout)]
    [InlineData(30006, FailureKind.Timeout)]
    [InlineData(3113, FailureKind.Connection)]
    [InlineData(3135, FailureKind.Connection)]
    [InlineData(12541, FailureKind.Connection)]
    [InlineData(12514, FailureKind.Connection)]
    [InlineData(1034, FailureKind.Connection)]
    [InlineData(942, FailureKind.MissingObject)]
    [InlineData(4043, FailureKind.MissingObject)]
    [InlineData(2289, FailureKind.MissingObject)]
    [InlineData(1, FailureKind.Other)]
    [InlineData(1400, FailureKind.Other)]
    public void An_OracleException_Number_decides_the_kind(int number, FailureKind expected)
    {
        var error = new FakeOracleException(number, $"ORA-{number:D5}: something");
        Assert.Equal(expected, OracleFailures.Classify(error));
        Assert.Equal(expected, new OracleEngine(() => new FakeOracleFactory()).Classify(error));
    }

    /// <summary>What a user's session sees after ALTER SYSTEM KILL SESSION and on its next calls: each means reconnect.</summary>
    [Theory]
    [InlineData(28, "ORA-00028: your session has been killed")]
    [InlineData(1012, "ORA-01012: not logged on")]
    [InlineData(603, "ORA-00603: ORACLE server session terminated by fatal error")]
    [InlineData(3113, "ORA-03113: end-of-file on communication channel")]
    [InlineData(25408, "ORA-25408: can not safely replay call")]
    [InlineData(6512, "ORA-06512: at \"DS3.PURCHASE\", line 12\nORA-00028: your session has been killed")]
    public void A_killed_session_s_errors_mean_reconnect(int number, string message)
    {
        Assert.Equal(FailureKind.Connection, new OracleEngine(() => new FakeOracleFactory()).Classify(new FakeOracleException(number, message)));
    }

    [Fact]
    public void Codes_further_down_the_error_stack_count_when_the_top_one_means_nothing()
    {
        var error = new FakeOracleException(6512, "ORA-06512: at \"DS3.PURCHASE\", line 40\nORA-00060: deadlock detected while waiting for resource");
        Assert.Equal(FailureKind.Deadlock, OracleFailures.Classify(error));
        Assert.Equal([6512, 60], OracleFailures.OraCodes(error.Message));
    }

    [Fact]
    public void Calling_a_procedure_that_does_not_exist_is_a_missing_object()
    {
        var error = new FakeOracleException(6550, "ORA-06550: line 1, column 7:\nPLS-00201: identifier 'LOGIN' must be declared\nORA-06550: line 1, column 7:\nPL/SQL: Statement ignored");
        Assert.Equal(FailureKind.MissingObject, OracleFailures.Classify(error));
    }

    [Fact]
    public void Wrapped_and_non_provider_errors_are_classified_too()
    {
        Assert.Equal(FailureKind.Deadlock, OracleFailures.Classify(new InvalidOperationException("wrap", new FakeOracleException(60, "ORA-00060: deadlock"))));
        Assert.Equal(FailureKind.Timeout, OracleFailures.Classify(new TimeoutException()));
        Assert.Equal(FailureKind.Connection, OracleFailures.Classify(new SocketException((int)SocketError.ConnectionRefused)));
        Assert.Equal(FailureKind.Other, OracleFailures.Classify(new InvalidOperationException("no code")));
    }
}
