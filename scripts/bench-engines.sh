#!/usr/bin/env bash
# The same store on every local engine, side by side, in one run (a benchmark, not a test; issue 20): loads one
# store of SIZE (seed 3, identical rows everywhere) on PostgreSQL, MariaDB and SQLite, then runs `dvdstore run` with
# the same users, duration and think time 0 on each, engines alternated, ROUNDS rounds, the store reset before each
# run. Prints per run OPM and the mean of every transaction kind, then per engine the mean over rounds and its ratio
# to PostgreSQL, with the load average (the machine is shared: read ratios, not absolute figures).
#   BASELINE_DLL=<another build's dvdstore.dll> also loads a second store per engine with that build (its own
#   procedures and indexes) and runs it right after the current build's, so before/after ratios come from one run.
# usage: [SIZE=10MB] [USERS=4] [DURATION=30] [ROUNDS=2] [ENGINES="postgres mysql sqlite"] [BASELINE_DLL=...]
#        [PGPORT=55432] [MDBPORT=53306] [BENCH_SERVERS_RUNNING=1] scripts/bench-engines.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE=${SIZE:-10MB}; USERS=${USERS:-4}; DURATION=${DURATION:-30}; ROUNDS=${ROUNDS:-2}
ENGINES=${ENGINES:-postgres mysql sqlite}; PGPORT=${PGPORT:-55432}; MDBPORT=${MDBPORT:-53306}
for n in "$USERS" "$DURATION" "$ROUNDS"; do
  [[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "error: USERS, DURATION and ROUNDS must be positive integers (got '$n'); set them as numbers" >&2; exit 2; }
done
if [ -n "${BASELINE_DLL:-}" ] && [ ! -f "$BASELINE_DLL" ]; then
  echo "error: BASELINE_DLL=$BASELINE_DLL is not a file; point it at another build's dvdstore.dll" >&2; exit 2
fi

. scripts/bench-common.sh
bench_begin engines
if [ "${BENCH_SERVERS_RUNNING:-0}" != 1 ]; then
  case " $ENGINES " in *" postgres "*) bench_server pg ;; esac
  case " $ENGINES " in *" mysql "*) bench_server mariadb ;; esac
fi
bench_build
current=$dvdstore_dll
builds="new"; [ -n "${BASELINE_DLL:-}" ] && builds="base new"
dll() { if [ "$1" = base ]; then echo "$BASELINE_DLL"; else echo "$current"; fi; }
connection() { # engine build
  case "$1" in
  sqlite) echo "Data Source=$work/bench_engines_$2.db" ;;
  *) bench_connection "$1" "bench_engines_$2" ;;
  esac
}
create_database() { # engine build
  case "$1" in
  postgres) psql -h 127.0.0.1 -p "$PGPORT" -U bench -d postgres -qc "DROP DATABASE IF EXISTS bench_engines_$2 WITH (FORCE)" -c "CREATE DATABASE bench_engines_$2" >/dev/null ;;
  mysql) MYSQL_PWD=$DVDSTORE_PASSWORD mariadb -h 127.0.0.1 -P "$MDBPORT" -u bench -e "DROP DATABASE IF EXISTS bench_engines_$2; CREATE DATABASE bench_engines_$2" ;;
  sqlite) rm -f "$work/bench_engines_$2.db" ;;
  esac
}

echo "== stores: $SIZE, seed 3, on: $ENGINES (builds: $builds)"
for engine in $ENGINES; do
  for build in $builds; do
    create_database "$engine" "$build"
    start=$(date +%s)
    dotnet "$(dll "$build")" load --engine "$engine" --connection "$(connection "$engine" "$build")" --size "$SIZE" --seed 3 >"$work/load.$engine.$build.txt"
    echo "   $engine/$build loaded in $(( $(date +%s) - start )) s, fingerprint $(awk '$1 == "store" { print $2 }' "$work/load.$engine.$build.txt" | tail -1)"
  done
done

printf '%-6s %-9s %-5s %8s %s\n' round engine build opm "mean ms per transaction | load average"
for round in $(seq 1 "$ROUNDS"); do
  # Alternate the order of engines each round, so none always runs first on a warming machine.
  order=$ENGINES; [ $((round % 2)) -eq 0 ] && order=$(echo "$ENGINES" | tr ' ' '\n' | tac | tr '\n' ' ')
  for engine in $order; do
    for build in $builds; do
      conn=$(connection "$engine" "$build")
      dotnet "$(dll "$build")" reset --engine "$engine" --connection "$conn" >/dev/null
      out="$work/r$round.$engine.$build"
      dotnet "$(dll "$build")" run --engine "$engine" --connection "$conn" --db_size="$SIZE" --users "$USERS" \
        --warmup 0s --duration "${DURATION}s" --think_time=0 --out "$out" >"$out.txt"
      load=$(cut -d' ' -f1-3 /proc/loadavg)
      jq -r --arg r "$round" --arg e "$engine" --arg b "$build" --arg load "$load" '
        [$r, $e, $b, (.totals.opm | floor | tostring),
         ([.transactions[] | "\(.kind)=\(.meanMs * 100 | round / 100)"] | join(" ")) + " | load " + $load] | @tsv' \
        "$out"/*.result.json | tee -a "$work/table" | awk -F'\t' '{ printf "%-6s %-9s %-5s %8s %s\n", $1, $2, $3, $4, $5 }'
    done
  done
done

echo "== mean over $ROUNDS rounds (ratios to postgres/same build; to base on the same engine when BASELINE_DLL is set)"
awk -F'\t' '
  { key = $2 "/" $3; opm[key] += $4; n[key]++
    split($5, parts, " [|] "); m = split(parts[1], kv, " ")
    for (i = 1; i <= m; i++) { split(kv[i], p, "="); ms[key, p[1]] += p[2]; kinds[p[1]] = 1 } }
  END {
    for (key in n) {
      split(key, eb, "/"); pg = "postgres/" eb[2]; base = eb[1] "/base"
      line = sprintf("%-16s opm %8.0f", key, opm[key] / n[key])
      if (pg in n) line = line sprintf("  x%.2f of postgres", opm[key] / opm[pg])
      if ((base in n) && base != key) line = line sprintf("  x%.2f of base", opm[key] / opm[base])
      for (k in kinds) if ((key, k) in ms) {
        line = line sprintf("  %s %.2f ms", k, ms[key, k] / n[key])
        if ((pg, k) in ms && pg != key) line = line sprintf(" (x%.2f pg)", ms[key, k] / ms[pg, k])
      }
      print line
    }
  }' "$work/table" | sort
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs (other work shares this machine)"
