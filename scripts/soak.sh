#!/usr/bin/env bash
# Load held: 200 users from one driver process against a local PostgreSQL for a while, printing per-user completed
# orders (min/median/max: no starvation), why any orders were abandoned, and the driver's memory per minute from the
# run's own intervals (memory_check=Y: resident memory and the live managed heap after a full collection at every
# log line). Memory growth is the steady-state ratio last full minute / minute 2 (minute 1 fills pools, prepared
# statements and buffers). The driver sizes its connection pool itself. The store is 10MB by default, 100MB for runs
# over 10 minutes: a 1MB store runs out of DS3's new-customer names (newuser1..2000) within minutes at this load, a
# 10MB store (newuser1..20000) after ~20 minutes. Where the resident memory lives (GC range, JIT code, native heap
# and thread stacks, mapped files; thread count) is sampled from /proc every 5 s beside the run (memory.csv). Not a CI test (it runs for minutes;
# CI runs 200 users for 20 s in Trust/LoadHeldTests without memory figures).
# usage: scripts/soak.sh [seconds, default 180]   (run, result and console log kept in SOAK_OUT, default results/soak-<utc>)
#   SOAK_USERS (200), SOAK_SIZE (10MB; 100MB over 600 s), SOAK_CONNECTION (an existing PostgreSQL server; default: a throw-away one on
#   PGPORT, default 55499, started and stopped here).
#   SOAK_FAULTS=Y (throw-away server only): every SOAK_FAULT_EVERY seconds (120) one fault in turn: every store session
#   killed (pg_terminate_backend), the server frozen for 10 s (SIGSTOP), the server restarted (pg_ctl restart -m fast).
#   Each fault must show as a stall or reconnect-storm finding spanning its time, the cross-check must match, and the
#   driver's memory stay flat; the script says so per fault and exits 1 when one is missed.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-180}
users=${SOAK_USERS:-200}
# 200 users use a 10MB store's 20,000 new-customer names in ~20 minutes: longer runs get a 100MB store (~3-4 min to load).
default_size=10MB; [ "$seconds" -gt 600 ] && default_size=100MB
size=${SOAK_SIZE:-$default_size}
work=$(mktemp -d /tmp/dvdstore-soak.XXXXXX)
pg_dir=""
cleanup() {
  [ -n "$pg_dir" ] && scripts/db-down.sh pg "$pg_dir"
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

faults=${SOAK_FAULTS:-N}
fault_every=${SOAK_FAULT_EVERY:-120}
if [ -n "${SOAK_CONNECTION:-}" ]; then
  [ "$faults" = "Y" ] && { echo "error: SOAK_FAULTS=Y stops and restarts the server: only on the throw-away one (leave SOAK_CONNECTION unset)." >&2; exit 2; }
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
# memory_check: at every log line the driver collects fully and records its live heap beside its resident memory.
# The faults run beside the driver: their times (seconds after the run's start) go to faults.log.
inject_faults() {
  local start=$1 n=0 kind at postmaster children
  local pgbin; pgbin=$(cat "$pg_dir/pgbin")
  while sleep "$fault_every"; do
    n=$((n + 1)); at=$(( $(date +%s) - start ))
    case $((n % 3)) in
      1) kind=kill
         psql -h 127.0.0.1 -p "$PGPORT" -U bench -d dsbench -qAtc "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'" >/dev/null 2>&1 || true ;;
      2) kind=freeze
         postmaster=$(head -1 "$pg_dir/data/postmaster.pid"); children=$(pgrep -P "$postmaster" | tr '\n' ' ')
         # shellcheck disable=SC2086
         kill -STOP "$postmaster" $children; sleep 10; kill -CONT "$postmaster" $children ;;
      0) kind=restart
         runuser -u postgres -- "$pgbin/pg_ctl" -D "$pg_dir/data" -m fast -w -t 60 restart >/dev/null || true ;;
    esac
    echo "$at $kind" >>"$out/faults.log"
  done
}
fault_pid=""
if [ "$faults" = "Y" ]; then
  : >"$out/faults.log"
  inject_faults "$(date +%s)" &
  fault_pid=$!
  echo "soak: a fault every $fault_every s (session kills, a 10 s freeze, a restart, in turn)"
fi
status=0
$cli run --engine=postgresql --connection="$connection" --size="$size" --users="$users" --ramp-rate=100 \
  --duration="${seconds}s" --warmup=0 --log_freq=5 --memory-check=Y --out="$out" >"$out/run.log" 2>&1 &
