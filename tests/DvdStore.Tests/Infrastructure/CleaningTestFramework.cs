using Xunit.Abstractions;
using Xunit.Sdk;

[assembly: Xunit.TestFramework("DvdStore.Tests.Infrastructure.CleaningTestFramework", "DvdStore.Tests")]

namespace DvdStore.Tests.Infrastructure;

/// <summary>
/// xUnit's own framework, plus one step when the run ends: the run's temp folder goes (<see cref="SuiteTempFolder"/>).
/// xUnit disposes the framework after the last test, before the test host is stopped, which a ProcessExit handler
/// cannot count on.
/// </summary>
public sealed class CleaningTestFramework : XunitTestFramework
{
    public CleaningTestFramework(IMessageSink messageSink)
        : base(messageSink) => DisposalTracker.Add(new RunEnd());

    private sealed class RunEnd : IDisposable
    {
        public void Dispose() => SuiteTempFolder.Remove();
    }
}
