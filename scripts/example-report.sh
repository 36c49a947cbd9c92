#!/usr/bin/env bash
# Regenerates docs/examples/seeds (runs/*.json and report/) from the seeds test: the published DS3 figures as
# result files, analysed all in one folder (dvdstore analyze docs/examples/seeds/runs --baseline normalize=native).
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf docs/examples/seeds
DVDSTORE_EXAMPLE_OUT="$PWD/docs/examples/seeds" dotnet test tests/DvdStore.Tests -c Release -nologo -v q \
  --filter "FullyQualifiedName~SeedStudiesTests.All_published_studies_in_one_folder"
echo "wrote docs/examples/seeds (report/report.md, report/report.html, report/charts, report/tables, runs)"
