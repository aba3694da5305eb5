#!/usr/bin/env bash
# Installs the engines tests need that npm does not bring. chDB comes with npm (package chdb).
# Chromium is Debian's package (the e2e tests and the Lighthouse bench never download a browser).
# PostgreSQL is Debian's server package (the app database's repositories are tested against it and PGlite).
# Later issues add: Java 17 + Kafka jars, redis-server.
# With CI=true a missing engine fails here; elsewhere the tests that need it fail with the reason.
set -euo pipefail
node -e "require('chdb')" 2>/dev/null || node --input-type=module -e "await import('chdb')" || {
  echo "chDB native library is missing: run npm install" >&2
  exit 1
}

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [[ ! -x "$CHROMIUM" ]]; then
  echo "Chromium is missing at $CHROMIUM: installing Debian's chromium package" >&2
  SUDO=""
  [[ $(id -u) -ne 0 ]] && command -v sudo >/dev/null && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  if ! { $SUDO apt-get update && $SUDO apt-get install -y chromium; } || [[ ! -x "$CHROMIUM" ]]; then
    echo "Could not install Chromium (apt-get install -y chromium)" >&2
    [[ "${CI:-}" == "true" ]] && exit 1
  fi
fi

if ! compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null; then
  echo "PostgreSQL server is missing: installing Debian's postgresql package" >&2
  SUDO=""
  [[ $(id -u) -ne 0 ]] && command -v sudo >/dev/null && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  if ! { $SUDO apt-get update && $SUDO apt-get install -y postgresql; } \
    || ! compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null; then
    echo "Could not install PostgreSQL (apt-get install -y postgresql)" >&2
    [[ "${CI:-}" == "true" ]] && exit 1
  fi
fi
