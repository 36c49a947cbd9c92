# shellcheck shell=bash
# What the bench-*.sh scripts share; they source it from the repository root (`. scripts/bench-common.sh`) after
# `set -euo pipefail`: a work folder and throw-away servers, both gone at exit; the CLI of this tree; timing and
# load-average helpers. One place, so every benchmark builds, times and cleans up the same way.

pg_dir=""; mdb_dir=""; work=""; bench_on_exit=""

# bench_begin NAME [FUNCTION]: makes $work (/tmp/dvdstore-bench-NAME.*); at exit runs FUNCTION (if given), removes
# $work and stops the servers bench_server started.
bench_begin() {
  work=$(mktemp -d "/tmp/dvdstore-bench-$1.XXXXXX")
  bench_on_exit=${2:-}
  trap bench_cleanup EXIT INT TERM
}
bench_cleanup() {
  if [ -n "$bench_on_exit" ]; then "$bench_on_exit" || true; fi
  rm -rf "$work"
  [ -n "$pg_dir" ] && scripts/db-down.sh pg "$pg_dir"
  [ -n "$mdb_dir" ] && scripts/db-down.sh mariadb "$mdb_dir"
  return 0
}

# bench_server pg|mariadb: starts a throw-away server on PGPORT / MDBPORT (scripts/db-up.sh), once per script.
bench_server() {
  case $1 in
    pg) [ -n "$pg_dir" ] || pg_dir=$(PGPORT=$PGPORT scripts/db-up.sh pg) ;;
    mariadb) [ -n "$mdb_dir" ] || mdb_dir=$(MDBPORT=$MDBPORT scripts/db-up.sh mariadb) ;;
  esac
}

# bench_connection ENGINE DATABASE: the connection string of DATABASE on the local server of ENGINE. The bench
# user's password goes by DVDSTORE_PASSWORD (exported here), never on a command line.
export DVDSTORE_PASSWORD=${DVDSTORE_PASSWORD:-bench}
bench_connection() {
  case $1 in
    postgres) echo "Host=127.0.0.1;Port=$PGPORT;Username=bench;Database=$2" ;;
    mysql | mariadb) echo "Server=127.0.0.1;Port=$MDBPORT;User ID=bench;Database=$2;AllowLoadLocalInfile=true" ;;
  esac
}

# dvdstore ARGS: the CLI of this tree (Release, built by bench_build), or of DVDSTORE_DLL when set (another build).
dvdstore_dll=${DVDSTORE_DLL:-src/Cli/bin/Release/net8.0/dvdstore.dll}
bench_build() { [ -n "${DVDSTORE_DLL:-}" ] || dotnet build src/Cli -c Release -v q -nologo >/dev/null; }
dvdstore() { dotnet "$dvdstore_dll" "$@"; }

now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
load1() { uptime | sed 's/.*load average: //; s/,.*//'; }
load_average() { uptime | sed 's/.*load average: //'; }
# db_name PREFIX SIZE: one database per size, e.g. bench_reset_10mb.
db_name() { echo "${1}_$(echo "$2" | tr -cd '[:alnum:]' | tr '[:upper:]' '[:lower:]')"; }
