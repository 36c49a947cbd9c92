namespace DvdStore.Contract;

/// <summary>One check of the engine contract: its group (what it exercises), its name (what it proves) and how to run it.</summary>
public sealed record ContractCheck(string Group, string Name, Func<ContractSession, CancellationToken, Task> Run)
{
    /// <summary>The name as a sentence, e.g. "Purchase of more than the stock returns zero and leaves no trace".</summary>
    public string Title => Name.Replace('_', ' ');

    public override string ToString() => Name;
}
