#!/usr/bin/env bash
# What adopting a store DS3 built costs against the store's size (a benchmark, not a test), on PostgreSQL. It loads a
# store per size, then for ROUNDS rounds, sizes alternated: makes it look DS3-built (drops DS_STORE_INFO,
# DS_INVENTORY_BASELINE and our two reset indexes, which DS3's schema lacks), times the first `dvdstore reset` (which
# adopts it: one read of every table for the fingerprint, four MAX(id) lookups, the two indexes, our routines),
# runs a fixed workload (USERS users, RUN_SECONDS, think time 0) and times the next `dvdstore reset` (the work runs
# added). Prints per round and size, then the mean 100MB/10MB ratios and the load average.
# usage: [SIZES="10MB 100MB"] [USERS=4] [RUN_SECONDS=30] [ROUNDS=2] [PGPORT=55432] scripts/bench-adopt.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SIZES=${SIZES:-10MB 100MB}; USERS=${USERS:-4}; RUN_SECONDS=${RUN_SECONDS:-30}; ROUNDS=${ROUNDS:-2}
PGPORT=${PGPORT:-55432}
export PGPORT

. scripts/bench-common.sh
bench_begin adopt
bench_build
db() { db_name bench_adopt "$1"; } # size
connection() { bench_connection postgres "$(db "$1")"; }
sql() { psql -h 127.0.0.1 -p "$PGPORT" -U bench -d "$1" -qc "$2" >/dev/null; }

bench_server pg
echo "load average at start: $(load_average)"
for size in $SIZES; do
  sql postgres "DROP DATABASE IF EXISTS $(db "$size") WITH (FORCE)"
  sql postgres "CREATE DATABASE $(db "$size")"
  t0=$(now)
  dvdstore load --connection "$(connection "$size")" --engine postgres --size "$size" --seed 3 >/dev/null
  echo "loaded $size in $(secs "$t0" "$(now)") s"
done

printf '%-6s %-5s %9s %10s %9s %6s\n' size round adopt_s orders reset_s load1 | tee "$work/table"
for round in $(seq 1 "$ROUNDS"); do
  for size in $SIZES; do
    conn=$(connection "$size")
    sql "$(db "$size")" "DROP TABLE DS_STORE_INFO; DROP TABLE DS_INVENTORY_BASELINE; DROP INDEX IX_REVIEWS_CUSTID; DROP INDEX IX_MEMBERSHIP_EXPIREDATE"
    t0=$(now)
    dvdstore reset --engine postgres --connection "$conn" >"$work/adopt.$size.$round" \
      || { echo "error: adopting $size failed:" >&2; cat "$work/adopt.$size.$round" >&2; exit 1; }
    adopt_s=$(secs "$t0" "$(now)")
    out="$work/run.$size.$round"
    dvdstore run --engine postgres --connection "$conn" --size "$size" --users "$USERS" --warmup 0s \
      --duration "${RUN_SECONDS}s" --think-time 0 --out "$out" >"$out.txt" 2>&1 || true
    orders=$(jq -r '.totals.orders' "$out"/*.result.json 2>/dev/null || echo "?")
    t0=$(now)
    dvdstore reset --engine postgres --connection "$conn" >"$work/reset.$size.$round" \
      || { echo "error: reset of $size failed:" >&2; cat "$work/reset.$size.$round" >&2; exit 1; }
    printf '%-6s %-5s %9s %10s %9s %6s\n' "$size" "$round" "$adopt_s" "$orders" "$(secs "$t0" "$(now)")" "$(load1)" | tee -a "$work/table"
  done
done
first=${SIZES%% *}
awk -v f="$first" 'NR > 1 { a[$1] += $3; r[$1] += $5; n[$1]++ }
  END { for (s in a) if (s != f) printf "mean %s / %s: adopt %.2fx, reset after a run %.2fx\n", s, f, (a[s] / n[s]) / (a[f] / n[f]), (r[s] / n[s]) / (r[f] / n[f]) }' "$work/table"
echo "load average at end: $(load_average)"
echo "adopting reset's output (last round):"; cat "$(ls -t "$work"/adopt.* | head -1)"
