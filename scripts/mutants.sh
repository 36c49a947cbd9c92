#!/usr/bin/env bash
# Re-plants known bugs (issue 31) one at a time in a throw-away worktree of HEAD and runs the tests that should catch
# each; prints one line per bug and "N of M caught". A bug is caught when its tests build and at least one fails; the
# same tests are first run on the unchanged tree, where they must all pass (else nothing below means anything).
# Commit first: the worktree is HEAD, not the working copy.
# usage: PGPORT=<yours> MDBPORT=<yours> scripts/mutants.sh [name ...]     (names: the first column below; default all)
# Runs at nice 15 with one build node: other people share the machine. Takes about 5 minutes a bug on 2 busy cores.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
: "${PGPORT:?set PGPORT (your test ports)}" "${MDBPORT:?set MDBPORT}"

# name ::: file ::: exact text (must occur once; \n for a line break) ::: replacement ::: tests that should catch it (dotnet test filter)
mutants=(
  "rowhash-last-column ::: src/Loader/Store/RowHash.cs ::: for (var i = 0; i < columns.Count; i++) ::: for (var i = 0; i < columns.Count - 1; i++) ::: FullyQualifiedName~RowHashTests"
  "p95-as-p99 ::: src/Driver/Metrics/StatsBuilder.cs ::: P95Ms = Ms(95), ::: P95Ms = Ms(99), ::: FullyQualifiedName~Driver.MetricsTests"
  "reset-check-always-matches ::: src/Loader/Store/TouchedRangeCheck.cs ::: public bool Matches => Ranges.All(r => r.Differences == 0); ::: public bool Matches => true; ::: FullyQualifiedName~TouchedRangeCheckTests"
  "opm-formula ::: src/Driver/Metrics/Ds3Formulas.cs ::: (long)Math.Floor(60.0 * orders / elapsedSeconds) ::: (long)Math.Floor(60.0 * orders / (elapsedSeconds + 1)) ::: FullyQualifiedName~Driver.MetricsTests"
  "cross-check-bound ::: src/Driver/Results/CrossCheck.cs ::: DatabaseGained <= DriverCommitted + InDoubt; ::: DatabaseGained <= DriverCommitted + InDoubt + 1; ::: FullyQualifiedName~InDoubtPurchaseTests"
  "reset-stock ::: src/Loader/Store/StoreReset.cs ::: \"UPDATE INVENTORY SET QUAN_IN_STOCK = (SELECT B.QUAN_IN_STOCK FROM DS_INVENTORY_BASELINE B WHERE B.PROD_ID = INVENTORY.PROD_ID), \" + ::: \"UPDATE INVENTORY SET QUAN_IN_STOCK = QUAN_IN_STOCK, \" + ::: FullyQualifiedName~TouchedRangeCheckTests|FullyQualifiedName~StoreLoaderTests.Load_gives_the_reference_fingerprint_verifies_and_reset_restores_it_after_changes"
  "pwd-redaction ::: src/Schema/Engines/Common/ConnectionSecrets.cs :::  || compact.EndsWith(\"pwd\", StringComparison.Ordinal) :::  ::: FullyQualifiedName~Secret|FullyQualifiedName~Redact"
  "purchase-stock-check ::: src/Schema/Engines/PostgreSql/Sql/functions.sql ::: WHERE locked.QUAN_IN_STOCK IS NULL OR locked.QUAN_IN_STOCK < wanted.qty; ::: WHERE locked.QUAN_IN_STOCK IS NULL; ::: FullyQualifiedName~PostgreSqlContractTests"
  "t-quantile ::: src/Analysis/Statistics/StudentT.cs ::: 1 - ((1 - confidence) / 2) ::: 1 - (1 - confidence) ::: FullyQualifiedName~StatisticsTests"
  "customer-count ::: src/Schema/Sizing/RowCounts.cs ::: new RowCounts(20_000 * size.Amount / 10, ::: new RowCounts(20_000 * size.Amount / 11, ::: FullyQualifiedName~SizeModelTests"
  "store-gate ::: src/Loader/Store/StoreGate.cs ::: if (info.State is { } state && state != StoreInfo.Complete) ::: if (info.State is { } state && state == \"never\") ::: FullyQualifiedName~StoreGateTests"
  "mariadb-new-customer ::: src/Schema/Engines/MySql/Sql/procedures.sql :::     IF v_duplicate = 0 THEN\n      SET customerid_out = LAST_INSERT_ID(); :::     IF v_duplicate = 1 THEN\n      SET customerid_out = LAST_INSERT_ID(); ::: FullyQualifiedName~MySqlContractTests"
  "peak-threshold ::: src/Analysis/Comparisons/PeakFinding.cs ::: if (opm[i + 1] < opm[i] * (1 + threshold)) ::: if (opm[i + 1] < opm[i] * (1 - threshold)) ::: FullyQualifiedName~Analysis.StudyTests"
  "ht-direction ::: src/Analysis/Comparisons/HyperThreadingGain.cs ::: PairedComparison.Pairs(input, LabelKeys.Smt, LabelKeys.Off, LabelKeys.On, ::: PairedComparison.Pairs(input, LabelKeys.Smt, LabelKeys.On, LabelKeys.Off, ::: FullyQualifiedName~Analysis.StudyTests"
  "reset-run-memberships ::: src/Loader/Store/StoreReset.cs ::: DELETE FROM MEMBERSHIP WHERE EXPIREDATE >=  ::: DELETE FROM MEMBERSHIP WHERE 1 = 0 AND EXPIREDATE >=  ::: FullyQualifiedName~ResetMembershipTests"
  "resume-mark-before-commit ::: src/Loader/Pipeline/TableLoad.cs :::             written = await writer.CompleteAsync(stop.Token).ConfigureAwait(false);\n            if (written == _rows) :::             await using (var early = await target.OpenAsync(stop.Token).ConfigureAwait(false))\n            {\n                await LoadResume.MarkAsync(lease, early, LoadResume.PartKey(Label), LoadResume.PartValue(_rows, _hash, _maxId), stop.Token).ConfigureAwait(false);\n            }\n\n            written = await writer.CompleteAsync(stop.Token).ConfigureAwait(false);\n            if (written == -1) ::: FullyQualifiedName~ResumeMarkOrderTests"
)

