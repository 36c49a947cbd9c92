#!/usr/bin/env bash
# Starts a throw-away database server on loopback in a temporary directory and prints that directory.
# usage: scripts/db-up.sh pg|mariadb     (ports: PGPORT, default 55432; MDBPORT, default 53306)
#   PG_OPTS adds server settings (later ones win), e.g. PG_OPTS="-c shared_buffers=2GB" for benchmarks.
#   PGBIN runs another PostgreSQL's binaries, e.g. PGBIN=$(scripts/pg-fetch.sh 13) (default: the newest Debian one).
#   MDB_OPTS adds MariaDB server options (later ones win), e.g. MDB_OPTS="--innodb-autoinc-lock-mode=2" for bulk loads:
#   that mode is not dynamic (only at server start), and the default keeps MariaDB's own (1), which tests expect.
#   MariaDB runs with performance_schema and its current-waits consumer on, as docs/server-metrics.md asks for wait
#   sampling (data reads and latches are invisible in the processlist).
set -euo pipefail
case "${1:-}" in
pg)
  PGBIN=${PGBIN:-$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)}
  # A server fetched by pg-fetch.sh finds its own shared libraries beside its bin folder.
  # (only for the server: Debian's psql must keep its own libpq)
  pglib=""; case "$PGBIN" in /usr/lib/postgresql/*) ;; *) pglib="$PGBIN/../lib" ;; esac
  PGPORT=${PGPORT:-55432}
  D=$(mktemp -d /tmp/dvdstore-pg.XXXXXX)
  chown postgres:postgres "$D"
  echo "$PGBIN" >"$D/pgbin"
  # initdb and postgres refuse to run as root.
  runuser -u postgres -- env LD_LIBRARY_PATH="$pglib" "$PGBIN/initdb" -D "$D/data" -U bench -A trust -E UTF8 --locale=C.UTF-8 --no-sync >"$D/initdb.log"
  # A few tries: the port can be held for a moment by a client's ephemeral port (32768-60999 holds the defaults).
  for attempt in 1 2 3 4 5; do
    runuser -u postgres -- env LD_LIBRARY_PATH="$pglib" "$PGBIN/pg_ctl" -D "$D/data" -l "$D/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $PGPORT -k $D -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300 -c shared_buffers=256MB ${PG_OPTS:-}" \
      start >/dev/null && break
    [ "$attempt" -eq 5 ] && { echo "error: PostgreSQL did not start on port $PGPORT (see $D/server.log)" >&2; exit 1; }
    sleep 2
  done
  psql -h 127.0.0.1 -p "$PGPORT" -U bench -d postgres -qc 'CREATE DATABASE dsbench' >/dev/null
  echo "$D" ;;
mariadb)
  MDBPORT=${MDBPORT:-53306}
  id mysql >/dev/null 2>&1 || useradd --system --user-group --no-create-home --shell /usr/sbin/nologin mysql
  D=$(mktemp -d /tmp/dvdstore-mdb.XXXXXX)
  chown mysql:mysql "$D"
  # Its own temporary folder, not /tmp: an on-disk temporary table's file vanished from /tmp mid-query (most likely
  # another engineer's clean-up of /tmp; verify at 1GB failed on "Error on delete of /tmp/#sql-temptable-...MAI"); it goes with the server.
  mkdir "$D/tmp"; chown mysql:mysql "$D/tmp"
  mariadb-install-db --no-defaults --user=mysql --datadir="$D/data" --skip-test-db --skip-name-resolve >"$D/install.log" 2>&1
  # A few tries, as for PostgreSQL: a server that exits (its port held for a moment) is started again.
  up=""
  for attempt in 1 2 3 4 5; do
    mariadbd --no-defaults --user=mysql --datadir="$D/data" --socket="$D/mysqld.sock" --port="$MDBPORT" \
      --bind-address=127.0.0.1 --pid-file="$D/mariadbd.pid" --tmpdir="$D/tmp" --log-error="$D/error.log" --skip-name-resolve \
      --innodb-buffer-pool-size=256M --innodb-flush-log-at-trx-commit=0 --innodb-doublewrite=0 --max-connections=300 \
      --performance-schema=ON --performance-schema-consumer-events-waits-current=ON --performance-schema-instrument='wait/%=ON' \
      ${MDB_OPTS:-} </dev/null >/dev/null 2>&1 &
    server=$!
    for _ in $(seq 1 240); do
      mariadb --no-defaults --socket="$D/mysqld.sock" -uroot -e 'select 1' >/dev/null 2>&1 && { up=1; break; }
      kill -0 "$server" 2>/dev/null || break
      sleep 0.25
    done
    [ -n "$up" ] && break
    [ "$attempt" -eq 5 ] && { echo "error: MariaDB did not start on port $MDBPORT (see $D/error.log)" >&2; exit 1; }
    sleep 2
  done
  mariadb --no-defaults --socket="$D/mysqld.sock" -uroot -e "CREATE DATABASE dsbench;
    CREATE USER 'bench'@'127.0.0.1' IDENTIFIED BY 'bench'; GRANT ALL ON *.* TO 'bench'@'127.0.0.1' WITH GRANT OPTION;"
  echo "$D" ;;
*)
  echo "usage: $0 pg|mariadb" >&2; exit 2 ;;
esac
