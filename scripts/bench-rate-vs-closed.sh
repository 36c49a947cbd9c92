#!/usr/bin/env bash
# Does a rate run at the closed loop's own peak deliver the same OPM (a benchmark, not a test)? Loads a small SQLite
# store once, then per round runs the closed loop (DS3's default) with USERS users, takes its OPM as the rate, and runs
# `--rate <that OPM>` with the same users (even rounds run the rate first, at the last closed loop's OPM); each run starts
# from the store as loaded; ROUNDS rounds, the load average printed with each, and
# the ratio rate-run OPM / closed-loop OPM per round (1.00 = the same; on a busy machine both move, compare within a round).
# usage: [USERS=8] [SECONDS_EACH=20] [ROUNDS=2] [DVDSTORE_DLL=...] scripts/bench-rate-vs-closed.sh
set -euo pipefail
cd "$(dirname "$0")/.."
USERS=${USERS:-8}; SECONDS_EACH=${SECONDS_EACH:-20}; ROUNDS=${ROUNDS:-2}
dll=${DVDSTORE_DLL:-src/Cli/bin/Release/net8.0/dvdstore.dll}
work=$(mktemp -d /tmp/dvdstore-rate-vs-closed.XXXXXX)
trap 'rm -rf "$work"' EXIT
conn="Data Source=$work/store.db"
dotnet "$dll" load --size 1MB --connection "$conn" --seed 3 >"$work/load.txt"

# Each run starts from the store as loaded (--reset), as run asks; a run that fails shows why and ends the script.
drive() {
  local log=$1; shift
  dotnet "$dll" run --connection "$conn" --users "$USERS" --duration "${SECONDS_EACH}s" --warmup 5s --reset "$@" >"$log" 2>&1 \
    || { echo "run failed: dotnet $dll run $*" >&2; tail -5 "$log" >&2; exit 1; }
}
opm() { python3 -c "import json,glob,sys; r=json.load(open(glob.glob(sys.argv[1]+'/*.result.json')[0])); print(r['totals']['opm'])" "$1"; }
# Odd rounds run the closed loop first and take its OPM as the rate; even rounds run the rate first (at the last
# closed loop's OPM), so neither side always runs on the machine the other left behind.
peak=""
for round in $(seq 1 "$ROUNDS"); do
  closed="$work/closed-$round"; rate="$work/rate-$round"
  if [ $((round % 2)) -eq 1 ]; then
    load_closed=$(cut -d' ' -f1 /proc/loadavg)
    drive "$work/closed-$round.txt" --seed "$round" --out "$closed"
    peak=$(opm "$closed"); target=$peak
    load_rate=$(cut -d' ' -f1 /proc/loadavg)
    drive "$work/rate-$round.txt" --rate "$target" --seed "$round" --out "$rate"
    order="closed loop first"
  else
    target=$peak
    load_rate=$(cut -d' ' -f1 /proc/loadavg)
    drive "$work/rate-$round.txt" --rate "$target" --seed "$round" --out "$rate"
    load_closed=$(cut -d' ' -f1 /proc/loadavg)
    drive "$work/closed-$round.txt" --seed "$round" --out "$closed"
    peak=$(opm "$closed")
    order="rate run first"
  fi
  delivered=$(opm "$rate")
  python3 -c "import sys; c,t,r=float(sys.argv[1]),float(sys.argv[2]),float(sys.argv[3]); print(f'round {sys.argv[4]} ({sys.argv[7]}): closed loop {c:.0f} OPM (load {sys.argv[5]}), --rate {t:.0f} delivered {r:.0f} OPM (load {sys.argv[6]}): ratio delivered/closed {r/c:.3f}')" "$peak" "$target" "$delivered" "$round" "$load_closed" "$load_rate" "$order"
  grep -h "open loop:\|rate-not-delivered" "$work/rate-$round.txt" || true
done
