#!/usr/bin/env bash
# The loader against the engine's own raw bulk path, in one run on one server, alternated (A B, then B A, ...):
#   A (ours): `dvdstore load` of the store, whole (tables, streams, keys, procedures, statistics); its "load" step is
#             the tables step (every row streamed; keys of finished tables may already build beside it).
#   B (raw):  the same rows as text, from `dvdstore export-csv`'s files (made once, not timed), loaded by the engine's
#             own client into bare tables of our store's shape, then the same keys/indexes/FKs/trigger and ANALYZE:
#               postgres: pre-data of our store (pg_dump -s --section=pre-data), psql \copy (FORMAT csv), THREADS files
#                         at once; then pg_dump --section=post-data of our store through psql, then ANALYZE.
#               mysql:    our Tables DDL, `mariadb` LOAD DATA LOCAL INFILE, THREADS files at once; then our Keys DDL
#                         and ANALYZE TABLE.
#               sqlite:   our Tables DDL, sqlite3 .import (one writer); then our Keys DDL and ANALYZE.
# Prints per round and in all: tables step / raw copy (target <= 1.1x) and whole / (raw copy + post-data + ANALYZE)
# (target <= 0.8x), peak RSS of the loader, the load average (1-minute, read before each timed part: a busy machine
# makes the figures noisy), and with several sizes the peak RSS growth (target <= 1.1x). Not a test: run it by hand.
# PostgreSQL also: each part's CPU seconds, server (split by what its backends ran) and client apart, the tables step
# as the server saw it, server CPU per row of the COPY backends (ours binary, raw text), WAL bytes per part
# (scripts/pg-cpu-split.py); with PERF=1 a `perf record -g` of each part and the top symbols (self) of the COPY
# backends, ours and raw, and of the loader (PERF_TOP=n lines; perf's overhead makes that run's times not comparable).
# MariaDB also: CPU seconds of mariadbd (/proc/<pid>/stat, sampled every 0.5 s) in our tables step and whole load, in
# the raw copy and in the raw keys + ANALYZE, beside the loader's and the `mariadb` clients', and mariadbd's CPU per
# row while rows load (ours: the tables step; raw: the copy). The server's pid comes from the server this script
# started, or MDB_PID with BENCH_MDB_RUNNING=1.
# usage: [ENGINE=postgres|mysql|sqlite] [SIZES="100MB 1GB"] [ROUNDS=2] [SEED=3] [THREADS=n] scripts/bench-load.sh
#   Starts its own throw-away server (scripts/db-up.sh) on PGPORT (default 55544) or MDBPORT (default 53444), unless
#   BENCH_PG_RUNNING=1 / BENCH_MDB_RUNNING=1 says one listens there. PG_OPTS passes server settings to db-up.sh
#   (default: shared_buffers=2GB, effective_cache_size=16GB as for this 23 GB machine, max_wal_size=8GB).
#   BENCH_KEEP=<folder> keeps each of our loads' output there (its per-table key and foreign-key timings).
set -euo pipefail
cd "$(dirname "$0")/.."
ENGINE=${ENGINE:-postgres}; SIZES=${SIZES:-${SIZE:-1GB}}; ROUNDS=${ROUNDS:-2}; SEED=${SEED:-3}; THREADS=${THREADS:-$(nproc)}
PGHOST=127.0.0.1; PGPORT=${PGPORT:-55544}; PGUSER=bench; MDBPORT=${MDBPORT:-53444}
export PGHOST PGPORT PGUSER
export PG_OPTS=${PG_OPTS:-"-c shared_buffers=2GB -c effective_cache_size=16GB -c max_wal_size=8GB"}

drop_databases() {
  [ "$ENGINE" = postgres ] && psql -d postgres -qc "DROP DATABASE IF EXISTS bench_ours" -c "DROP DATABASE IF EXISTS bench_raw" >/dev/null 2>&1
}
. scripts/bench-common.sh
bench_begin load drop_databases
case "$ENGINE" in
postgres) [ "${BENCH_PG_RUNNING:-0}" = 1 ] || bench_server pg
  pg_data=$(psql -d postgres -Atc "SHOW data_directory") ;;
mysql) [ "${BENCH_MDB_RUNNING:-0}" = 1 ] || bench_server mariadb
  mdb_pid=${MDB_PID:-}; [ -z "$mdb_dir" ] || mdb_pid=$(cat "$mdb_dir/mariadbd.pid") ;;
