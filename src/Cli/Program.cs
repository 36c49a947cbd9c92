using DvdStore.Cli;

// Ctrl-C cancels the running command cleanly (summaries and result files are still written); a second Ctrl-C kills.
using var cancellation = new CancellationTokenSource();
Console.CancelKeyPress += (_, e) =>
{
    if (!cancellation.IsCancellationRequested)
    {
        e.Cancel = true;
        cancellation.Cancel();
    }
};
using var termination = System.Runtime.InteropServices.PosixSignalRegistration.Create(
    System.Runtime.InteropServices.PosixSignal.SIGTERM,
    context =>
    {
        context.Cancel = true;
        cancellation.Cancel();
    });

return await CliApp.RunAsync(args, Console.Out, Console.Error, cancellation.Token).ConfigureAwait(false);
