#!/usr/bin/env bash
# What server-metrics sampling costs the client, as a share of one core.
# Runs `dvdstore server-metrics` twice at a fast interval: once sampling nothing (the loop and timers alone) and once
# sampling the host and the engine as a run would, and prints the extra CPU per sample and what that is at the
# intervals a run uses. Sampling is cheap per sample, so a fast interval gives many samples in a short time.
# usage: scripts/server-metrics-overhead.sh [dvdstore options, e.g. --engine mysql --connection "..." --server-data-dir /var/lib/mysql]
#        env: SAMPLES (default 500), INTERVAL seconds (default 0.02)
set -euo pipefail
cd "$(dirname "$0")/.."
samples=${SAMPLES:-500}
interval=${INTERVAL:-0.02}

dotnet build src/Cli -c Release -nologo -v quiet >/dev/null
dll=src/Cli/bin/Release/net8.0/dvdstore.dll

# "sampling cost: N samples in W s used C ms of client CPU = ..." -> "N W C"
figures() { sed -n 's/^sampling cost: \([0-9]*\) samples in \([0-9.]*\) s used \([0-9]*\) ms .*/\1 \2 \3/p'; }

baseline=$(dotnet "$dll" server-metrics --engine sqlite --server-metrics off --interval "$interval" --count "$samples" --quiet | figures)
out=$(dotnet "$dll" server-metrics --interval "$interval" --count "$samples" --quiet "$@")
echo "$out" | grep -v '^sampling cost' || true
measured=$(echo "$out" | figures)

# The loop alone burns CPU at a rate of its own (timers, runtime); sampling costs what comes on top of that rate.
# Child processes (the ssh client) are not counted: see their cost with top or pidstat on a real run.
echo "$baseline $measured" | awk '{
  base_rate = $3 / $2; n = $4; rate = $6 / $5
  extra = (rate - base_rate) * $5 / n; if (extra < 0) extra = 0
  printf "client CPU: %.1f ms/s sampling, %.1f ms/s loop alone; %.3f ms per sample for the sampling itself (%d samples)\n", rate, base_rate, extra, n
  printf "share of one core: %.4f%% at a 1 s interval, %.5f%% at 10 s (ratio %.6f / %.7f of a core)\n", extra / 10, extra / 100, extra / 1000, extra / 10000
}'
