#!/usr/bin/env bash
# What the store-wide reads cost against the load (a benchmark, not a test), on PostgreSQL: loads a store per size
# (timed), then for ROUNDS rounds times `dvdstore fingerprint` and `dvdstore verify` on one connection (--parallel 1)
# and on the default number (the server's CPUs, capped by its free connections), the two alternated (A B, then B A).
# Prints every run with its time ÷ the load's time and the 1-minute load average, then per size and step the means,
# each ÷ the load (issue #28's target: ≤ 0.15×) and the default's speed-up over one connection.
# usage: [SIZES="100MB 1GB"] [ROUNDS=2] [PGPORT=55432] scripts/bench-read-parallel.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SIZES=${SIZES:-100MB 1GB}; ROUNDS=${ROUNDS:-2}
PGPORT=${PGPORT:-55432}
export PGPORT

. scripts/bench-common.sh
bench_begin read-parallel
bench_build
db() { db_name bench_reads "$1"; } # size
connection() { bench_connection postgres "$(db "$1")"; }
sql() { psql -h 127.0.0.1 -p "$PGPORT" -U bench -d "$1" -qc "$2" >/dev/null; }

bench_server pg
echo "load average at start: $(load_average)"
printf '%-6s %-5s %-11s %-8s %9s %8s %6s\n' size round step parallel secs x_load load1 | tee "$work/table"
for size in $SIZES; do
  sql postgres "DROP DATABASE IF EXISTS $(db "$size") WITH (FORCE)"
  sql postgres "CREATE DATABASE $(db "$size")"
  conn=$(connection "$size")
  t0=$(now)
  dvdstore load --connection "$conn" --engine postgres --size "$size" >"$work/load.$size"
  load_s=$(secs "$t0" "$(now)")
  printf '%-6s %-5s %-11s %-8s %9s %8s %6s\n' "$size" - load - "$load_s" 1.00 "$(load1)" | tee -a "$work/table"
  for round in $(seq 1 "$ROUNDS"); do
    order="1 default"; [ $((round % 2)) -eq 0 ] && order="default 1"
    for step in fingerprint verify; do
      for parallel in $order; do
        flag=(); [ "$parallel" = default ] || flag=(--parallel "$parallel")
        out="$work/$step.$size.$round.$parallel"
        t0=$(now)
        dvdstore "$step" --engine postgres --connection "$conn" "${flag[@]}" >"$out" \
          || { echo "error: $step --parallel $parallel on $size failed:" >&2; cat "$out" >&2; exit 1; }
        s=$(secs "$t0" "$(now)")
        printf '%-6s %-5s %-11s %-8s %9s %8.3f %6s\n' "$size" "$round" "$step" "$parallel" "$s" "$(awk -v a="$s" -v b="$load_s" 'BEGIN { print a / b }')" "$(load1)" | tee -a "$work/table"
      done
    done
  done
  sql postgres "DROP DATABASE IF EXISTS $(db "$size") WITH (FORCE)"
done
awk 'NR > 1 && $3 == "load" { load[$1] = $5 }
  NR > 1 && $3 != "load" { k = $1 " " $3; t[k, $4] += $5; n[k, $4]++; keys[k] = $1 }
  END { for (k in keys) { one = t[k, "1"] / n[k, "1"]; def = t[k, "default"] / n[k, "default"]; s = keys[k];
    printf "mean %-18s one connection %7.1fs = %.3fx load, default %7.1fs = %.3fx load, default/one %.2fx\n", k, one, one / load[s], def, def / load[s], def / one } }' "$work/table" | sort
echo "load average at end: $(load_average)"
echo "default parallelism (last fingerprint): $(grep -h 'reading on' "$work"/fingerprint.*.default | tail -1)"
