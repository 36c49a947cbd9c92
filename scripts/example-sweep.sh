#!/usr/bin/env bash
# Regenerates docs/examples/sweep: a real users sweep on a throw-away local PostgreSQL with durable commits (fsync and
# synchronous_commit on, as in production), every step sampling its waits, and the report analyze draws from it: the
# waits of each step as stacked bars, the dominant non-CPU wait named at the peak when it holds over a quarter of the
# active time, and the Universal Scalability Law fitted over the points (dotted beyond them: a projection).
# Then, when Chromium is installed, a screenshot of report.html to look at before committing.
# usage: [PGPORT=55432] [SIZE=10MB] [USERS=1,2,4,8,16,32] [THINK=100ms] [STEP_SECONDS=20] scripts/example-sweep.sh
#        REPORT_ONLY=1 scripts/example-sweep.sh   (after a change to the report: analyze the sweep's results again)
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE=${SIZE:-10MB}; USERS=${USERS:-1,2,4,8,16,32}; THINK=${THINK:-100ms}; STEP_SECONDS=${STEP_SECONDS:-20}
PGPORT=${PGPORT:-55432}
export PGHOST=127.0.0.1 PGPORT PGUSER=bench
. scripts/bench-common.sh
bench_begin example-sweep
bench_build
out=docs/examples/sweep
if [ "${REPORT_ONLY:-0}" = 1 ]; then
  # The sweep's own report is this analyze of its results (relative paths: it reads as made in the repository).
  rm -rf "$out/report"
  dvdstore analyze "$out/unpinned" --out "$out/report" --peak-threshold 5 2>/dev/null | tail -n 1
else
  export PG_OPTS="-c fsync=on -c synchronous_commit=on"
  bench_server pg
  conn=$(bench_connection postgres dsbench)
  dvdstore load --engine postgres --connection "$conn" --size "$SIZE" --seed 29 >"$work/load.txt"
  rm -rf "$out"
  echo "load average before: $(load_average)"
  dvdstore sweep --engine postgres --connection "$conn" --size "$SIZE" --users "$USERS" --think-time "$THINK" \
    --duration "${STEP_SECONDS}s" --warmup 5s --reset-between --seed 29 --out "$out" | tee "$work/sweep.txt" |
    grep -E '^(sweep |waits:)'
  echo "load average after: $(load_average)"
fi
# Keep the results and the report; the per-run CSV time series are in the result files too.
find "$out" -name '*.csv' -path '*/unpinned/*' -delete
find "$out" -name '*.svg' -delete
echo "wrote $out (report/report.md, report/report.html, report/charts, report/tables, unpinned/users-N)"
scripts/screenshot.sh "$out/report/report.html" "${TMPDIR:-/tmp}/dvdstore-example-sweep.png" 6000
