#!/usr/bin/env bash
# What the real driver costs the client against the local PostgreSQL (a benchmark, not a test):
# loads a small store once, then runs `dvdstore run` at 1, 4 and 16 users for a fixed time each (store reset between
# steps) and prints, per step, the client CPU seconds per order two ways:
#   measured: the driver's own per-interval CPU record (result.json intervals[].clientCpuPercent x usable CPUs x
#             interval length), measured phase only — no start-up, JIT, load of the context or cross-check;
#   process:  user+sys of the whole `dvdstore run` process (/usr/bin/time), an upper bound.
# At 1 user it also prints the client's share of an order's wall time = measured CPU per order / mean order latency
# (target <= 0.03; a mature Tcl driver spends about 0.06). The no-database figure is scripts/bench-driver.sh.
# usage: [SIZE=10MB] [STEP_SECONDS=20] [USERS="1 4 16"] [PGPORT=55432] [PGHOST=127.0.0.1] [PGUSER=bench] scripts/bench-driver-pg.sh
#   DVDSTORE_DLL=<path to another build's dvdstore.dll> compares builds back to back (before/after a change).
#   Starts a throw-away PostgreSQL (scripts/db-up.sh) unless BENCH_PG_RUNNING=1 says one listens on PGPORT.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE=${SIZE:-10MB}; STEP_SECONDS=${STEP_SECONDS:-20}; USERS=${USERS:-1 4 16}
PGHOST=${PGHOST:-127.0.0.1}; PGPORT=${PGPORT:-55432}; PGUSER=${PGUSER:-bench}
export PGHOST PGPORT PGUSER
db=bench_driver
conn="Host=$PGHOST;Port=$PGPORT;Username=$PGUSER;Database=$db"

. scripts/bench-common.sh
bench_begin driver
if [ "${BENCH_PG_RUNNING:-0}" != 1 ]; then bench_server pg; fi
bench_build
dll=$dvdstore_dll

echo "== store: dvdstore load --engine postgres --size $SIZE (once)"
psql -d postgres -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" -c "CREATE DATABASE $db" >/dev/null
dvdstore load --engine postgres --connection "$conn" --size "$SIZE" --seed 3 >"$work/load.txt"

printf '%-6s %9s %9s %13s %13s %11s %13s\n' users orders opm cpu_s/order proc_s/order mean_ms client_share
for users in $USERS; do
  dvdstore reset --engine postgres --connection "$conn" >/dev/null
  out="$work/u$users"
  /usr/bin/time -f '%U %S' -o "$work/time.$users" \
    dotnet "$dll" run --engine postgres --connection "$conn" --db_size="$SIZE" \
      --users "$users" --warmup 0s --duration "${STEP_SECONDS}s" --think_time=0 --out "$out" >"$work/run.$users.txt"
  result=$(ls "$out"/*.result.json)
  read -r proc_user proc_sys <"$work/time.$users"
  jq -r --arg proc "$(awk -v u="$proc_user" -v s="$proc_sys" 'BEGIN { print u + s }')" --arg users "$users" '
    .context.client.affinityCpuCount as $cpus
    | [.intervals[] | select(.measured)] as $m
    # Each measured sample covers the time since the previous sample (the first: since the measured start).
    | ([range(0; $m | length) as $i | $m[$i].clientCpuPercent / 100 * $cpus
         * ($m[$i].sinceStartSeconds - (if $i == 0 then ($m[0].sinceStartSeconds - $m[0].elapsedSeconds) else $m[$i - 1].sinceStartSeconds end))]
      | add) as $cpu
    | ($m | map(.orders) | add) as $orders
    | [$users, .totals.orders, .totals.opm, $cpu / $orders, ($proc | tonumber) / .totals.orders, .orderResponse.meanMs,
       ($cpu / $orders) / (.orderResponse.meanMs / 1000)]
    | @tsv' "$result" | awk -F'\t' '{ printf "%-6s %9d %9d %13.6f %13.6f %11.3f %13.4f\n", $1, $2, $3, $4, $5, $6, $7 }' | tee -a "$work/table"
done

awk '$1 == 1 { printf "client share of an order'"'"'s wall time at 1 user: %.4f (%.2f %%; target <= 0.03, a mature Tcl driver ~0.06)\n", $7, 100 * $7 }' "$work/table"
awk 'NR == 1 { base = $4 } { printf "CPU per order at %s users / at %s: %.2fx\n", $1, first, $4 / base } NR == 1 { first = $1 }' "$work/table" | tail -n +2
psql -d postgres -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null
