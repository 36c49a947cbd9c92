namespace DvdStore.Schema.Engines;

/// <summary>What a database error means for the caller; each engine classifies its own error codes.</summary>
public enum FailureKind
{
    /// <summary>Deadlock or serialization failure: retry the transaction.</summary>
    Deadlock,

    /// <summary>The connection is gone or cannot be made: reconnect with backoff.</summary>
    Connection,

    /// <summary>Authentication failed: the user must fix credentials.</summary>
    Authentication,

    /// <summary>The statement ran past its timeout.</summary>
    Timeout,

    /// <summary>An object (table, procedure) is missing: the store is not built.</summary>
    MissingObject,

    /// <summary>Anything else.</summary>
    Other,
}
