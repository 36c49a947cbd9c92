using DvdStore.Cli.Commands;
using Spectre.Console;

namespace DvdStore.Tests.Cli;

/// <summary>
/// On a terminal a step's heartbeat that carries what the server says of its statement gets a bar of its own, with the
/// printer's words (issue #28); a beat that carries nothing adds no bar. Rendered by Spectre.Console to a writer set up
/// as an ANSI terminal.
/// </summary>
public sealed class LoadProgressBarsTests
{
    [Fact]
    public void A_beat_with_statements_shows_a_bar_of_its_step_and_a_plain_beat_shows_none()
    {
        var output = new StringWriter();
        var console = AnsiConsole.Create(new AnsiConsoleSettings
        {
            Ansi = AnsiSupport.Yes,
            Interactive = InteractionSupport.Yes,
            ColorSystem = ColorSystemSupport.NoColors,
            Out = new AnsiConsoleOutput(output),
        });
        console.Profile.Width = 250;

        console.Progress().AutoClear(false).Columns(new TaskDescriptionColumn(), new PercentageColumn()).Start(context =>
        {
            var bars = new LoadProgressBars(context);
            bars.Report(new LoadProgress("analyze", null, 0, 0, 0, TimeSpan.FromSeconds(10), Done: false));
            bars.Report(new LoadProgress("keys", null, 0, 0, 0, TimeSpan.FromSeconds(40), Done: false)
            {
                Statements = [new StatementProgress("index", "REVIEWS", "IX_REVIEWS_PROD", "building index: scanning table", 1234, 2741, "blocks")],
            });
        });

        var screen = output.ToString();
        Assert.Contains("keys (40s): index IX_REVIEWS_PROD on REVIEWS: building index: scanning table 45% (blocks 1,234 of 2,741)", screen);
        Assert.DoesNotContain("analyze", screen);
    }
}
