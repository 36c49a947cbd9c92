#!/usr/bin/env bash
# What wait sampling costs (a benchmark, not a test): the same `dvdstore run` on the local PostgreSQL with wait
# sampling off (--wait-rate 0) and on (--wait-rate ${RATE:-10}), alternated (off, on, off, on, ...) for ROUNDS rounds,
# store reset before every run. Prints, per run, the OPM and, for the sampled runs, the server CPU the sampling
# backend used (its /proc/<pid>/stat utime+stime, read every second while the run goes; the backend is found by its
# query text) as a share of one core; then the OPM ratio on/off per round and overall, with the load average.
# usage: [SIZE=10MB] [USERS=4] [STEP_SECONDS=30] [ROUNDS=2] [RATE=10] [PGPORT=55432] scripts/bench-waits.sh
#   Starts a throw-away PostgreSQL (scripts/db-up.sh) unless BENCH_PG_RUNNING=1 says one listens on PGPORT.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE=${SIZE:-10MB}; USERS=${USERS:-4}; STEP_SECONDS=${STEP_SECONDS:-30}; ROUNDS=${ROUNDS:-2}; RATE=${RATE:-10}
PGPORT=${PGPORT:-55432}
export PGHOST=127.0.0.1 PGPORT PGUSER=bench
. scripts/bench-common.sh
bench_begin waits
if [ "${BENCH_PG_RUNNING:-0}" != 1 ]; then bench_server pg; fi
bench_build
db=bench_waits
conn=$(bench_connection postgres $db)
psql -d postgres -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" -c "CREATE DATABASE $db" >/dev/null
dvdstore load --engine postgres --connection "$conn" --size "$SIZE" --seed 3 >"$work/load.txt"
ticks=$(getconf CLK_TCK)

# watch_sampler FILE: every second, the CPU ticks of the backend running the wait query (the last seen is its total).
watch_sampler() {
  while sleep 1; do
    pid=$(psql -d "$db" -Atc "SELECT pid FROM pg_stat_activity WHERE query LIKE 'SELECT state, wait_event_type%' AND pid <> pg_backend_pid() LIMIT 1" 2>/dev/null || true)
    [ -n "$pid" ] && [ -r "/proc/$pid/stat" ] && awk '{ print $14 + $15 }' "/proc/$pid/stat" >"$1" 2>/dev/null || true
  done
}

echo "load average before: $(load_average)"
printf '%-5s %-4s %9s %12s %14s %s\n' round wait opm run_seconds sampler_core% load1
for round in $(seq 1 "$ROUNDS"); do
  for rate in 0 "$RATE"; do
    dvdstore reset --engine postgres --connection "$conn" >/dev/null
    out="$work/r$round-w$rate"; rm -f "$work/ticks"
    watcher=""
    if [ "$rate" != 0 ]; then watch_sampler "$work/ticks" & watcher=$!; fi
    dvdstore run --engine postgres --connection "$conn" --db_size="$SIZE" --users "$USERS" --warmup 5s \
      --duration "${STEP_SECONDS}s" --think_time=0 --wait-rate "$rate" --out "$out" >"$out.txt"
    if [ -n "$watcher" ]; then kill "$watcher" 2>/dev/null || true; wait "$watcher" 2>/dev/null || true; fi
    result=$(ls "$out"/*.result.json)
    opm=$(jq -r '.totals.opm' "$result")
    seconds=$(jq -r '[.intervals[] | .sinceStartSeconds] | max' "$result")
    share=""
    if [ -s "$work/ticks" ]; then share=$(awk -v t="$(cat "$work/ticks")" -v hz="$ticks" -v s="$seconds" 'BEGIN { printf "%.3f", 100 * t / hz / s }'); fi
    printf '%-5s %-4s %9.0f %12.1f %14s %s\n' "$round" "$rate" "$opm" "$seconds" "${share:--}" "$(load1)" | tee -a "$work/table"
  done
done

awk -v rate="$RATE" '
  $2 == 0 { off[$1] = $3 } $2 == rate { on[$1] = $3; if ($5 != "-") { cpu += $5; n++ } }
  END {
    for (r in on) { printf "round %s: OPM with waits / without = %.3f\n", r, on[r] / off[r]; ton += on[r]; toff += off[r] }
    printf "all rounds: OPM with waits / without = %.3f; sampling backend %.3f %% of one core on average (%d runs)\n", ton / toff, n ? cpu / n : 0, n
  }' "$work/table"
echo "load average after: $(load_average)"
psql -d postgres -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null
