#!/usr/bin/env bash
# Load held: 200 users from one driver process against a local PostgreSQL for a while, printing the driver's memory
# (RSS every interval, RSS and GC heap at start and end) and per-user completed orders (min/median/max) to show
# no growth in memory and no starvation. Not a CI test (it runs for minutes).
# usage: scripts/soak.sh [seconds, default 180]
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

# Npgsql pools at most 100 connections per connection string by default; every user holds one.
$cli run --engine=postgresql --connection="$connection;Maximum Pool Size=$((users + 10))" --db_size="$size" --n_threads="$users" --ramp_rate=100 \
  --duration="${seconds}s" --warmup_time=0 --log_freq=10 --out="$work" >"$work/run.log" 2>&1 &
pid=$!
rss() { awk '/^VmRSS/ {print int($2/1024)}' "/proc/$pid/status" 2>/dev/null || true; }
samples=()
while kill -0 "$pid" 2>/dev/null; do
  r=$(rss); [ -n "$r" ] && samples+=("$r")
  sleep 10
done
status=0; wait "$pid" || status=$?
tail -n 4 "$work/run.log"
echo "RSS every 10 s (MB): ${samples[*]}"
result=$(ls "$work"/*.result.json)
python3 - "$result" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
t = {k.lower(): v for k, v in r["totals"].items()} if "totals" in r else {}
mb = lambda b: b / 1048576
print(f"outcome {r.get('outcome')}: {t.get('orders')} orders, opm {t.get('opm')}, errors {t.get('errors')}, reconnects {t.get('reconnects')}, users at end {t.get('users')}")
print(f"driver RSS start {mb(t.get('workingsetstartbytes', 0)):.0f} MB, end {mb(t.get('workingsetendbytes', 0)):.0f} MB; "
      f"GC heap start {mb(t.get('gcheapstartbytes', 0)):.1f} MB, end {mb(t.get('gcheapendbytes', 0)):.1f} MB")
print(f"orders per user: min {t.get('minuserorders')}, median {t.get('medianuserorders')}, max {t.get('maxuserorders')}")
PY
exit $status
