#!/usr/bin/env bash
# Stops a server started by db-up.sh and removes its directory.
# usage: scripts/db-down.sh pg|mariadb DIR
set -uo pipefail
case "${1:-}" in
pg)
  runuser -u postgres -- "$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)/pg_ctl" -D "$2/data" -m fast -w stop >/dev/null 2>&1 ;;
mariadb)
  if [ -f "$2/mariadbd.pid" ]; then
    P=$(cat "$2/mariadbd.pid")
    kill -TERM "$P" 2>/dev/null
    for _ in $(seq 1 300); do kill -0 "$P" 2>/dev/null || break; sleep 0.1; done
  fi ;;
esac
rm -rf "${2:?}"
