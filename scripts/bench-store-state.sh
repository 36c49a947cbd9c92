#!/usr/bin/env bash
# The cost of the as-loaded check every run makes before its users start (issue 27), against the store's size (a
# benchmark, not a test). For each engine it loads a store at each size, then for ROUNDS rounds, sizes alternated:
# `dvdstore run --reset` (the check on a store as loaded, after a reset) and `dvdstore run --allow-used-store` (the check
# on the store that run left: ids above the load), each USERS users for RUN_SECONDS. It prints the check's time as the
# run reports it ("store: ... (read in X ms)"), then per engine the mean at each size over the first size's (target:
# about 1x — the check probes keys, so it must cost the same at any size; on a used store it follows the rows runs added).
# usage: [ENGINES="postgres sqlite"] [SIZES="10MB 100MB"] [USERS=4] [RUN_SECONDS=5] [ROUNDS=2]
#        [PGPORT=55432] [MDBPORT=53306] scripts/bench-store-state.sh
#   Starts a throw-away PostgreSQL (MariaDB: ENGINES=mariadb) server (scripts/db-up.sh) and stops it at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
ENGINES=${ENGINES:-postgres sqlite}; SIZES=${SIZES:-10MB 100MB}; USERS=${USERS:-4}
RUN_SECONDS=${RUN_SECONDS:-5}; ROUNDS=${ROUNDS:-2}
PGPORT=${PGPORT:-55432}; MDBPORT=${MDBPORT:-53306}
export PGPORT MDBPORT

. scripts/bench-common.sh
bench_begin store-state
bench_build
db() { db_name bench_state "$1"; } # size
connection() { # engine size
  case $1 in
    sqlite) echo "Data Source=$work/$(db "$2").db" ;;
    *) bench_connection "$1" "$(db "$2")" ;;
  esac
}
create_db() { # engine size
  case $1 in
    postgres) psql -h 127.0.0.1 -p "$PGPORT" -U bench -d postgres -qc "DROP DATABASE IF EXISTS $(db "$2") WITH (FORCE)" \
                -c "CREATE DATABASE $(db "$2")" >/dev/null ;;
    mariadb) mariadb --no-defaults --socket="$mdb_dir/mysqld.sock" -uroot \
               -e "DROP DATABASE IF EXISTS $(db "$2"); CREATE DATABASE $(db "$2")" ;;
    sqlite) rm -f "$work/$(db "$2").db" ;;
  esac
}
# check_ms FILE: the check's time a run printed.
check_ms() { sed -n 's/^store: .*(read in \([0-9.]*\) ms)$/\1/p' "$1" | head -1; }

echo "load average at start: $(load_average)"
printf '%-9s %-6s %-5s %-10s %10s %9s\n' engine size round store orders_left check_ms | tee "$work/table"
for engine in $ENGINES; do
  case $engine in
    postgres) bench_server pg ;;
    mariadb) bench_server mariadb ;;
    sqlite) ;;
    *) echo "error: unknown engine '$engine' in ENGINES; use postgres, mariadb and/or sqlite" >&2; exit 2 ;;
  esac
  for size in $SIZES; do
    create_db "$engine" "$size"
    dvdstore load --engine "$engine" --connection "$(connection "$engine" "$size")" --size "$size" --seed 3 >"$work/load.$engine.$size"
  done
  for round in $(seq 1 "$ROUNDS"); do
    for size in $SIZES; do
      conn=$(connection "$engine" "$size")
      for mode in reset allow-used-store; do
        out="$work/run.$engine.$size.$round.$mode"
        dvdstore run --engine "$engine" --connection "$conn" --users "$USERS" --warmup 0s --duration "${RUN_SECONDS}s" \
          --think-time 0 --out "$out" "--$mode" >"$out.txt" 2>&1 \
          || { echo "error: run ($mode) on $engine $size failed:" >&2; tail -5 "$out.txt" >&2; exit 1; }
        left=$(jq -r '.context.servers[0].storeAtStart.orders' "$out"/*.result.json)
        store=$([ "$mode" = reset ] && echo as-loaded || echo used)
        printf '%-9s %-6s %-5s %-10s %10s %9s\n' "$engine" "$size" "$round" "$store" "$left" "$(check_ms "$out.txt")" | tee -a "$work/table"
      done
    done
  done
  first=${SIZES%% *}
  awk -v e="$engine" -v f="$first" '$1 == e { sum[$2 " " $4] += $6; n[$2 " " $4]++ }
    END { for (k in sum) { split(k, p, " "); if (p[1] != f) printf "%s %s store: mean check at %s / at %s: %.2fx (%.1f ms / %.1f ms)\n", e, p[2], p[1], f,
          (sum[k] / n[k]) / (sum[f " " p[2]] / n[f " " p[2]]), sum[k] / n[k], sum[f " " p[2]] / n[f " " p[2]] } }' "$work/table"
done
echo "load average at end: $(load_average)"
