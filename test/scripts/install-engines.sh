#!/usr/bin/env bash
# Installs the engines tests need that npm does not bring. chDB comes with npm (package chdb).
# Chromium is Debian's package (the e2e tests and the Lighthouse bench never download a browser).
# redis-server is Debian's package; the harness starts its own on a loopback port (no system daemon).
# PostgreSQL is Debian's server package (the app database's repositories are tested against it and PGlite).
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

# Debian's redis-server. The package would start a system daemon on 6379; the harness runs its own
# servers on free loopback ports, so the daemon is kept from starting (policy-rc.d) or stopped after.
if ! command -v redis-server >/dev/null; then
  echo "redis-server is missing: installing Debian's redis-server package" >&2
  SUDO=""
  [[ $(id -u) -ne 0 ]] && command -v sudo >/dev/null && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  POLICY=/usr/sbin/policy-rc.d
  OWN_POLICY=""
  if [[ ! -e "$POLICY" ]]; then
    # Exit 101 = "action forbidden": invoke-rc.d then installs the service without starting it.
    printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$POLICY" >/dev/null && $SUDO chmod +x "$POLICY" && OWN_POLICY=1
  fi
  INSTALLED=1
  { $SUDO apt-get update && $SUDO apt-get install -y --no-install-recommends redis-server; } || INSTALLED=""
  [[ -n "$OWN_POLICY" ]] && $SUDO rm -f "$POLICY"
  # Where a daemon did start anyway (systemd hosts ignore policy-rc.d), stop it and keep it off.
  if command -v systemctl >/dev/null && systemctl is-active --quiet redis-server 2>/dev/null; then
    $SUDO systemctl disable --now redis-server >/dev/null 2>&1 || true
  fi
  if [[ -z "$INSTALLED" ]] || ! command -v redis-server >/dev/null; then
    echo "Could not install redis-server (apt-get install -y redis-server)" >&2
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
