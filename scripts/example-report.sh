#!/usr/bin/env bash
# Regenerates docs/examples/seeds (runs/*.json and report/) from the seeds test: the published DS3 figures as
# result files, analysed all in one folder (dvdstore analyze docs/examples/seeds/runs --baseline normalize=native).
# Then, when Chromium is installed (apt-get install -y chromium), it takes a screenshot of report.html as a real
# browser draws it, to be looked at before the report is committed: legends, ticks, cut labels, tables.
# The published figures hold no sampled waits and no curve of four steps: scripts/example-sweep.sh makes the example
# of those from a real sweep (docs/examples/sweep).
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf docs/examples/seeds
DVDSTORE_EXAMPLE_OUT="$PWD/docs/examples/seeds" dotnet test tests/DvdStore.Tests -c Release -nologo -v q \
  --filter "FullyQualifiedName~SeedStudiesTests.All_published_studies_in_one_folder"
echo "wrote docs/examples/seeds (report/report.md, report/report.html, report/charts, report/tables, runs)"
scripts/screenshot.sh docs/examples/seeds/report/report.html "${TMPDIR:-/tmp}/dvdstore-example-report.png"
