#!/usr/bin/env bash
# The figures at real sizes (issue 28 item 6; a benchmark, not a test): for one engine and each size given, on a
# throw-away server, it loads the store and times every later store-wide step against that load, in one run:
#   load          `dvdstore load` whole: each of its steps' times as the loader prints them ("step X done in Ns"),
#                 the tables' rows/s as each finished, each index / key / foreign key build's time, the loader's
#                 peak RSS and CPU (/usr/bin/time -v), then the disk used (the server's own size of the database,
#                 du of its folder and of the whole data directory);
#   fingerprint   `dvdstore fingerprint` (default --parallel: the server's CPUs capped by its free connections);
#   verify        `dvdstore verify` (same default);
#   adopt         the store made to look DS3-built (our bookkeeping tables dropped, and on PostgreSQL the two
#                 indexes DS3 lacks, as scripts/bench-adopt.sh), then the `dvdstore reset` that adopts it;
#   run + reset   USERS users for RUN_SECONDS (think time 0), then the timed `dvdstore reset`;
#   reset --full-fingerprint  the reset that also reads every row for the fingerprint;
#   and with PARALLEL_SWEEP="1 2" also `fingerprint --parallel 1` and `--parallel 2` (where the reads' time goes).
# Each step: seconds, ÷ the load's seconds, the client's CPU seconds (user+system of the dvdstore process) and the
# server's (PostgreSQL: postmaster and every backend, exited ones included, scripts/pg-cpu-split.py; MariaDB:
# mariadbd from /proc), and the 1-minute load average before it. The machine may be shared: the load average at
# start and end is printed, and figures from a busy machine must say so.
# Output: markdown tables fit to paste (stdout; OUT=file also writes them there), the raw outputs in KEEP (default
# /tmp/bench-scale-<engine>-<size>.d, kept: the loader's step lines are the per-table and per-index rates);
# REPORT_ONLY=1 prints the tables again from KEEP without measuring.
# usage: [PGPORT=55432] [MDBPORT=53306] [USERS=4] [RUN_SECONDS=30] [PARALLEL_SWEEP="1 2"] [KEEP=dir] [OUT=file]
#          scripts/bench-scale.sh pg|mariadb SIZE...        e.g. scripts/bench-scale.sh pg 1GB 10GB
#   Starts its own server (scripts/db-up.sh; PostgreSQL with PG_OPTS, default shared_buffers=2GB,
#   effective_cache_size=16GB, max_wal_size=8GB; MariaDB with MDB_BUFFER_POOL, default 2G, and MDB_OPTS, default
#   --innodb-autoinc-lock-mode=2: interleaved auto-increment, so parallel LOAD DATA streams into one table do not
#   queue on its table-level AUTO-INC lock, as a real-size load should be run) and drops each store after
#   its size is measured (a 10GB PostgreSQL store takes ~22 GB: check df -h first).
set -euo pipefail
cd "$(dirname "$0")/.."
usage() { echo "usage: scripts/bench-scale.sh pg|mariadb SIZE... (e.g. pg 1GB 10GB)" >&2; exit 2; }
[ $# -ge 2 ] || usage
case $1 in
  pg | postgres) engine=postgres; server=pg ;;
  mariadb | mysql) engine=mariadb; server=mariadb ;;
  *) usage ;;
esac
shift
sizes=("$@")
USERS=${USERS:-4}; RUN_SECONDS=${RUN_SECONDS:-30}; PARALLEL_SWEEP=${PARALLEL_SWEEP:-}
PGPORT=${PGPORT:-55432}; MDBPORT=${MDBPORT:-53306}
PGHOST=127.0.0.1; PGUSER=bench
export PGPORT MDBPORT PGHOST PGUSER
export PG_OPTS=${PG_OPTS:-"-c shared_buffers=2GB -c effective_cache_size=16GB -c max_wal_size=8GB"}
export PGOPTIONS="-c client_min_messages=warning"
export MDB_OPTS=${MDB_OPTS:-"--innodb-autoinc-lock-mode=2"}