driver_pid=$!
# Where the driver's resident memory lives (GC range, JIT code, native heap and stacks, threads), every 5 s: memory.csv.
python3 scripts/soak-memory.py "$driver_pid" "$out/memory.csv" 5 &
wait "$driver_pid" || status=$?
[ -n "$fault_pid" ] && { kill "$fault_pid" 2>/dev/null; wait "$fault_pid" 2>/dev/null || true; }
tail -n 4 "$out/run.log"
result=$(ls "$out"/*.result.json)
python3 - "$result" "$out/faults.log" "$out/memory.csv" <<'PY' || status=1
import json, os, sys
r = json.load(open(sys.argv[1]))
t = {k.lower(): v for k, v in r["totals"].items()} if "totals" in r else {}
c = r.get("crossCheck") or {}
print(f"outcome {r.get('outcome')}: {t.get('orders')} orders, opm {t.get('opm')}, errors {t.get('errors')}, reconnects {t.get('reconnects')}, users at end {t.get('users')}")
print(f"cross-check: gained {c.get('databaseGained')}, committed {c.get('driverCommitted')}, in doubt {c.get('inDoubt', 0)}: {'OK' if c.get('matches') else 'MISMATCH'}")
print(f"orders per user: min {t.get('minuserorders')}, median {t.get('medianuserorders')}, max {t.get('maxuserorders')}")
for cause in r.get("errorCauses", [])[:3]:
    print(f"abandoned orders, cause: {cause['count']} x {cause['cause']}")

# Per-minute means of the driver's memory from the result's intervals (one sample per 5-s log line: a 10 s freeze
# then holds a whole interval without orders, which is what the stall finding looks for).
figures = {"rss": "clientResidentMb", "live": "clientLiveHeapMb", "committed": "clientGcCommittedMb",
           "fragmented": "clientGcFragmentedMb", "threads": "clientThreads"}
minutes = {}
for i in r.get("intervals", []):
    m = minutes.setdefault(int(max(i["sinceStartSeconds"] - 0.001, 0) // 60) + 1, {k: [] for k in figures})
    for k, field in figures.items():
        if i.get(field) is not None:
            m[k].append(i[field])
mean = lambda xs: sum(xs) / len(xs) if xs else float("nan")
for k in sorted(minutes):
    m = minutes[k]
    print(f"minute {k}: driver RSS {mean(m['rss']):.0f} MB, live managed heap {mean(m['live']):.1f} MB, "
          f"GC committed {mean(m['committed']):.1f} MB (free inside {mean(m['fragmented']):.1f}), threads {mean(m['threads']):.0f}")
full = [k for k in sorted(minutes) if len(minutes[k]["rss"]) >= 12]
if len(full) >= 3:
    # Minute 1 fills pools, prepared statements and buffers; the steady state is minute 2 to the last full minute.
    second, last = minutes[full[1]], minutes[full[-1]]
    ratio = lambda k: mean(last[k]) / mean(second[k])
    print(f"steady state (minute {full[-1]} / minute {full[1]}): driver RSS {ratio('rss'):.2f}x, "
          f"live managed heap {ratio('live'):.2f}x, GC committed {ratio('committed'):.2f}x (flat = 1.00x)")
else:
    print("steady state: run at least 180 s for minute 2 and a later full minute to compare")

# Where the resident memory lives, per minute (scripts/soak-memory.py, the process's own map every 5 s).
import csv
parts = ("rss", "gc", "code", "malloc", "other_anon", "file", "threads")
by_minute = {}
if os.path.exists(sys.argv[3]):
    for row in csv.DictReader(open(sys.argv[3])):
        m = by_minute.setdefault(int(max(float(row["seconds"]) - 0.001, 0) // 60) + 1, {k: [] for k in parts})
        for k in parts:
            m[k].append(float(row[k]))
for k in sorted(by_minute):
    m = by_minute[k]
    print(f"minute {k} map: RSS {mean(m['rss']):.0f} MB = GC range {mean(m['gc']):.0f} + JIT code {mean(m['code']):.0f} "
          f"+ malloc {mean(m['malloc']):.0f} + stacks and other {mean(m['other_anon']):.0f} + files {mean(m['file']):.0f}; "
          f"threads {mean(m['threads']):.0f} (max {max(m['threads']):.0f})")

# Each fault is found when a stall or reconnect-storm finding's span (from .. to s after the start) holds its time,
# give or take one log interval (the fault's clock starts a moment before the run's).
import re
missed = 0
if os.path.exists(sys.argv[2]):
    spans = []
    for f in r.get("findings", []):
        m = re.search(r"from (\d+) s to (\d+) s after the start", f.get("message", ""))
        if f.get("code") in ("stall", "reconnect-storm") and m:
            spans.append((f["code"], int(m.group(1)), int(m.group(2))))
    for line in open(sys.argv[2]):
        at, kind = int(line.split()[0]), line.split()[1]
        hits = [f"{c} {a}-{b} s" for c, a, b in spans if a - 12 <= at <= b + 12]
        missed += not hits
        print(f"fault at {at} s ({kind}): {', '.join(hits) if hits else 'NO FINDING'}")
sys.exit(1 if missed else 0)
PY
exit $status
