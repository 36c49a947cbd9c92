#!/usr/bin/env bash
# Where the loader's client time goes (a benchmark, not a test): generation rows/s per table (no database), the same
# with the fingerprint hash, and, when CONNECTION names a PostgreSQL database (overwritten), the bulk writer alone.
# usage: [SIZE=100MB] [SEED=3] [CONNECTION="Host=127.0.0.1;Port=55432;Username=bench;Database=bench_tp"] scripts/bench-generate.sh
set -euo pipefail
cd "$(dirname "$0")/.."
dotnet build benchmarks/LoadThroughput -c Release -v q -nologo >/dev/null
args=("${SIZE:-100MB}" "${SEED:-3}")
[ -n "${CONNECTION:-}" ] && args+=("$CONNECTION")
dotnet benchmarks/LoadThroughput/bin/Release/net8.0/DvdStore.Benchmarks.LoadThroughput.dll "${args[@]}"