. scripts/bench-common.sh
drop_store() { [ -n "${db:-}" ] && sql_admin "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1; return 0; }
if [ "${REPORT_ONLY:-0}" = 1 ]; then :
else
bench_begin scale drop_store
bench_build
bench_server "$server"
fi
if [ "${REPORT_ONLY:-0}" = 1 ]; then :
elif [ "$engine" = mariadb ]; then
  mdb_root() { mariadb --no-defaults --socket="$mdb_dir/mysqld.sock" -uroot "$@"; }
  # db-up.sh's 256M buffer pool is for tests; a real-size load wants a real one (set while running, MariaDB 10.2+).
  mdb_root -e "SET GLOBAL innodb_buffer_pool_size = $(numfmt --from=iec "${MDB_BUFFER_POOL:-2G}")"
  mdb_pid=$(cat "$mdb_dir/mariadbd.pid")
  mdb_server_settings="innodb_autoinc_lock_mode=$(mdb_root -Nse 'SELECT @@innodb_autoinc_lock_mode'), innodb_buffer_pool_size=$(mdb_root -Nse 'SELECT @@innodb_buffer_pool_size' | numfmt --to=iec)"
  echo "MariaDB started with MDB_OPTS=\"$MDB_OPTS\": $mdb_server_settings" >&2
  data_dir="$mdb_dir/data"
else
  data_dir="$pg_dir/data"
fi
sql_admin() { # SQL as the admin, on the server's admin database
  if [ "$engine" = postgres ]; then psql -d postgres -Atqc "$1"; else mdb_root -Nse "$1"; fi
}
sql_store() { # SQL on the store's database
  if [ "$engine" = postgres ]; then psql -d "$db" -Atqc "$1"; else mdb_root -D "$db" -Nse "$1"; fi
}

# Server CPU seconds around one step: cpu_begin NAME; ...; cpu_end NAME sets server_cpu (called in this shell, not in
# $(...): only this shell can wait for the sampler).
cpu_begin() {
  if [ "$engine" = postgres ]; then
    rm -f "$keep/cpu-$1" "$keep/cpu-$1.ready"
    python3 scripts/pg-cpu-split.py "$data_dir" "dvdstore.dll" "$keep/cpu-$1" >"$keep/cpu-$1.log" 2>&1 & sampler=$!
    while [ ! -e "$keep/cpu-$1.ready" ]; do sleep 0.05; done
  else
    awk -v t="$(getconf CLK_TCK)" '{ printf "%.2f", ($14 + $15) / t }' "/proc/$mdb_pid/stat" >"$work/cpu-$1"
  fi
}
cpu_end() {
  if [ "$engine" = postgres ]; then
    kill -TERM "$sampler" && wait "$sampler" || true
    server_cpu=$(sed -n 's/.*\bserver=\([^ ]*\).*/\1/p' "$keep/cpu-$1" 2>/dev/null || true)
  else
    server_cpu=$(awk -v t="$(getconf CLK_TCK)" -v c0="$(cat "$work/cpu-$1")" '{ printf "%.1f", ($14 + $15) / t - c0 }' "/proc/$mdb_pid/stat")
  fi
}

# timed NAME CMD...: runs CMD (a dvdstore verb) under /usr/bin/time into $keep/NAME.txt and appends one row
# (name seconds client-cpu server-cpu peak-MB load1) to $keep/steps.
timed() {
  local name=$1 t0 t1 l1; shift
  l1=$(load1)
  cpu_begin "$name"
  t0=$(now)
  /usr/bin/time -v -o "$keep/$name.time" "$@" >"$keep/$name.txt" 2>&1 \
    || { cpu_end "$name"; echo "error: $name failed on $engine $size (see $keep/$name.txt):" >&2; tail -5 "$keep/$name.txt" >&2; exit 1; }
  t1=$(now)
  cpu_end "$name"
  awk -v n="$name" -v s="$(secs "$t0" "$t1")" -v sc="$server_cpu" -v l="$l1" '
    /User time/ { u = $NF } /System time/ { y = $NF } /Maximum resident/ { m = $NF }
    END { printf "%s %s %.1f %s %.0f %s\n", n, s, u + y, (sc == "" ? "?" : sc), m / 1024, l }' "$keep/$name.time" >>"$keep/steps"
}
conn() { bench_connection "$engine" "$db"; }
dvd() { dotnet "$dvdstore_dll" "$@"; }  # plain calls; timed steps name `dotnet DLL` for /usr/bin/time

# make_ds3_like: drops what DS3's schema lacks so the next reset adopts the store (see StoreAdoption).
make_ds3_like() {
  if [ "$engine" = postgres ]; then
    sql_store "DROP TABLE DS_STORE_INFO; DROP TABLE DS_INVENTORY_BASELINE; DROP INDEX IX_REVIEWS_CUSTID; DROP INDEX IX_MEMBERSHIP_EXPIREDATE"
  else
    sql_store "DROP TABLE DS_STORE_INFO; DROP TABLE DS_INVENTORY_BASELINE"
  fi
}

disk_report() { # the database's size from the server, du of its folder and of the data directory, in MB
  local server_mb folder_mb all_mb
  if [ "$engine" = postgres ]; then
    server_mb=$(sql_store "SELECT pg_database_size(current_database()) / 1048576")
    folder_mb=$(du -sm "$data_dir/base/$(sql_store "SELECT oid FROM pg_database WHERE datname = current_database()")" | cut -f1)
  else
    server_mb=$(sql_store "SELECT ROUND(SUM(data_length + index_length) / 1048576) FROM information_schema.tables WHERE table_schema = DATABASE()")
    folder_mb=$(du -sm "$data_dir/$db" | cut -f1)
  fi
  all_mb=$(du -sm "$data_dir" | cut -f1)
  echo "$server_mb $folder_mb $all_mb"
}

# report KEEP: the markdown tables of one size's measurements kept in KEEP (steps, meta, load.txt, cpu-load).
report() {
  local keep=$1 load_start load_end server_mb folder_mb all_mb orders command commit day cores users run_seconds fp_line settings=
  . "$keep/meta"
  fp_line=$(grep -h 'reading on\|connections' "$keep/fingerprint.txt" | head -1 || true)
  {
    echo
    echo "### $engine $size ($cores cores; load average at start $load_start, at end $load_end)"
    echo
    echo "Command: \`$command\` ($commit, $day). Disk: the server says $server_mb MB, du of the database's folder $folder_mb MB, of the whole data directory $all_mb MB. Run before the timed reset: $users users × ${run_seconds}s, $orders orders. Fingerprint: ${fp_line:-see $keep/fingerprint.txt}${settings:+. Server: $settings}"
    echo
    echo "| step | seconds | ÷ load | client CPU s | server CPU s | CPU ÷ load's CPU | client peak RSS MB | load avg (1 min) before |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|"
    # CPU ÷ load's CPU (client + server): what the step would cost against the load on a machine of its own, where
    # both get the CPUs they can use (on a busy shared one, wall time follows the share each happened to get).
    awk 'NR == 1 { load = $2; cpu = $3 + $4 } { printf "| %s | %.1f | %.3f | %s | %s | %s | %s | %s |\n", $1, $2, $2 / load, $3, $4,
      ($4 == "?" ? "?" : sprintf("%.3f", ($3 + $4) / cpu)), $5, $6 }' "$keep/steps"
    echo
    if [ -s "$keep/cpu-load" ]; then
      echo "The load's server CPU by what its backends ran (scripts/pg-cpu-split.py): $(sed 's/ window=.*//; s/=/ /g' "$keep/cpu-load") CPU-s; loader $(awk '$1 == "load" { print $3 }' "$keep/steps") CPU-s; WAL $(sed -n 's/.* wal=\([0-9]*\).*/\1/p' "$keep/cpu-load" | awk '{ printf "%.0f", $1 / 1048576 }') MB."
      echo
    fi
    echo "Load steps (the loader's own summary; tables = CREATE TABLE, load = every row streamed, keys = keys, indexes and foreign keys, some overlapping the load):"
    echo
    echo "| load step | seconds | ÷ load |"
    echo "|---|---:|---:|"
    awk -v load="$(awk 'NR == 1 { print $2 }' "$keep/steps")" '/^steps:/ { on = 1; next } on && /^  [a-z]/ && $1 != "total" {
      s = $2; sub(/s$/, "", s); printf "| %s | %.1f | %.3f |\n", $1, s, s / load } on && !/^  / { on = 0 }' "$keep/load.txt"
    echo
    echo "Streams (each stream's rows as the loader reported it at its end: a table cut into key ranges shows one line per part, k/n):"
    echo
    echo "| table | stream | rows | seconds | rows/s | MB/s |"
    echo "|---|---|---:|---:|---:|---:|"
    awk '/^  [A-Z_]+(\[[0-9]+\/[0-9]+\])? +[0-9,]+ rows in +[0-9.]+s/ { gsub(/[()]/, " "); sub(/rows\/s,/, "rows/s")
        split($1, p, /[][]/); s = $5; sub(/s$/, "", s)
        printf "| %s | %s | %s | %s | %s | %s |\n", p[1], (p[2] == "" ? "1/1" : p[2]), $2, s, $6, $8 }' "$keep/load.txt"
    echo
    echo "Keys, indexes and foreign keys (one line per table's keys and indexes, or per foreign key, as the loader timed it; rows/s = the table's rows ÷ seconds):"
    echo
    echo "| build | seconds | table rows | rows/s |"
    echo "|---|---:|---:|---:|"
    awk '/^  [A-Z_]+(\[[0-9]+\/[0-9]+\])? +[0-9,]+ rows in/ { r = $2; gsub(/,/, "", r); split($1, p, /[][]/); rows[p[1]] += r }
      $1 == "step" && $2 == "keys" && $4 == "done" { s = $6; sub(/s$/, "", s); obj[++n] = $3; sec[n] = s }
      END { for (i = 1; i <= n; i++) { t = obj[i]; if (t ~ /^FK_/) { for (k in rows) if (index(t, "FK_" k "_") == 1 && length(k) > length(best)) best = k; t = best; best = "" }
        printf "| %s | %.1f | %s | %s |\n", obj[i], sec[i], (t in rows ? rows[t] : "?"), (t in rows && sec[i] + 0 > 0 ? sprintf("%.0f", rows[t] / sec[i]) : "?") } }' "$keep/load.txt"
  }
}