sqlite) ;;
*) echo "error: ENGINE must be postgres, mysql or sqlite (got '$ENGINE')" >&2; exit 2 ;;
esac
bench_build
export PGOPTIONS="-c client_min_messages=warning" MYSQL_PWD=$DVDSTORE_PASSWORD
# JIT-compiled methods by name in perf (a perf map; W^X double mapping would hide the code from it)
if [ "${PERF:-0}" = 1 ]; then export DOTNET_PerfMapEnabled=1 DOTNET_EnableWriteXorExecute=0; fi
mdb() { mariadb --no-defaults -h 127.0.0.1 -P "$MDBPORT" -ubench --local-infile=1 "$@"; }

# Which file holds which table's rows (export-csv's layout, DS3's names).
copies=()
for f in cust/us_cust cust/row_cust; do copies+=("CUSTOMERS $f"); done
for m in jan feb mar apr may jun jul aug sep oct nov dec; do
  copies+=("ORDERS orders/${m}_orders" "ORDERLINES orders/${m}_orderlines" "CUST_HIST orders/${m}_cust_hist")
done
copies+=("PRODUCTS prod/prod" "INVENTORY prod/inv" "MEMBERSHIP membership/membership" "REVIEWS reviews/reviews"
  "REVIEWS_HELPFULNESS reviews/review_helpfulness")
copy_pg() { psql -d bench_raw -q -v ON_ERROR_STOP=1 -c "\\copy $1 FROM '$work/data/$2.csv' WITH (FORMAT csv)"; }
copy_mdb() { mdb bench_raw -e "LOAD DATA LOCAL INFILE '$work/data/$2.csv' INTO TABLE $1 FIELDS TERMINATED BY ','"; }
export -f copy_pg copy_mdb mdb; export work MDBPORT MYSQL_PWD

# The section of `dvdstore schema` output between "-- <Engine>: <from>" and the next section heading.
section() { awk -v from="$2" '/^-- [A-Za-z]+: [A-Za-z]+$/ { on = ($3 == from) } on' "$work/ddl.$1"; }

connection() { if [ "$ENGINE" = sqlite ]; then echo "Data Source=$work/ours.db"; else bench_connection "$ENGINE" bench_ours; fi; }

fresh() { # fresh <db>: an empty database (or file) named bench_ours / bench_raw
  case "$ENGINE" in
  postgres) psql -d postgres -qc "DROP DATABASE IF EXISTS $1" -c "CREATE DATABASE $1" >/dev/null ;;
  mysql) mdb -e "DROP DATABASE IF EXISTS $1; CREATE DATABASE $1" ;;
  sqlite) rm -f "$work/${1#bench_}.db"* ;;
  esac
}

# cpu_start PART CLIENT_PATTERN / cpu_stop: around one timed part (PostgreSQL only), the server's CPU split by what its
# backends ran, the client's, and WAL bytes (scripts/pg-cpu-split.py, into $work/cpu-PART); with PERF=1 also a
# system-wide `perf record -g` into $work/perf-PART.data. Both start before the part's clock and stop after it.
cpu_start() {
  [ "$ENGINE" = postgres ] || return 0
  rm -f "$work/cpu-$1" "$work/cpu-$1.ready"
  python3 scripts/pg-cpu-split.py "$pg_data" "$2" "$work/cpu-$1" >/dev/null & sampler=$!
  if [ "${PERF:-0}" = 1 ]; then perf record -a -g -k CLOCK_MONOTONIC -F 499 -o "$work/perf-$1.data" >/dev/null 2>&1 & perf_pid=$!; sleep 1; fi
  while [ ! -e "$work/cpu-$1.ready" ]; do sleep 0.05; done
}
cpu_stop() {
  [ "$ENGINE" = postgres ] || return 0
  kill -TERM "$sampler" && wait "$sampler"
  if [ "${PERF:-0}" = 1 ]; then kill -INT "$perf_pid" && wait "$perf_pid" || true; fi
}
# mdb_cpu: mariadbd's CPU seconds so far (user+system, all threads); mdb_sampler FILE: "time cpu" every 0.5 s into FILE.
mdb_cpu() { if [ -n "${mdb_pid:-}" ]; then awk -v t="$(getconf CLK_TCK)" '{ printf "%.2f", ($14 + $15) / t }' "/proc/$mdb_pid/stat"; else echo 0; fi; }
mdb_sampler() { while :; do echo "$(now) $(mdb_cpu)"; sleep 0.5; done >"$1"; }
cpu() { sed -n "s/.* $2=\([^ ]*\).*/\1/p" <<<" $(cat "$work/cpu-$1")"; } # cpu PART KEY: one figure of a part

