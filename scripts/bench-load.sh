#!/usr/bin/env bash
# Loader speed and memory against PostgreSQL's own limit, measured in the same run on the same server:
#   ours: `dvdstore load` (parallel generation + binary COPY per table): its "load" step, its whole pipeline and
#         its peak resident memory (/usr/bin/time);
#   raw:  psql \copy of the same rows from pre-made CSV files (made by `dvdstore export-csv`, not timed) into the
#         same key-less tables, tables in parallel; run once before and once after ours and averaged, so a machine
#         that gets busier or quieter during the run does not favour either side.
# For each size it prints ours/raw (target <= 1.25 for the load step); with several sizes it also prints how time
# per row and peak memory grow from the first size to each other one (targets: time per row ~1x, i.e. linear;
# peak memory <= 1.1x). Not a test: run it by hand.
# usage: [SIZES="100MB 1GB"] [SEED=3] [THREADS=n] [PGPORT=55432] [PGHOST=127.0.0.1] [PGUSER=bench] scripts/bench-load.sh
#   SIZE=… is accepted for one size. Starts a throw-away PostgreSQL (scripts/db-up.sh) unless BENCH_PG_RUNNING=1
#   says one listens on PGPORT.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZES=${SIZES:-${SIZE:-1GB}}; SEED=${SEED:-3}; THREADS=${THREADS:-$(nproc)}
PGHOST=${PGHOST:-127.0.0.1}; PGPORT=${PGPORT:-55432}; PGUSER=${PGUSER:-bench}
export PGHOST PGPORT PGUSER

drop_databases() { psql -d postgres -qc "DROP DATABASE IF EXISTS bench_ours" -c "DROP DATABASE IF EXISTS bench_raw" >/dev/null 2>&1; }
. scripts/bench-common.sh
bench_begin load drop_databases
if [ "${BENCH_PG_RUNNING:-0}" != 1 ]; then bench_server pg; fi
bench_build

if ! dvdstore schema --engine postgres >"$work/ddl.sql" 2>"$work/ddl.err"; then
  echo "error: the PostgreSQL engine cannot render its DDL: $(head -1 "$work/ddl.err")" >&2
  exit 1
fi

copies=()
for f in cust/us_cust cust/row_cust; do copies+=("CUSTOMERS $f"); done
for m in jan feb mar apr may jun jul aug sep oct nov dec; do
  copies+=("ORDERS orders/${m}_orders" "ORDERLINES orders/${m}_orderlines" "CUST_HIST orders/${m}_cust_hist")
done
copies+=("PRODUCTS prod/prod" "INVENTORY prod/inv" "MEMBERSHIP membership/membership" "REVIEWS reviews/reviews"
  "REVIEWS_HELPFULNESS reviews/review_helpfulness")
copy_one() { psql -d bench_raw -q -v ON_ERROR_STOP=1 -c "\\copy $1 FROM '$work/data/$2.csv' WITH (FORMAT csv)"; }
export -f copy_one; export work

# Raw COPY into fresh key-less tables (only the Tables phase: the state ours bulk-loads into); prints seconds.
raw_copy() {
  psql -d postgres -qc "DROP DATABASE IF EXISTS bench_raw" -c "CREATE DATABASE bench_raw" >/dev/null
  awk '/^-- PostgreSQL: Keys/ { exit } { print }' "$work/ddl.sql" | psql -d bench_raw -q -v ON_ERROR_STOP=1 >/dev/null
  local t0 t1
  t0=$(now)
  printf '%s\n' "${copies[@]}" | xargs -P "$THREADS" -L 1 bash -c 'copy_one "$0" "$1"'
  t1=$(now)
  secs "$t0" "$t1"
}

