#!/usr/bin/env bash
# Installs what the tests need and a fresh Debian machine with the .NET SDK may lack:
# the PostgreSQL and MariaDB servers (Debian packages). Does nothing when they are present.
set -euo pipefail
need=()
ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1 || need+=(postgresql)
command -v mariadbd >/dev/null 2>&1 || need+=(mariadb-server-core)
command -v mariadb >/dev/null 2>&1 || need+=(mariadb-client-core)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "error: missing ${need[*]}; run as root or install them with apt-get." >&2
    exit 1
  fi
  echo "installing ${need[*]} ..."
  apt-get update -qq >/dev/null
  # The -core packages ship no init scripts, so nothing tries to start a system service.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
