#!/usr/bin/env bash
# Loader speed against PostgreSQL's own limit, measured in the same run on the same server:
#   ours: `dvdstore load` (parallel generation + binary COPY per table), its "load" step and its whole pipeline;
#   raw:  psql \copy of the same rows from pre-made CSV files (made by `dvdstore export-csv`, not timed)
#         into the same tables, one table after another, then the same tables in parallel.
# Prints the ratios; the target is ours/raw <= 1.25 for the load step. Not a test: run it by hand.
# usage: [SIZE=1GB] [SEED=3] [THREADS=n] [PGPORT=55432] [PGHOST=127.0.0.1] [PGUSER=bench] scripts/bench-load.sh
#   Starts a throw-away PostgreSQL (scripts/db-up.sh) unless BENCH_PG_RUNNING=1 says one listens on PGPORT.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE=${SIZE:-1GB}; SEED=${SEED:-3}; THREADS=${THREADS:-$(nproc)}
PGHOST=${PGHOST:-127.0.0.1}; PGPORT=${PGPORT:-55432}; PGUSER=${PGUSER:-bench}
export PGHOST PGPORT PGUSER

pg_dir=""; work=$(mktemp -d /tmp/dvdstore-bench.XXXXXX)
cleanup() {
  rm -rf "$work"
  [ -n "$pg_dir" ] && scripts/db-down.sh pg "$pg_dir"
  return 0
}
trap cleanup EXIT INT TERM
if [ "${BENCH_PG_RUNNING:-0}" != 1 ]; then pg_dir=$(PGPORT=$PGPORT scripts/db-up.sh pg); fi

dotnet build src/Cli -c Release -v q -nologo >/dev/null
dvdstore() { dotnet src/Cli/bin/Release/net8.0/dvdstore.dll "$@"; }
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

if ! dvdstore schema --engine postgres >"$work/ddl.sql" 2>"$work/ddl.err"; then
  echo "error: the PostgreSQL engine cannot render its DDL (is it implemented on this branch?): $(head -1 "$work/ddl.err")" >&2
  exit 1
fi
psql -d postgres -qc "DROP DATABASE IF EXISTS bench_ours" -c "DROP DATABASE IF EXISTS bench_raw" \
  -c "CREATE DATABASE bench_ours" -c "CREATE DATABASE bench_raw" >/dev/null

echo "== pre-made files: dvdstore export-csv --size $SIZE --seed $SEED (not timed)"
dvdstore export-csv --size "$SIZE" --seed "$SEED" --threads "$THREADS" --out "$work/data" >/dev/null

echo "== ours: dvdstore load --engine postgres --size $SIZE --seed $SEED --threads $THREADS"
t0=$(now)
dvdstore load --engine postgres --size "$SIZE" --seed "$SEED" --threads "$THREADS" \
  --connection "Host=$PGHOST;Port=$PGPORT;Username=$PGUSER;Database=bench_ours" >"$work/ours.txt"
t1=$(now)
ours_total=$(secs "$t0" "$t1")
ours_load=$(awk '$1 == "load" && $2 ~ /s$/ { sub(/s$/, "", $2); print $2 }' "$work/ours.txt")
grep -A12 '^steps:' "$work/ours.txt"

echo "== raw: psql \\copy of the same rows into the same (key-less) tables"
# Only the Tables phase: the same state ours bulk-loads into. Categories are inserted by it on both sides.
awk '/^-- PostgreSQL: Keys/ { exit } { print }' "$work/ddl.sql" | psql -d bench_raw -q -v ON_ERROR_STOP=1 >/dev/null
copies=()
for f in cust/us_cust cust/row_cust; do copies+=("CUSTOMERS $f"); done
for m in jan feb mar apr may jun jul aug sep oct nov dec; do
  copies+=("ORDERS orders/${m}_orders" "ORDERLINES orders/${m}_orderlines" "CUST_HIST orders/${m}_cust_hist")
done
copies+=("PRODUCTS prod/prod" "INVENTORY prod/inv" "MEMBERSHIP membership/membership" "REVIEWS reviews/reviews"
  "REVIEWS_HELPFULNESS reviews/review_helpfulness")
copy_one() { psql -d bench_raw -q -v ON_ERROR_STOP=1 -c "\\copy $1 FROM '$work/data/$2.csv' WITH (FORMAT csv)"; }
export -f copy_one; export work
t0=$(now)
printf '%s\n' "${copies[@]}" | xargs -P "$THREADS" -L 1 bash -c 'copy_one "$0" "$1"'
t1=$(now)
raw_parallel=$(secs "$t0" "$t1")

rows_ours=$(psql -d bench_ours -Atc "SELECT (SELECT COUNT(*) FROM REVIEWS_HELPFULNESS) + (SELECT COUNT(*) FROM ORDERLINES)")
rows_raw=$(psql -d bench_raw -Atc "SELECT (SELECT COUNT(*) FROM REVIEWS_HELPFULNESS) + (SELECT COUNT(*) FROM ORDERLINES)")
[ "$rows_ours" = "$rows_raw" ] || { echo "error: row counts differ (ours $rows_ours, raw $rows_raw)" >&2; exit 1; }

echo "== result ($SIZE, seed $SEED, $THREADS threads, $(nproc) cores)"
echo "raw COPY of the pre-made files (parallel x$THREADS): ${raw_parallel}s"
echo "ours, load step:                                    ${ours_load}s"
echo "ours, whole pipeline (keys, procedures, analyze):   ${ours_total}s"
awk -v o="$ours_load" -v r="$raw_parallel" 'BEGIN { printf "ratio load step / raw COPY: %.2fx (target <= 1.25x) %s\n", o / r, (o / r <= 1.25 ? "OK" : "OVER TARGET") }'
