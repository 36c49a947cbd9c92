using System.Globalization;
using DvdStore.Schema;

namespace DvdStore.Driver.Fleet;

/// <summary>
/// One driver of a fleet: N drivers that are ONE run, started together through <see cref="FleetBarrier"/>. Its index
/// comes from the launcher (Kubernetes sets JOB_COMPLETION_INDEX in an Indexed Job; SSH scripts give --fleet-index),
/// and from it the driver derives its label, its share of the targets and its share of the users.
/// </summary>
public sealed record FleetMember(string FleetId, int Index, int Size)
{
    /// <summary>The variable Kubernetes sets to each pod's index in an Indexed Job.</summary>
    public const string IndexVariable = "JOB_COMPLETION_INDEX";

    /// <summary>Label every member's result carries: the fleet id (Analysis sums runs sharing it).</summary>
    public const string ScaleOutLabel = "scaleout";

    /// <summary>Label with the member's index.</summary>
    public const string MemberLabel = "fleet_member";

    /// <summary>
    /// Validates the fleet options; the index is <paramref name="index"/> when given, else JOB_COMPLETION_INDEX.
    /// </summary>
    public static FleetMember Create(string fleetId, int size, int? index, Func<string, string?> environment)
    {
        if (string.IsNullOrWhiteSpace(fleetId) || fleetId.Length > 100 || fleetId.Any(static c => !(char.IsAsciiLetterOrDigit(c) || c is '-' or '_' or '.')))
        {
            throw new UserError($"fleet id '{fleetId}' must be 1-100 letters, digits, '-', '_' or '.'; give e.g. --fleet f{DateTime.UtcNow:yyyyMMddHHmm}.");
        }

        if (size < 1)
        {
            throw new UserError($"fleet_size must be at least 1 (got {size}); give the number of drivers started together.");
        }

        if (index is null)
        {
            var text = environment(IndexVariable);
            if (string.IsNullOrWhiteSpace(text))
            {
                throw new UserError($"a fleet driver needs its index: give --fleet-index or set {IndexVariable} (Kubernetes sets it in an Indexed Job).");
            }

            if (!int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var parsed))
            {
                throw new UserError($"{IndexVariable}={text} is not a driver index; it must be a whole number from 0 to fleet_size - 1.");
            }

            index = parsed;
        }

        if (index < 0 || index >= size)
        {
            throw new UserError($"fleet index {index} is outside 0..{size - 1}; each of the {size} drivers needs its own index below fleet_size.");
        }

        return new FleetMember(fleetId, index.Value, size);
    }

    /// <summary>
    /// This driver's targets: with at least as many targets as drivers, every Size-th target from its index (the
    /// targets are dealt out); with fewer, the one target its index falls on (index mod targets, drivers share it).
    /// </summary>
    public IReadOnlyList<T> TargetShare<T>(IReadOnlyList<T> targets) =>
        targets.Count >= Size
            ? targets.Where((_, i) => i % Size == Index).ToList()
            : [targets[Index % targets.Count]];

    /// <summary>This driver's share of <paramref name="total"/> users: an even split, the first drivers take the remainder.</summary>
    public int UserShare(int total) => (total / Size) + (Index < total % Size ? 1 : 0);

    /// <summary>The labels a member's result carries, so analyze merges the fleet and tells its drivers apart.</summary>
    public IReadOnlyDictionary<string, string> Labels => new Dictionary<string, string>
    {
        [ScaleOutLabel] = FleetId,
        [MemberLabel] = Index.ToString(CultureInfo.InvariantCulture),
    };
}
