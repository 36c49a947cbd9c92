namespace DvdStore.Schema.Engines;

/// <summary>How many connections a server accepts from this client now, and the limit that decides it.</summary>
/// <param name="Available">Connections the client may hold at once, the asking connection included.</param>
/// <param name="Limit">The deciding limit in words, e.g. "max_connections 100 - superuser_reserved_connections 3 - 12 in use".</param>
/// <param name="Setting">What to raise, e.g. "max_connections".</param>
public sealed record ConnectionHeadroom(long Available, string Limit, string Setting);