summary="$work/summary"
for size in $SIZES; do
  echo "== $size: pre-made files (dvdstore export-csv --size $size --seed $SEED, not timed)"
  rm -rf "$work/data"
  dvdstore export-csv --size "$size" --seed "$SEED" --parallel-tables "$THREADS" --out "$work/data" >/dev/null
  data_mb=$(du -sm "$work/data" | cut -f1)

  echo "== $size: raw psql \\copy (before ours)"
  raw_before=$(raw_copy)

  echo "== $size: ours, dvdstore load --engine postgres --size $size --seed $SEED --parallel-tables $THREADS"
  psql -d postgres -qc "DROP DATABASE IF EXISTS bench_ours" -c "CREATE DATABASE bench_ours" >/dev/null
  t0=$(now)
  /usr/bin/time -f '%M' -o "$work/peak" dotnet "$dvdstore_dll" load --engine postgres \
    --size "$size" --seed "$SEED" --parallel-tables "$THREADS" \
    --connection "Host=$PGHOST;Port=$PGPORT;Username=$PGUSER;Database=bench_ours" >"$work/ours.txt"
  t1=$(now)
  ours_total=$(secs "$t0" "$t1")
  ours_load=$(awk '$1 == "load" && $2 ~ /s$/ { sub(/s$/, "", $2); print $2 }' "$work/ours.txt")
  peak_mb=$(awk '{ printf "%.0f", $1 / 1024 }' "$work/peak")
  grep -A12 '^steps:' "$work/ours.txt"

  echo "== $size: raw psql \\copy (after ours)"
  raw_after=$(raw_copy)

  rows=$(psql -d bench_ours -Atc "SELECT (SELECT COUNT(*) FROM CUSTOMERS) + (SELECT COUNT(*) FROM ORDERS) + (SELECT COUNT(*) FROM ORDERLINES)
    + (SELECT COUNT(*) FROM CUST_HIST) + (SELECT COUNT(*) FROM PRODUCTS) + (SELECT COUNT(*) FROM INVENTORY)
    + (SELECT COUNT(*) FROM MEMBERSHIP) + (SELECT COUNT(*) FROM REVIEWS) + (SELECT COUNT(*) FROM REVIEWS_HELPFULNESS)")
  rows_raw=$(psql -d bench_raw -Atc "SELECT (SELECT COUNT(*) FROM CUSTOMERS) + (SELECT COUNT(*) FROM ORDERS) + (SELECT COUNT(*) FROM ORDERLINES)
    + (SELECT COUNT(*) FROM CUST_HIST) + (SELECT COUNT(*) FROM PRODUCTS) + (SELECT COUNT(*) FROM INVENTORY)
    + (SELECT COUNT(*) FROM MEMBERSHIP) + (SELECT COUNT(*) FROM REVIEWS) + (SELECT COUNT(*) FROM REVIEWS_HELPFULNESS)")
  [ "$rows" = "$rows_raw" ] || { echo "error: row counts differ (ours $rows, raw $rows_raw)" >&2; exit 1; }

  echo "== result ($size, seed $SEED, $THREADS threads, $(nproc) cores, $rows rows)"
  echo "raw COPY (parallel x$THREADS), before / after ours:   ${raw_before}s / ${raw_after}s"
  echo "ours, load step:                                    ${ours_load}s"
  echo "ours, whole pipeline (keys, procedures, analyze):   ${ours_total}s"
  echo "ours, peak resident memory:                         ${peak_mb} MB"
  echo "the same rows as CSV:                               ${data_mb} MB"
  awk -v o="$ours_load" -v a="$raw_before" -v b="$raw_after" 'BEGIN { r = (a + b) / 2;
    printf "ratio load step / raw COPY: %.2fx (target <= 1.25x) %s\n", o / r, (o / r <= 1.25 ? "OK" : "OVER TARGET") }'
  raw_mean=$(awk -v a="$raw_before" -v b="$raw_after" 'BEGIN { printf "%.2f", (a + b) / 2 }')
  echo "$size $rows $data_mb $ours_load $ours_total $peak_mb $raw_mean" >>"$summary"
  psql -d postgres -qc "DROP DATABASE bench_ours" -c "DROP DATABASE bench_raw" >/dev/null
done

if [ "$(wc -l <"$summary")" -gt 1 ]; then
  # Rows differ in width between sizes (DS3's review tables do not grow with customers), so growth is per CSV byte,
  # beside raw COPY's own growth per byte on the same server: equal figures mean our load grows as the engine's does.
  echo "== growth against $(head -1 "$summary" | cut -d' ' -f1) (linear: time per byte 1.00x, as raw COPY's; memory target <= 1.10x)"
  awk 'NR == 1 { r = $2; d = $3; l = $4; t = $5; m = $6; w = $7; next }
    { printf "%s: %.1fx the rows, %.1fx the bytes; time per byte: load step %.2fx, whole pipeline %.2fx, raw COPY %.2fx; peak memory %.2fx %s\n",
        $1, $2 / r, $3 / d, ($4 / $3) / (l / d), ($5 / $3) / (t / d), ($7 / $3) / (w / d), $6 / m, ($6 / m <= 1.10 ? "OK" : "OVER TARGET") }' "$summary"
fi
