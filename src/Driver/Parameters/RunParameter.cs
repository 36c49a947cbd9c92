namespace DvdStore.Driver.Parameters;

/// <summary>One parameter of <c>dvdstore run</c>: its name (DS3's where DS3 has it), what it means and its default.</summary>
/// <param name="Name">Name without dashes, e.g. <c>n_threads</c>.</param>
/// <param name="Description">One sentence for --help.</param>
/// <param name="Default">Default value as text ("" = none).</param>
/// <param name="FromDs3">True for DS3's own driver parameters (docs/ds3-compatibility.md, "Driver parameters").</param>
/// <param name="Flag">A Y/N parameter that may be given bare on the command line (<c>--reset</c> means <c>--reset Y</c>).</param>
public sealed record RunParameter(string Name, string Description, string Default, bool FromDs3, bool Flag = false);