ours() { # prints: tables-step whole peak-MB
  fresh bench_ours
  local t0 t1
  cpu_start ours "Port=$PGPORT;" # the loader's command line names our server's port
  if [ "$ENGINE" = mysql ]; then mdb_sampler "$work/mdb-ours" >/dev/null & mdb_sampling=$!; fi
  t0=$(now)
  /usr/bin/time -f '%M %U %S' -o "$work/peak" dotnet "$dvdstore_dll" load --engine "$ENGINE" \
    --size "$size" --seed "$SEED" --parallel-tables "$THREADS" --connection "$(connection)" >"$work/ours.txt"
  t1=$(now)
  cpu_stop
  if [ "$ENGINE" = mysql ]; then
    kill "$mdb_sampling"; wait "$mdb_sampling" 2>/dev/null || true
    # mariadbd's CPU from the start to the end of the tables step (its "tables" and "load" steps), and to the end
    awk -v t0="$t0" -v s="$(awk '($1 == "tables" || $1 == "load") && $2 ~ /s$/ { sub(/s$/, "", $2); t += $2 } END { print t }' "$work/ours.txt")" \
      'NR == 1 { c0 = $2 } $1 <= t0 + s + 0.25 { ct = $2 } { c = $2 } END { print ct - c0, c - c0 }' "$work/mdb-ours" >"$work/server-ours"
  fi
  if [ -n "${BENCH_KEEP:-}" ]; then mkdir -p "$BENCH_KEEP" && cp "$work/ours.txt" "$BENCH_KEEP/ours-$ENGINE-$size-$round.txt"; fi
  echo "$(awk '$1 == "load" && $2 ~ /s$/ { sub(/s$/, "", $2); print $2 }' "$work/ours.txt") $(secs "$t0" "$t1") $(awk '{ printf "%.0f", $1 / 1024 }' "$work/peak")"
  awk '{ print $2 + $3 }' "$work/peak" >"$work/client-ours"
}

raw() { # prints: raw-copy post-data+analyze
  fresh bench_raw
  local t0 t1 t2
  case "$ENGINE" in
  postgres)
    psql -d bench_raw -q -v ON_ERROR_STOP=1 -f "$work/pre.sql" >/dev/null
    cpu_start raw "psql -d bench_raw"
    t0=$(now)
    printf '%s\n' "${copies[@]}" | /usr/bin/time -f '%U %S' -o "$work/client-raw" xargs -P "$THREADS" -L 1 bash -c 'copy_pg "$0" "$1"'
    t1=$(now)
    cpu_stop
    local copied; copied=$(secs "$t0" "$t1")
    awk '{ print $1 + $2 }' "$work/client-raw" >"$work/client-raw.s"
    cpu_start post "psql -d bench_raw"
    t1=$(now)
    psql -d bench_raw -q -v ON_ERROR_STOP=1 -f "$work/post.sql" -c ANALYZE >/dev/null
    t2=$(now)
    cpu_stop
    echo "$copied $(secs "$t1" "$t2")"
    return ;;
  mysql)
    section mysql Tables | mdb bench_raw
    local c0 c1
    c0=$(mdb_cpu); t0=$(now)
    printf '%s\n' "${copies[@]}" | /usr/bin/time -f '%U %S' -o "$work/client-raw" xargs -P "$THREADS" -L 1 bash -c 'copy_mdb "$0" "$1"'
    t1=$(now); c1=$(mdb_cpu)
    { section mysql Keys; echo "ANALYZE TABLE $(IFS=,; echo "${tables[*]}");"; } | mdb bench_raw >/dev/null
    echo "$(awk -v a="$c0" -v b="$c1" 'BEGIN { print b - a }') $(awk -v a="$c1" -v b="$(mdb_cpu)" 'BEGIN { print b - a }') $(awk '{ print $1 + $2 }' "$work/client-raw")" >"$work/server-raw" ;;
  sqlite)
    section sqlite Tables | sqlite3 "$work/raw.db"
    t0=$(now)
    { echo ".mode csv"; for c in "${copies[@]}"; do set -- $c; echo ".import '$work/data/$2.csv' $1"; done; } | sqlite3 "$work/raw.db"
    t1=$(now)
    { section sqlite Keys; echo "ANALYZE;"; } | sqlite3 "$work/raw.db" ;;
  esac
  t2=$(now)
  echo "$(secs "$t0" "$t1") $(secs "$t1" "$t2")"
}

