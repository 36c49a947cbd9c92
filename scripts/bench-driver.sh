#!/usr/bin/env bash
# Driver overhead per order against a no-op IStoreCommands, printed as a ratio (a benchmark, not a test).
# usage: scripts/bench-driver.sh [seconds per measurement, default 3]
set -euo pipefail
cd "$(dirname "$0")/.."
dotnet run -c Release --project benchmarks/DriverOverhead/DriverOverhead.csproj -- "${1:-3}"
