#!/usr/bin/env bash
# Reset's cost against the store's size (a benchmark, not a test). For each engine it loads a store at each size
# (timed), then for ROUNDS rounds, sizes alternated: runs the same fixed workload (`dvdstore run`, USERS users,
# RUN_SECONDS, think time 0) and times `dvdstore reset`. It prints per run the orders added, the reset time and
# reset / load, then per engine the mean reset time at each size over the first size's (targets: reset / load <= 0.05
# at 100MB, reset at 100MB <= 2x reset at 10MB), and the time of one whole-store `dvdstore fingerprint` per size,
# which reads every row and is therefore reported apart (reset checks only the ranges runs touched).
# usage: [ENGINES="postgres mariadb"] [SIZES="10MB 100MB"] [USERS=16] [RUN_SECONDS=600] [ROUNDS=2]
#        [PGPORT=55432] [MDBPORT=53306] scripts/bench-reset.sh
#   Starts throw-away PostgreSQL / MariaDB servers (scripts/db-up.sh) on those ports and stops them at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
ENGINES=${ENGINES:-postgres mariadb}; SIZES=${SIZES:-10MB 100MB}; USERS=${USERS:-16}
RUN_SECONDS=${RUN_SECONDS:-600}; ROUNDS=${ROUNDS:-2}
PGPORT=${PGPORT:-55432}; MDBPORT=${MDBPORT:-53306}
export PGPORT MDBPORT

. scripts/bench-common.sh
bench_begin reset
bench_build
db() { db_name bench_reset "$1"; } # size
connection() { bench_connection "$1" "$(db "$2")"; } # engine size
create_db() { # engine size
  case $1 in
    postgres) psql -h 127.0.0.1 -p "$PGPORT" -U bench -d postgres -qc "DROP DATABASE IF EXISTS $(db "$2") WITH (FORCE)" \
                -c "CREATE DATABASE $(db "$2")" >/dev/null ;;
    mariadb) mariadb --no-defaults --socket="$mdb_dir/mysqld.sock" -uroot \
               -e "DROP DATABASE IF EXISTS $(db "$2"); CREATE DATABASE $(db "$2")" ;;
  esac
}

echo "load average at start: $(load_average)"
printf '%-9s %-6s %-5s %10s %9s %9s %12s\n' engine size round orders load_s reset_s reset/load | tee "$work/table"
for engine in $ENGINES; do
  case $engine in
    postgres) bench_server pg ;;
    mariadb) bench_server mariadb ;;
    *) echo "error: unknown engine '$engine' in ENGINES; use postgres and/or mariadb" >&2; exit 2 ;;
  esac
  declare -A load_s=()
  for size in $SIZES; do
    create_db "$engine" "$size"
    t0=$(now)
    dvdstore load --engine "$engine" --connection "$(connection "$engine" "$size")" --size "$size" --seed 3 >"$work/load.$engine.$size"
    load_s[$size]=$(secs "$t0" "$(now)")
  done
  for round in $(seq 1 "$ROUNDS"); do
    for size in $SIZES; do
      conn=$(connection "$engine" "$size")
      out="$work/run.$engine.$size.$round"
      dvdstore run --engine "$engine" --connection "$conn" --size "$size" --users "$USERS" --warmup 0s \
        --duration "${RUN_SECONDS}s" --think-time 0 --out "$out" >"$out.txt" 2>&1 || true
      orders=$(jq -r '.totals.orders' "$out"/*.result.json 2>/dev/null || echo "?")
      t0=$(now)
      dvdstore reset --engine "$engine" --connection "$conn" >"$work/reset.$engine.$size.$round" \
        || { echo "error: reset of $engine $size failed:" >&2; cat "$work/reset.$engine.$size.$round" >&2; exit 1; }
      reset_s=$(secs "$t0" "$(now)")
      awk -v e="$engine" -v s="$size" -v r="$round" -v o="$orders" -v l="${load_s[$size]}" -v x="$reset_s" \
        'BEGIN { printf "%-9s %-6s %-5s %10s %9.1f %9.2f %12.4f\n", e, s, r, o, l, x, x / l }' | tee -a "$work/table"
    done
  done
  first=${SIZES%% *}
  for size in $SIZES; do
    t0=$(now)
    dvdstore fingerprint --engine "$engine" --connection "$(connection "$engine" "$size")" >/dev/null
    echo "$engine $size: whole-store fingerprint (reads every row, not part of reset) $(secs "$t0" "$(now)") s"
  done
  awk -v e="$engine" -v f="$first" '$1 == e { sum[$2] += $6; n[$2]++ }
    END { for (s in sum) if (s != f) printf "%s: mean reset at %s / at %s: %.2fx (target <= 2)\n", e, s, f, (sum[s] / n[s]) / (sum[f] / n[f]) }' "$work/table"
  unset load_s
done
echo "load average at end: $(load_average)"
echo "reset output of the last run:"; cat "$(ls -t "$work"/reset.* | head -1)"
