using System.Globalization;
using DvdStore.Driver.Running;
using DvdStore.Schema;

namespace DvdStore.Driver.Fleet;

/// <summary>
/// Turns run settings into one fleet driver's settings (--fleet, --fleet-size, --fleet-index or JOB_COMPLETION_INDEX,
/// --fleet-users, --fleet-timeout): its share of the targets and users, the barrier's database (the fleet's first
/// target, the same for every driver) and its place in the fleet. Without --fleet the settings are returned unchanged.
/// </summary>
public static class FleetSettings
{
    public static RunSettings Apply(RunSettings settings, string fleetId, string size, string index, string fleetUsers, string timeout, Func<string, string?> environment)
    {
        if (fleetId.Trim().Length == 0)
        {
            if (size.Trim().Length > 0 || index.Trim().Length > 0 || fleetUsers.Trim().Length > 0)
            {
                throw new UserError("fleet_size, fleet_index and fleet_users belong to a fleet; give --fleet <id> too.");
            }

            return settings;
        }

        if (settings.StartAt is not null)
        {
            throw new UserError("a fleet starts at its barrier in the database; give --fleet or --start-at, not both.");
        }

        var member = FleetMember.Create(fleetId.Trim(), Whole("fleet_size", size), index.Trim().Length == 0 ? null : Whole("fleet_index", index), environment);
        var names = settings.Names;
        var users = fleetUsers.Trim().Length == 0 ? settings.UsersPerTarget : member.UserShare(Whole("fleet_users", fleetUsers));
        if (users < 1)
        {
            throw new UserError($"fleet_users={fleetUsers.Trim()} leaves driver {member.Index} of {member.Size} without users; give at least one user per driver.");
        }

        return settings with
        {
            Fleet = member,
            FleetBarrierTarget = settings.Targets[0],
            FleetTimeout = timeout.Trim().Length == 0 ? settings.FleetTimeout : Seconds("fleet_timeout", timeout),
            Targets = member.TargetShare(settings.Targets),
            TargetNames = member.TargetShare(names),
            UsersPerTarget = users,
        };
    }

    private static int Whole(string name, string text) =>
        int.TryParse(text.Trim(), NumberStyles.None, CultureInfo.InvariantCulture, out var value)
            ? value
            : throw new UserError($"{name}={text.Trim()} is not a whole number; give e.g. --{name.Replace('_', '-')} 4.");

    private static TimeSpan Seconds(string name, string text) =>
        Parameters.DurationText.Parse(name, text) is { TotalSeconds: > 0 } span
            ? span
            : throw new UserError($"{name} must be longer than 0; give e.g. --fleet-timeout 10m.");
}
