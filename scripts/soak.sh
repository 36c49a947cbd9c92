#!/usr/bin/env bash
# Load held: 200 users from one driver process against a local PostgreSQL for a while, printing the driver's memory
# and per-user completed orders (min/median/max) to show no growth in memory and no starvation. The driver sizes its
# connection pool itself (no Maximum Pool Size here). Memory growth is printed as ratios: RSS of the last minute over
# RSS of the first minute (means of the 10-s samples taken after all users connected), and GC heap at the end over
# GC heap at the start (after a collection). Not a CI test (it runs for minutes; CI runs 200 users for 20 s in
# Trust/LoadHeldTests without memory figures).
# usage: scripts/soak.sh [seconds, default 180]   (run, result and console log kept in SOAK_OUT, default results/soak-<utc>)
#   SOAK_USERS (200), SOAK_SIZE (1MB), SOAK_CONNECTION (an existing PostgreSQL server; default: a throw-away one on
#   PGPORT, default 55499, started and stopped here).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-180}
users=${SOAK_USERS:-200}
size=${SOAK_SIZE:-1MB}
work=$(mktemp -d /tmp/dvdstore-soak.XXXXXX)
pg_dir=""
cleanup() {
  [ -n "$pg_dir" ] && scripts/db-down.sh pg "$pg_dir"
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

if [ -n "${SOAK_CONNECTION:-}" ]; then
  connection=$SOAK_CONNECTION
else
  export PGPORT=${PGPORT:-55499}
  pg_dir=$(scripts/db-up.sh pg)
  connection="Host=127.0.0.1;Port=$PGPORT;Username=bench;Database=dsbench"
fi

dotnet build src/Cli -c Release -v quiet -nologo >/dev/null
cli="dotnet src/Cli/bin/Release/net8.0/dvdstore.dll"
$cli load --engine=postgresql --connection="$connection" --size="$size" --drop-existing >"$work/load.log"
echo "soak: $users users, $seconds s, $size store on PostgreSQL"

# The run's result, interval CSV and console log are kept (SOAK_OUT) to look into afterwards.
out=${SOAK_OUT:-results/soak-$(date -u +%Y%m%dT%H%M%SZ)}
mkdir -p "$out"
$cli run --engine=postgresql --connection="$connection" --db_size="$size" --n_threads="$users" --ramp_rate=100 \
  --duration="${seconds}s" --warmup_time=0 --log_freq=10 --out="$out" >"$out/run.log" 2>&1 &
pid=$!
rss() { awk '/^VmRSS/ {print int($2/1024)}' "/proc/$pid/status" 2>/dev/null || true; }
# RSS (MB) every 10 s once every user is connected (the start-up and the connection ramp are not the steady state).
samples=()
while kill -0 "$pid" 2>/dev/null; do
  if grep -q "issuing Start" "$out/run.log" 2>/dev/null; then
    r=$(rss); [ -n "$r" ] && samples+=("$r")
    sleep 10
  else
    sleep 1
  fi
done
status=0; wait "$pid" || status=$?
tail -n 4 "$out/run.log"
echo "RSS every 10 s after all users connected (MB): ${samples[*]}"
result=$(ls "$out"/*.result.json)
python3 - "$result" "${samples[@]}" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
rss = [int(x) for x in sys.argv[2:]]
t = {k.lower(): v for k, v in r["totals"].items()} if "totals" in r else {}
c = r.get("crossCheck") or {}
mb = lambda b: b / 1048576
print(f"outcome {r.get('outcome')}: {t.get('orders')} orders, opm {t.get('opm')}, errors {t.get('errors')}, reconnects {t.get('reconnects')}, users at end {t.get('users')}")
print(f"cross-check: gained {c.get('databaseGained')}, committed {c.get('driverCommitted')}, in doubt {c.get('inDoubt', 0)}: {'OK' if c.get('matches') else 'MISMATCH'}")
print(f"orders per user: min {t.get('minuserorders')}, median {t.get('medianuserorders')}, max {t.get('maxuserorders')}")
for cause in r.get("errorCauses", [])[:3]:
    print(f"abandoned orders, cause: {cause['count']} x {cause['cause']}")
mean = lambda xs: sum(xs) / len(xs)
if len(rss) >= 2:
    first, last = rss[:6], rss[-6:]
    note = "" if len(rss) >= 12 else " (first and last minute overlap: run at least 120 s)"
    print(f"driver RSS: first-minute mean {mean(first):.0f} MB, last-minute mean {mean(last):.0f} MB, "
          f"growth ratio {mean(last) / mean(first):.2f}{note}")
if len(rss) >= 18:
    # The first minute fills pools, prepared statements and buffers; the steady state starts after it.
    second = rss[6:12]
    print(f"driver RSS, steady state: second-minute mean {mean(second):.0f} MB, last-minute mean {mean(last):.0f} MB, "
          f"growth ratio {mean(last) / mean(second):.2f}")
gs, ge = t.get('gcheapstartbytes', 0), t.get('gcheapendbytes', 0)
print(f"GC heap after a collection: start {mb(gs):.1f} MB, end {mb(ge):.1f} MB" + (f", ratio {ge / gs:.2f}" if gs else ""))
PY
exit $status
