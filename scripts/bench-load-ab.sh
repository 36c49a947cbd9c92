#!/usr/bin/env bash
# Two builds of the loader against each other (a benchmark, not a test): the whole `dvdstore load` of the same store,
# alternated round by round (A B, then B A, ...), on one throw-away server. Prints per load its steps, per round and
# summed B/A of the tables step ("load") and of the whole load, the 1-minute load average read before each load, and
# fails when the two builds' stores differ (fingerprint).
# usage: DLL_A=<dvdstore.dll> DLL_B=<dvdstore.dll> [ENGINE=postgres|mysql] [SIZE=100MB] [ROUNDS=2] [SEED=3] [THREADS=n]
#        scripts/bench-load-ab.sh
#   A build of another commit: git worktree add /tmp/ab-a <commit> && dotnet build /tmp/ab-a/src/Cli -c Release
#   (DLL_A=/tmp/ab-a/src/Cli/bin/Release/net8.0/dvdstore.dll). Server: as scripts/bench-load.sh (PGPORT default 55544,
#   MDBPORT 53444, PG_OPTS, BENCH_PG_RUNNING=1 / BENCH_MDB_RUNNING=1).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${DLL_A:?DLL_A must name a dvdstore.dll}" "${DLL_B:?DLL_B must name a dvdstore.dll}"
for dll in "$DLL_A" "$DLL_B"; do [ -f "$dll" ] || { echo "error: no such file: $dll" >&2; exit 2; }; done
ENGINE=${ENGINE:-postgres}; SIZE=${SIZE:-100MB}; ROUNDS=${ROUNDS:-2}; SEED=${SEED:-3}; THREADS=${THREADS:-$(nproc)}
PGHOST=127.0.0.1; PGPORT=${PGPORT:-55544}; PGUSER=bench; MDBPORT=${MDBPORT:-53444}
export PGHOST PGPORT PGUSER PGOPTIONS="-c client_min_messages=warning"
export PG_OPTS=${PG_OPTS:-"-c shared_buffers=2GB -c effective_cache_size=16GB -c max_wal_size=8GB"}
. scripts/bench-common.sh
export MYSQL_PWD=$DVDSTORE_PASSWORD
mdb() { mariadb --no-defaults -h 127.0.0.1 -P "$MDBPORT" -ubench "$@"; }
drop() { case "$ENGINE" in postgres) psql -d postgres -qc "DROP DATABASE IF EXISTS bench_ab" ;; mysql) mdb -e "DROP DATABASE IF EXISTS bench_ab" ;; esac >/dev/null 2>&1; }
bench_begin load-ab drop
case "$ENGINE" in
postgres) [ "${BENCH_PG_RUNNING:-0}" = 1 ] || bench_server pg ;;
mysql) [ "${BENCH_MDB_RUNNING:-0}" = 1 ] || bench_server mariadb ;;
*) echo "error: ENGINE must be postgres or mysql (got '$ENGINE')" >&2; exit 2 ;;
esac

one_load() { # one_load A|B: prints "tables-step whole fingerprint" of a fresh load by that build
  local dll out
  dll=$([ "$1" = A ] && echo "$DLL_A" || echo "$DLL_B"); out="$work/load-$1.txt"
  drop
  case "$ENGINE" in postgres) psql -d postgres -qc "CREATE DATABASE bench_ab" >/dev/null ;; mysql) mdb -e "CREATE DATABASE bench_ab" ;; esac
  local t0 t1; t0=$(now)
  dotnet "$dll" load --engine "$ENGINE" --size "$SIZE" --seed "$SEED" --parallel-tables "$THREADS" \
    --connection "$(bench_connection "$ENGINE" bench_ab)" >"$out"
  t1=$(now)
  echo "$(awk '$1 == "load" && $2 ~ /s$/ { sub(/s$/, "", $2); print $2 }' "$out") $(secs "$t0" "$t1") $(awk '$1 == "store" { print $2 }' "$out")"
}

echo "== A/B load, $ENGINE $SIZE, $(nproc) cores, threads $THREADS, seed $SEED, $ROUNDS rounds alternated; $(date -u +%FT%TZ)"
echo "   A: $DLL_A"; echo "   B: $DLL_B"
: >"$work/rounds"
for round in $(seq 1 "$ROUNDS"); do
  order=$([ $((round % 2)) = 1 ] && echo "A B" || echo "B A")
  for side in $order; do
    la=$(load1)
    read -r tables whole print <<<"$(one_load "$side")"
    echo "  round $round $side (load avg $la): tables step ${tables}s, whole ${whole}s, fingerprint $print; steps: $(awk '/^steps:/ { on = 1; next } on && /^  [a-z]/ && $1 != "total" { printf "%s %s ", $1, $2 } /^fingerprint:/ { on = 0 }' "$work/load-$side.txt")"
    eval "t_$side=$tables w_$side=$whole f_$side=$print l_$side=$la"
  done
  [ "$f_A" = "$f_B" ] || { echo "error: the stores differ (fingerprint A $f_A, B $f_B)" >&2; exit 1; }
  echo "$t_A $w_A $t_B $w_B $l_A $l_B" >>"$work/rounds"
  awk -v r="$round" '{ printf "round %d: tables step B/A %.2fx, whole B/A %.2fx\n", r, $3 / $1, $4 / $2 }' <(tail -1 "$work/rounds")
done
awk '{ ta += $1; wa += $2; tb += $3; wb += $4; la += $5 + $6; n++ }
  END { printf "== sums of %d rounds: A tables %.1fs whole %.1fs | B tables %.1fs whole %.1fs | tables step B/A %.2fx, whole B/A %.2fx; mean load avg %.1f\n",
    n, ta, wa, tb, wb, tb / ta, wb / wa, la / (2 * n) }' "$work/rounds"
