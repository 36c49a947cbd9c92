#!/usr/bin/env bash
# Does a rate run at the closed loop's own peak deliver the same OPM (a benchmark, not a test)? Loads a small SQLite
# store once, then per round runs the closed loop (DS3's default) with USERS users, takes its OPM as the rate, and runs
# `--rate <that OPM>` with the same users; the two alternate, ROUNDS rounds, the load average printed with each, and
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

opm() { python3 -c "import json,glob,sys; r=json.load(open(glob.glob(sys.argv[1]+'/*.result.json')[0])); print(r['totals']['opm'])" "$1"; }
for round in $(seq 1 "$ROUNDS"); do
  closed="$work/closed-$round"; rate="$work/rate-$round"
  load_closed=$(cut -d' ' -f1 /proc/loadavg)
  dotnet "$dll" run --connection "$conn" --users "$USERS" --duration "${SECONDS_EACH}s" --warmup 5s --seed "$round" --out "$closed" >"$work/closed-$round.txt" 2>&1
  peak=$(opm "$closed")
  load_rate=$(cut -d' ' -f1 /proc/loadavg)
  dotnet "$dll" run --connection "$conn" --users "$USERS" --rate "$peak" --duration "${SECONDS_EACH}s" --warmup 5s --seed "$round" --out "$rate" >"$work/rate-$round.txt" 2>&1
  delivered=$(opm "$rate")
  python3 -c "import sys; c,r=float(sys.argv[1]),float(sys.argv[2]); print(f'round {sys.argv[3]}: closed loop {c:.0f} OPM (load {sys.argv[4]}), --rate {c:.0f} delivered {r:.0f} OPM (load {sys.argv[5]}): ratio {r/c:.3f}')" "$peak" "$delivered" "$round" "$load_closed" "$load_rate"
  grep -h "open loop:\|rate-not-delivered" "$work/rate-$round.txt" || true
done