# REPORT_ONLY=1: print the tables again from what an earlier run kept, measuring nothing.
if [ "${REPORT_ONLY:-0}" = 1 ]; then
  for size in "${sizes[@]}"; do report "${KEEP:-/tmp/bench-scale-$engine-$size.d}"; done
  exit 0
fi

for size in "${sizes[@]}"; do
  db=$(db_name bench_scale "$size")
  keep=${KEEP:-/tmp/bench-scale-$engine-$size.d}
  rm -rf "$keep"; mkdir -p "$keep"; : >"$keep/steps"
  sql_admin "DROP DATABASE IF EXISTS $db" >/dev/null; sql_admin "CREATE DATABASE $db" >/dev/null
  load_start=$(load_average)
  timed load dotnet "$dvdstore_dll" load --engine "$engine" --size "$size" --connection "$(conn)"
  read -r server_mb folder_mb all_mb <<<"$(disk_report)"
  timed fingerprint dotnet "$dvdstore_dll" fingerprint --engine "$engine" --connection "$(conn)"
  timed verify dotnet "$dvdstore_dll" verify --engine "$engine" --connection "$(conn)"
  make_ds3_like
  timed adopt dotnet "$dvdstore_dll" reset --engine "$engine" --connection "$(conn)"
  dvd run --engine "$engine" --connection "$(conn)" --users "$USERS" --warmup 0s --duration "${RUN_SECONDS}s" \
    --think-time 0 --out "$keep/run" >"$keep/run.txt" 2>&1 \
    || { echo "error: run on $engine $size failed (see $keep/run.txt)" >&2; exit 1; }
  orders=$(jq -r '.totals.orders' "$keep"/run/*.result.json 2>/dev/null || echo "?")
  timed reset-after-run dotnet "$dvdstore_dll" reset --engine "$engine" --connection "$(conn)"
  timed reset-full-fingerprint dotnet "$dvdstore_dll" reset --full-fingerprint --engine "$engine" --connection "$(conn)"
  for p in $PARALLEL_SWEEP; do
    timed "fingerprint-parallel-$p" dotnet "$dvdstore_dll" fingerprint --parallel "$p" --engine "$engine" --connection "$(conn)"
  done
  load_end=$(load_average)
  drop_store

  if [ "$engine" = postgres ]; then settings="PG_OPTS=$PG_OPTS"; else settings=$mdb_server_settings; fi
  printf 'settings=%q\nload_start=%q\nload_end=%q\nserver_mb=%q\nfolder_mb=%q\nall_mb=%q\norders=%q\ncommand=%q\ncommit=%q\nday=%q\ncores=%q\nusers=%q\nrun_seconds=%q\n' \
    "$settings" "$load_start" "$load_end" "$server_mb" "$folder_mb" "$all_mb" "$orders" "scripts/bench-scale.sh $server ${sizes[*]}" \
    "$(git rev-parse --short HEAD)" "$(date -u +%Y-%m-%d)" "$(nproc)" "$USERS" "$RUN_SECONDS" >"$keep/meta"
  report "$keep" | tee -a "${OUT:-/dev/null}"
done
