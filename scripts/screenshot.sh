#!/usr/bin/env bash
# Takes a screenshot of an HTML report as a real browser draws it (headless Chromium), to be looked at before a report
# is committed: legends, ticks, cut labels, tables. Says how to get Chromium when it is missing.
# usage: scripts/screenshot.sh REPORT.html PNG [HEIGHT]
set -euo pipefail
if command -v chromium >/dev/null; then
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --screenshot="$2" --window-size="1400,${3:-4000}" \
    "file://$(realpath "$1")" 2>/dev/null
  echo "screenshot of $1 in a browser: $2 (look at it before committing the report)"
else
  echo "no chromium: install it (apt-get install -y chromium) to screenshot $1 in a real browser"
fi
