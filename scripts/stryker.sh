#!/usr/bin/env bash
# Mutation testing (Stryker.NET 5.1, a local dotnet tool: .config/dotnet-tools.json) of the code whose tests need no database
# server, one area at a time: each area names the project under test, the files to mutate and the tests to run (a
# dotnet test filter of server-free test classes; coverage is per test, so a mutant runs only the tests that reach it).
# Reports go to TestResults/stryker/<area>/ (reports/mutation-report.html and .json); the last lines per area are the
# counts by status and each survivor as file:line mutator "replacement". CI does not run this: it takes minutes per
# area and its score is a measurement (docs/trust.md), not a gate.
# usage: scripts/stryker.sh [area ...]     areas: analysis driver loader (default all)
#        STRYKER_CONCURRENCY=N (default 1: the machine is shared)
#        STRYKER_MUTATE="glob ..." mutates only these files of the area (e.g. a re-run of the files whose tests changed:
#        STRYKER_MUTATE="**/Analysis/Statistics/UslFit.cs **/Analysis/Comparisons/PeakFinding.cs" scripts/stryker.sh analysis)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out_root=${STRYKER_OUT:-$root/TestResults/stryker}
areas=("$@")
[ ${#areas[@]} -gt 0 ] || areas=(analysis driver loader)

t=DvdStore.Tests
area_settings() {
  case $1 in
    analysis)
      project=DvdStore.Analysis.csproj
      mutate=("**/Analysis/Statistics/*.cs" "**/Analysis/Comparisons/PeakFinding.cs" "**/Analysis/Comparisons/PairedComparison.cs" "**/Analysis/Comparisons/HyperThreadingGain.cs")
      filter="FullyQualifiedName~$t.Analysis.StatisticsTests|FullyQualifiedName~$t.Analysis.UslFitTests|FullyQualifiedName~$t.Analysis.StudyTests|FullyQualifiedName~$t.Analysis.LikeWithLikeTests|FullyQualifiedName~$t.Analysis.WaitAndLawStudyTests|FullyQualifiedName~$t.Analysis.ReportTests|FullyQualifiedName~$t.Analysis.ServerCpuAnalysisTests" ;;
    driver)
      project=DvdStore.Driver.csproj
      mutate=("**/Driver/Metrics/*.cs" "!**/Driver/Metrics/LivePublisher.cs" "!**/Driver/Metrics/LiveOutput.cs" "**/Driver/Results/CrossCheck.cs" "**/Driver/Results/HistogramCodec.cs")
      filter="FullyQualifiedName~$t.Driver.MetricsTests|FullyQualifiedName~$t.Driver.CrossCheckTests|FullyQualifiedName~$t.Driver.OpenLoopMetricsTests|FullyQualifiedName~$t.Driver.StallFindingsTests|FullyQualifiedName~$t.Driver.ArrivalScheduleTests|FullyQualifiedName~$t.Driver.WorkloadTests|FullyQualifiedName~$t.Analysis.ResultDefaultsTests" ;;
    loader)
      project=DvdStore.Loader.csproj
      mutate=("**/Loader/Generation/*.cs" "**/Loader/Store/RowHash.cs" "**/Loader/Store/TableFingerprint.cs")
      filter="FullyQualifiedName~$t.Loader.GenerationTests|FullyQualifiedName~$t.Loader.RowHashTests" ;;
    *) echo "error: no area named '$1'; areas: analysis driver loader" >&2; exit 2 ;;
  esac
}

# Counts by status and the survivors (and mutants no test reached) from Stryker's JSON report.
summarise() {
  python3 - "$1" "$2" <<'PY'
import collections, json, sys
area, path = sys.argv[1], sys.argv[2]
report = json.load(open(path))
counts = collections.Counter()
left = []
for name, f in sorted(report["files"].items()):
    for m in f["mutants"]:
        counts[m["status"]] += 1
        if m["status"] in ("Survived", "NoCoverage"):
            short = name[name.find("src/"):] if "src/" in name else name
            left.append(f'{m["status"]:10} {short}:{m["location"]["start"]["line"]} {m["mutatorName"]}: {m.get("replacement", "")!r}')
killed, survived, nocov, timeout = (counts[s] for s in ("Killed", "Survived", "NoCoverage", "Timeout"))
valid = killed + survived + nocov + timeout
score = 100.0 * (killed + timeout) / valid if valid else 0.0
print(f"{area}: score {score:.1f} % (killed {killed}, survived {survived}, no coverage {nocov}, timeout {timeout}; "
      f"compile errors {counts['CompileError']}, ignored {counts['Ignored']})")
for line in left:
    print(f"  {line}")
PY
}

cd "$root"
dotnet tool restore >/dev/null
for area in "${areas[@]}"; do
  area_settings "$area"
  [ -z "${STRYKER_MUTATE:-}" ] || read -r -a mutate <<<"$STRYKER_MUTATE"
  out="$out_root/$area"
  mkdir -p "$out_root"
  rm -rf "$out"
  args=(--config-file "$root/scripts/stryker-config.json" --project "$project" --test-case-filter "$filter"
        --output "$out" --concurrency "${STRYKER_CONCURRENCY:-1}" --skip-version-check)
  for m in "${mutate[@]}"; do args+=(--mutate "$m"); done
  echo "stryker: $area ($project) → $out"
  (cd "tests/$t" && nice -n 19 dotnet stryker "${args[@]}") >"$out_root/$area.log" 2>&1 ||
    { echo "error: stryker failed for $area (see $out_root/$area.log)" >&2; exit 1; }
  summarise "$area" "$(find "$out" -name mutation-report.json | head -1)" | tee "$out_root/$area-summary.txt"
done
