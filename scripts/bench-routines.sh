#!/usr/bin/env bash
# Cost per call of every read routine at two store sizes on each local engine (a benchmark, not a test; issue 20):
# loads one store per engine and size (seed 3), then times CALLS calls per routine on each store with the same
# driver-like arguments (benchmarks/RoutineCost), ROUNDS rounds, stores alternated, and prints per routine and engine
# the ms per call at each size, the rows per call, and the ratio of the larger size to the smaller with the load
# average (the machine is shared: read ratios, not absolute figures). A routine whose cost grows more than its rows
# do does more work on a bigger store than its result needs.
#   KEEP_STORES=1 reuses stores already loaded by an earlier run (databases <STORE_PREFIX><size>, e.g.
#   routine_cost_100MB, SQLite files of that name in STORE_DIR) instead of loading them again: 100MB takes minutes.
# usage: [SIZES="10MB 100MB"] [CALLS=40] [ROUNDS=2] [ENGINES="postgres mysql sqlite"] [PGPORT=55432] [MDBPORT=53306]
#        [BENCH_SERVERS_RUNNING=1] [KEEP_STORES=1] [STORE_PREFIX=routine_cost_] [STORE_DIR=/tmp/dvdstore-routine-cost] scripts/bench-routines.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SIZES=${SIZES:-10MB 100MB}; CALLS=${CALLS:-40}; ROUNDS=${ROUNDS:-2}
ENGINES=${ENGINES:-postgres mysql sqlite}; PGPORT=${PGPORT:-55432}; MDBPORT=${MDBPORT:-53306}
STORE_DIR=${STORE_DIR:-/tmp/dvdstore-routine-cost}
for n in "$CALLS" "$ROUNDS"; do
  [[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "error: CALLS and ROUNDS must be positive integers (got '$n'); set them as numbers" >&2; exit 2; }
done
[ "$(echo "$SIZES" | wc -w)" -eq 2 ] || { echo "error: SIZES must name two sizes, smaller first (got '$SIZES'), e.g. SIZES=\"10MB 100MB\"" >&2; exit 2; }

. scripts/bench-common.sh
bench_begin routines
if [ "${BENCH_SERVERS_RUNNING:-0}" != 1 ]; then
  case " $ENGINES " in *" postgres "*) bench_server pg ;; esac
  case " $ENGINES " in *" mysql "*) bench_server mariadb ;; esac
fi
mkdir -p "$STORE_DIR"
bench_build
dotnet build benchmarks/RoutineCost -c Release -v q -nologo >/dev/null
db() { echo "${STORE_PREFIX:-routine_cost_}$1"; }  # quoted in PostgreSQL: the name keeps its case everywhere
connection() { # engine size
  case "$1" in
  sqlite) echo "Data Source=$STORE_DIR/$(db "$2").db" ;;
  *) bench_connection "$1" "$(db "$2")" ;;
  esac
}
create_database() { # engine size
  case "$1" in
  postgres) psql -h 127.0.0.1 -p "$PGPORT" -U bench -d postgres -qc "DROP DATABASE IF EXISTS \"$(db "$2")\" WITH (FORCE)" -c "CREATE DATABASE \"$(db "$2")\"" >/dev/null ;;
  mysql) MYSQL_PWD=$DVDSTORE_PASSWORD mariadb -h 127.0.0.1 -P "$MDBPORT" -u bench -e "DROP DATABASE IF EXISTS $(db "$2"); CREATE DATABASE $(db "$2")" ;;
  sqlite) rm -f "$STORE_DIR/$(db "$2").db" ;;
  esac
}

targets=()
for engine in $ENGINES; do
  for size in $SIZES; do
    if [ "${KEEP_STORES:-0}" != 1 ]; then
      create_database "$engine" "$size"
      start=$(now)
      dvdstore load --engine "$engine" --connection "$(connection "$engine" "$size")" --size "$size" --seed 3 >"$work/load.$engine.$size.txt"
      echo "== $engine $size loaded in $(secs "$start" "$(now)") s"
    fi
    targets+=("$engine/$size" "$engine" "$(connection "$engine" "$size")")
  done
done

echo "== $CALLS calls per routine, $ROUNDS rounds, stores alternated; load average at the start: $(load_average) on $(nproc) CPUs"
dotnet benchmarks/RoutineCost/bin/Release/net8.0/DvdStore.Benchmarks.RoutineCost.dll "$CALLS" "$ROUNDS" "${targets[@]}" | tee "$work/table" >/dev/null
read -r small large <<<"$SIZES"
printf '| routine | engine | ms/call %s | ms/call %s | %s/%s | rows/call %s → %s |\n|---|---|---|---|---|---|\n' "$small" "$large" "$large" "$small" "$small" "$large"
awk -F'\t' -v small="$small" -v large="$large" '
  { split($2, es, "/"); key = $3 "\t" es[1]; ms[key, es[2]] += $4; rows[key, es[2]] += $5; n[key, es[2]]++
    if (!(key in seen)) { seen[key] = 1; order[++count] = key }
    load = load (load == "" ? "" : " ") $6 }
  END {
    for (i = 1; i <= count; i++) {
      key = order[i]; split(key, re, "\t")
      a = ms[key, small] / n[key, small]; b = ms[key, large] / n[key, large]
      printf "| %s | %s | %.2f | %.2f | %.2fx | %.1f → %.1f |\n", re[1], re[2], a, b, (a > 0 ? b / a : 0),
        rows[key, small] / n[key, small], rows[key, large] / n[key, large]
    }
    n_load = split(load, l, " "); lo = l[1]; hi = l[1]
    for (i = 2; i <= n_load; i++) { if (l[i] + 0 < lo + 0) lo = l[i]; if (l[i] + 0 > hi + 0) hi = l[i] }
    printf "load average (1 min) during the run: %s–%s\n", lo, hi
  }' "$work/table"
echo "load average at the end: $(load_average) on $(nproc) CPUs (other work shares this machine)"