# The CPU split of the round just run (PostgreSQL): CPU seconds (user+system) of the server, by what its backends ran,
# and of the clients; the tables step as the server saw it (from the first to the last sample with a COPY running);
# server CPU per row of the COPY backends, ours (binary COPY, rows made as they go) against raw (text COPY of files).
cpu_report() {
  local f
  f=$(for part in ours raw post; do for k in server copy index alter stats other window server_w client_w busy_w wal wal_w; do
    echo "$(cpu "$part" "$k")"; done; done | tr '\n' ' ')
  echo "$f $(cat "$work/client-ours") $(cat "$work/client-raw.s") $rows $(nproc)" >>"$cpus"
  tail -1 "$cpus" | cpu_lines "$size round $round"
  if [ "${PERF:-0}" = 1 ]; then
    for part in "ours copy" "raw copy" "ours index,alter,stats" "post index,alter,stats"; do
      set -- $part
      echo "  perf, $1, server backends while in $2, top functions (self):"
      perf script -F pid,time,ip,sym,dso -G -i "$work/perf-$1.data" 2>/dev/null |
        python3 scripts/perf-by-activity.py "$work/cpu-$1.timeline" "$2" "${PERF_TOP:-12}" | sed 's/^/    /'
    done
    echo "  perf, ours, loader (dotnet), top functions (self):"; perf_top ours "$(cpu ours client_pids)"
  fi
}
# cpu_lines LABEL < fields of cpu_report (one line, or several summed)
cpu_lines() {
  awk -v l="$1" '{ for (i = 1; i <= NF; i++) v[i] += $i; n = NF } END {
    # parts: ours 1-12, raw 13-24, post 25-36 (server copy index alter stats other window server_w client_w busy_w wal wal_w)
    ocl = v[37]; rcl = v[38]; rows = v[39]; cores = v[40] / NR; mb = 1048576
    printf "  %s CPU s: ours whole: server %.1f (COPY %.1f, index builds %.1f, ALTER TABLE %.1f, VACUUM/ANALYZE %.1f, other %.1f), loader %.1f | raw copy: server %.1f, psql %.1f | raw post-data+ANALYZE: server %.1f\n",
      l, v[1], v[2], v[3], v[4], v[5], v[6], ocl, v[13], rcl, v[25]
    printf "  %s tables step as the server saw it (%.1f s with a COPY running): server %.1f, loader %.1f, machine busy %.0f%% of %d cores | raw copy (%.1f s): server %.1f, machine busy %.0f%%\n",
      l, v[7], v[8], v[9], 100 * v[10] / (cores * v[7] + 1e-9), cores, v[19], v[20], 100 * v[22] / (cores * v[19] + 1e-9)
    printf "  %s server CPU per row in COPY backends: ours %.2f us, raw %.2f us (ours/raw %.2fx); rows per server-CPU-second in the COPY window: ours %.0f, raw %.0f; WAL MB: ours tables step %.0f, whole %.0f | raw copy %.0f, post-data+ANALYZE %.0f\n",
      l, 1e6 * v[2] / rows, 1e6 * v[14] / rows, v[2] / (v[14] + 1e-9), rows / (v[8] + 1e-9), rows / (v[20] + 1e-9), v[12] / mb, v[11] / mb, v[23] / mb, v[35] / mb }'
}
# mdb_cpu_line LABEL < lines of: ours-server-tables ours-server-whole loader raw-server-copy raw-server-keys mariadb-clients rows
mdb_cpu_line() {
  awk -v l="$1" '{ for (i = 1; i <= NF; i++) v[i] += $i } END {
    printf "  %s CPU s: ours: mariadbd %.1f in the tables step, %.1f whole; loader %.1f | raw: mariadbd %.1f in the copy, %.1f in keys+ANALYZE; mariadb clients %.1f | mariadbd CPU per row loading: ours %.2f us, raw %.2f us (ours/raw %.2fx)\n",
      l, v[1], v[2], v[3], v[4], v[5], v[6], 1e6 * v[1] / v[7], 1e6 * v[4] / v[7], v[1] / (v[4] + 1e-9) }'
}
# perf_top PART PIDS: the symbols PIDS spent most samples in during PART (self time, all threads)
perf_top() {
  [ "$2" != - ] || return 0
  { perf report -i "$work/perf-$1.data" --no-children --sort dso,symbol --pid "$2" --percentage relative --stdio -g none 2>/dev/null || true; } |
    awk '!/^#/ && NF && n++ < '"${PERF_TOP:-12}"' { $1 = $1; print "    " $0 }'
}

