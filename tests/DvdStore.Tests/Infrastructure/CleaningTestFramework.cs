using System.Reflection;
using Xunit.Abstractions;
using Xunit.Sdk;

[assembly: Xunit.TestFramework("DvdStore.Tests.Infrastructure.CleaningTestFramework", "DvdStore.Tests")]

namespace DvdStore.Tests.Infrastructure;

/// <summary>
/// xUnit's own framework, plus two things. When the run ends, the run's temp folder goes (<see cref="SuiteTempFolder"/>):
/// xUnit disposes the framework after the last test, before the test host is stopped, which a ProcessExit handler
/// cannot count on. And a plain <c>[Fact]</c> or <c>[Theory]</c> that reaches <see cref="TestServers"/> on a machine with
/// no test server is reported skipped, as a <c>[SkippableFact]</c> would be: a new server test skips properly without
/// servers whichever attribute it was written with, and still fails under DVDSTORE_TEST_REQUIRE_SERVERS (which throws
/// a failure, not a skip).
/// </summary>
public sealed class CleaningTestFramework : XunitTestFramework
{
    public CleaningTestFramework(IMessageSink messageSink)
        : base(messageSink) => DisposalTracker.Add(new RunEnd());

    protected override ITestFrameworkExecutor CreateExecutor(AssemblyName assemblyName) =>
        new SkippingExecutor(assemblyName, SourceInformationProvider, DiagnosticMessageSink);

    private sealed class RunEnd : IDisposable
    {
        public void Dispose() => SuiteTempFolder.Remove();
    }

    private sealed class SkippingExecutor(AssemblyName assemblyName, ISourceInformationProvider sourceInformation, IMessageSink diagnostics)
        : XunitTestFrameworkExecutor(assemblyName, sourceInformation, diagnostics)
    {
        protected override void RunTestCases(IEnumerable<IXunitTestCase> testCases, IMessageSink executionMessageSink, ITestFrameworkExecutionOptions executionOptions) =>
            base.RunTestCases(testCases, new SkipExceptionAsSkip(executionMessageSink), executionOptions);
    }

    /// <summary>Passes every message on, a test failed by a <see cref="Xunit.SkipException"/> as that test skipped.</summary>
    private sealed class SkipExceptionAsSkip(IMessageSink inner) : LongLivedMarshalByRefObject, IMessageSink
    {
        private static readonly string SkipType = typeof(Xunit.SkipException).FullName!;

        public bool OnMessage(IMessageSinkMessage message)
        {
            if (message is ITestFailed failed && Array.IndexOf(failed.ExceptionTypes, SkipType) is var at and >= 0)
            {
                return inner.OnMessage(new TestSkipped(failed.Test, failed.Messages[at]));
            }

            return inner.OnMessage(message);
        }
    }
}
