#!/usr/bin/env bash
# Stops a server started by db-up.sh and removes its directory.
# usage: scripts/db-down.sh pg|mariadb DIR
set -uo pipefail
case "${1:-}" in
pg)
  # The server's own pg_ctl (db-up.sh noted which), with its shared libraries when it was fetched.
  bin=$(cat "$2/pgbin" 2>/dev/null || ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  lib=""; case "$bin" in /usr/lib/postgresql/*) ;; *) lib="$bin/../lib" ;; esac
  runuser -u postgres -- env LD_LIBRARY_PATH="$lib" "$bin/pg_ctl" -D "$2/data" -m fast -w stop >/dev/null 2>&1 ;;
mariadb)
  if [ -f "$2/mariadbd.pid" ]; then
    P=$(cat "$2/mariadbd.pid")
    kill -TERM "$P" 2>/dev/null
    for _ in $(seq 1 300); do kill -0 "$P" 2>/dev/null || break; sleep 0.1; done
  fi ;;
esac
rm -rf "${2:?}"