field() { awk -F ' ::: ' -v n="$(($2 + 1))" '{ print $n }' <<<"$1"; }
filter_of() { field "$1" 4; }

wanted=("$@")
selected=()
for m in "${mutants[@]}"; do
  name=$(field "$m" 0)
  if [ ${#wanted[@]} -eq 0 ] || printf '%s\n' "${wanted[@]}" | grep -qx "$name"; then selected+=("$m"); fi
done
[ ${#selected[@]} -gt 0 ] || { echo "error: no bug named ${wanted[*]}; names: $(for m in "${mutants[@]}"; do field "$m" 0; done | tr '\n' ' ')" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/dvdstore-mutants.XXXXXX")
tree="$work/tree"
cleanup() { git -C "$root" worktree remove --force "$tree" >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT INT TERM
git -C "$root" worktree add --detach "$tree" HEAD >/dev/null 2>&1
log="$work/log"
echo "mutants: worktree of $(git -C "$root" rev-parse --short HEAD) in $tree; logs under ${MUTANTS_LOGS:=$root/TestResults/mutants}"
mkdir -p "$MUTANTS_LOGS"

build() { (cd "$tree" && nice -n 15 dotnet build DvdStore.sln -c Release -m:1 -nologo -v:q >"$1" 2>&1); }
# test FILTER LOG: 0 when every test passed, 1 when some failed, 2 when nothing ran (build or host failure)
run_tests() {
  (cd "$tree" && PGPORT=$PGPORT MDBPORT=$MDBPORT nice -n 15 scripts/test.sh --no-build --filter "$1" >"$2" 2>&1) && return 0
  grep -Eq '^[0-9]+ passed, [1-9][0-9]* failed' "$2" && return 1
  return 2
}

# Plants (or, with "undo", removes) one bug: the text must occur exactly once.
plant() {
  python3 - "$tree/$(field "$1" 1)" "$(field "$1" 2)" "$(field "$1" 3)" <<'PY'
import sys
path, old, new = sys.argv[1], sys.argv[2].replace("\\n", "\n"), sys.argv[3].replace("\\n", "\n")
text = open(path).read()
if text.count(old) != 1:
    sys.exit(f"{path}: the text to change occurs {text.count(old)} times, not once: {old!r}")
open(path, "w").write(text.replace(old, new))
PY
}

echo "baseline: building the unchanged tree"
build "$MUTANTS_LOGS/baseline-build.log" || { echo "error: the unchanged tree does not build (see $MUTANTS_LOGS/baseline-build.log)" >&2; exit 1; }
union=$(for m in "${selected[@]}"; do filter_of "$m"; done | paste -sd'|')
if ! run_tests "$union" "$MUTANTS_LOGS/baseline-tests.log"; then
  echo "error: the tests fail on the unchanged tree (see $MUTANTS_LOGS/baseline-tests.log); a failure below would mean nothing" >&2
  exit 1
fi
echo "baseline: $(grep -E '^[0-9]+ passed' "$MUTANTS_LOGS/baseline-tests.log")"

caught=0
for m in "${selected[@]}"; do
  name=$(field "$m" 0); file=$(field "$m" 1)
  plant "$m" || { echo "$name: NOT PLANTED (the code moved; update scripts/mutants.sh)"; git -C "$tree" checkout -q -- "$file"; continue; }
  if ! build "$MUTANTS_LOGS/$name-build.log"; then
    echo "$name: NOT BUILT (the bug does not compile; see $MUTANTS_LOGS/$name-build.log)"
  else
    set +e; run_tests "$(filter_of "$m")" "$MUTANTS_LOGS/$name-tests.log"; status=$?; set -e
    case $status in
      1) caught=$((caught + 1)); echo "$name: caught ($(grep -E '^ +Failed ' "$MUTANTS_LOGS/$name-tests.log" | head -1 | sed 's/^ *Failed //; s/ \[.*//'))" ;;
      0) echo "$name: MISSED (every test of $(filter_of "$m") passed)" ;;
      *) echo "$name: NO RESULT (the tests did not run; see $MUTANTS_LOGS/$name-tests.log)" ;;
    esac
  fi
  git -C "$tree" checkout -q -- "$file"
done
echo "$caught of ${#selected[@]} caught"
[ "$caught" -eq "${#selected[@]}" ]