tables=(CUSTOMERS ORDERS ORDERLINES CUST_HIST PRODUCTS INVENTORY MEMBERSHIP REVIEWS REVIEWS_HELPFULNESS)
count_rows() { # count_rows <db>
  local sql="SELECT $(printf '(SELECT COUNT(*) FROM %s) + ' "${tables[@]}") 0"
  case "$ENGINE" in
  postgres) psql -d "$1" -Atc "$sql" ;;
  mysql) mdb -N "$1" -e "$sql" ;;
  sqlite) sqlite3 "$work/${1#bench_}.db" "$sql" ;;
  esac
}

for e in "$ENGINE"; do dvdstore schema --engine "$e" >"$work/ddl.$e"; done
summary="$work/summary"
echo "== $ENGINE, $(nproc) cores, threads $THREADS, seed $SEED, rounds $ROUNDS, alternated; $(date -u +%FT%TZ)"
for size in $SIZES; do
  rm -rf "$work/data"
  dvdstore export-csv --size "$size" --seed "$SEED" --parallel-tables "$THREADS" --out "$work/data" >/dev/null
  rounds="$work/rounds-$size"; : >"$rounds"; cpus="$work/cpus-$size"; : >"$cpus"
  for round in $(seq 1 "$ROUNDS"); do
    order=$([ $((round % 2)) = 1 ] && echo "ours raw" || echo "raw ours")
    for side in $order; do
      la=$(load1)
      if [ "$side" = ours ]; then
        res=$(ours); read -r o_tables o_whole o_peak <<<"$res"
        o_la=$la
        if [ "$ENGINE" = postgres ] && [ ! -s "$work/post.sql" ]; then
          pg_dump -d bench_ours -s --section=pre-data >"$work/pre.sql"
          pg_dump -d bench_ours -s --section=post-data >"$work/post.sql"
        fi
      else
        res=$(raw); read -r r_copy r_post <<<"$res"
        r_la=$la
      fi
    done
    rows=$(count_rows bench_ours); rows_raw=$(count_rows bench_raw)
    [ "$rows" = "$rows_raw" ] || { echo "error: row counts differ (ours $rows, raw $rows_raw)" >&2; exit 1; }
    echo "$o_tables $o_whole $o_peak $r_copy $r_post $o_la $r_la" >>"$rounds"
    awk -v s="$size" -v r="$round" -v o="$order" '{ printf "%s round %d (%s): ours tables %.1fs whole %.1fs peak %d MB (load avg %.1f) | raw copy %.1fs + post-data+ANALYZE %.1fs (load avg %.1f) | tables/raw copy %.2fx, whole/raw all %.2fx\n",
      s, r, o, $1, $2, $3, $6, $4, $5, $7, $1 / $4, $2 / ($4 + $5) }' <(tail -1 "$rounds")
    if [ "$ENGINE" = postgres ]; then cpu_report; fi
    if [ "$ENGINE" = mysql ]; then
      echo "$(cat "$work/server-ours") $(cat "$work/client-ours") $(cat "$work/server-raw") $rows" >>"$cpus"
      tail -1 "$cpus" | mdb_cpu_line "$size round $round"
    fi
  done
  if [ "$ENGINE" = postgres ]; then cpu_lines "$size, $ROUNDS rounds summed," <"$cpus"; fi
  if [ "$ENGINE" = mysql ]; then mdb_cpu_line "$size, $ROUNDS rounds summed," <"$cpus"; fi
  awk -v s="$size" -v rows="$rows" -v mb="$(du -sm "$work/data" | cut -f1)" -v e="$ENGINE" '
    { ot += $1; ow += $2; if ($3 > op) op = $3; rc += $4; rp += $5; la += $6 + $7; n++ }
    END { printf "== %s %s (%d rows, %d MB as CSV), sums of %d rounds: tables step / raw copy %.2fx (target <= 1.10x) %s; whole / (raw copy + post-data + ANALYZE) %.2fx (target <= 0.80x) %s; peak RSS %d MB; mean load avg %.1f\n",
        e, s, rows, mb, n, ot / rc, (ot / rc <= 1.10 ? "OK" : "OVER"), ow / (rc + rp), (ow / (rc + rp) <= 0.80 ? "OK" : "OVER"), op, la / (2 * n)
      print s, op >> "'"$summary"'" }' "$rounds"
done

if [ "$(wc -l <"$summary")" -gt 1 ]; then
  awk 'NR == 1 { s = $1; m = $2; next } { printf "peak RSS %s / %s: %.2fx (target <= 1.10x) %s\n", $1, s, $2 / m, ($2 / m <= 1.10 ? "OK" : "OVER") }' "$summary"
fi
