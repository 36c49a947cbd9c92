#!/usr/bin/env bash
# Regenerates docs/examples/seeds (runs/*.json and report/) from the seeds test: the published DS3 figures as
# result files, analysed all in one folder (dvdstore analyze docs/examples/seeds/runs --baseline normalize=native).
# Then, when Chromium is installed (apt-get install -y chromium), it takes a screenshot of report.html as a real
# browser draws it, to be looked at before the report is committed: legends, ticks, cut labels, tables.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf docs/examples/seeds
DVDSTORE_EXAMPLE_OUT="$PWD/docs/examples/seeds" dotnet test tests/DvdStore.Tests -c Release -nologo -v q \
  --filter "FullyQualifiedName~SeedStudiesTests.All_published_studies_in_one_folder"
echo "wrote docs/examples/seeds (report/report.md, report/report.html, report/charts, report/tables, runs)"
shot="${TMPDIR:-/tmp}/dvdstore-example-report.png"
if command -v chromium >/dev/null; then
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --screenshot="$shot" --window-size=1400,4000 \
    "file://$PWD/docs/examples/seeds/report/report.html" 2>/dev/null
  echo "screenshot of report.html in a browser: $shot (look at it before committing the report)"
else
  echo "no chromium: install it (apt-get install -y chromium) to screenshot report.html in a real browser"
fi
