namespace DvdStore.Tests.Trust;

/// <summary>Tests that set DVDSTORE_PASSWORD / DVDSTORE_PASSWORD_FILE (process-wide) run one at a time.</summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class PasswordEnvironment
{
    public const string Name = "password environment";
}
