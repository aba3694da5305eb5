#!/usr/bin/env bash
# Installs the engines tests need that npm does not bring. chDB comes with npm (package chdb).
# Chromium is Debian's package (the e2e tests and the Lighthouse bench never download a browser).
# redis-server is Debian's package; the harness starts its own on a loopback port (no system daemon).
# PostgreSQL is Debian's server package (the app database's repositories are tested against it and PGlite).
# Apache Kafka: Debian's Java 17 and Maven, the broker's jars from Maven Central (cached under ~/.m2).
# Schemathesis (the API fuzz run): a Python venv under .test-engines/schemathesis, packages from PyPI.
# With CI=true a missing engine fails here; elsewhere the tests that need it fail with the reason.
set -euo pipefail
cd "$(dirname "$0")/../.."

SUDO=""
[[ $(id -u) -ne 0 ]] && command -v sudo >/dev/null && SUDO="sudo"
APT_UPDATED=""
# apt_install PACKAGE...: non-interactive (CI has no stdin), one package-list update per run.
apt_install() {
  export DEBIAN_FRONTEND=noninteractive
  if [[ -z "$APT_UPDATED" ]]; then
    $SUDO apt-get update || return 1
    APT_UPDATED=1
  fi
  $SUDO apt-get install -y --no-install-recommends "$@"
}
node -e "require('chdb')" 2>/dev/null || node --input-type=module -e "await import('chdb')" || {
  echo "chDB native library is missing: run npm install" >&2
  exit 1
}

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [[ ! -x "$CHROMIUM" ]]; then
  echo "Chromium is missing at $CHROMIUM: installing Debian's chromium package" >&2
  if ! apt_install chromium || [[ ! -x "$CHROMIUM" ]]; then
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

# Debian's Lua 5.4: runs the Luau module of the Event Credentials page in test/src/events/.
if ! command -v "${LUA_PATH:-lua5.4}" >/dev/null; then
  echo "Lua 5.4 is missing: installing Debian's lua5.4 package" >&2
  if ! apt_install lua5.4; then
    echo "Could not install Lua 5.4 (apt-get install -y lua5.4)" >&2
    [[ "${CI:-}" == "true" ]] && exit 1
  fi
fi

# Kafka broker for the integration tests (test/src/harness/kafka-broker.ts): KRaft combined mode on Java 17.
java_major() { java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n1; }
if ! command -v java >/dev/null || [[ "$(java_major)" -lt 17 ]]; then
  echo "Java 17 is missing: installing Debian's openjdk-17-jre-headless" >&2
  apt_install openjdk-17-jre-headless || echo "Could not install Java 17" >&2
fi
if ! command -v mvn >/dev/null; then
  echo "Maven is missing: installing Debian's maven package" >&2
  apt_install maven || echo "Could not install Maven" >&2
fi
KAFKA_POM="test/engines/kafka/pom.xml"
KAFKA_CACHE=".test-engines/kafka"
KAFKA_CLASSPATH="$KAFKA_CACHE/classpath.txt"
KAFKA_STAMP="$KAFKA_CACHE/pom.sha256"
kafka_cached() {
  [[ -s "$KAFKA_CLASSPATH" && -f "$KAFKA_STAMP" ]] || return 1
  [[ "$(cat "$KAFKA_STAMP")" == "$(sha256sum "$KAFKA_POM" | cut -d' ' -f1)" ]] || return 1
  local jar
  while IFS= read -r jar; do [[ -f "$jar" ]] || return 1; done < <(tr ':' '\n' <"$KAFKA_CLASSPATH")
}
if ! kafka_cached; then
  echo "Resolving the Kafka broker jars (Maven Central, cached under ~/.m2)" >&2
  mkdir -p "$KAFKA_CACHE"
  if command -v mvn >/dev/null &&
    mvn -q -B -Dstyle.color=never -f "$KAFKA_POM" dependency:build-classpath -Dmdep.outputFile="$PWD/$KAFKA_CLASSPATH.tmp"; then
    mv "$KAFKA_CLASSPATH.tmp" "$KAFKA_CLASSPATH"
    sha256sum "$KAFKA_POM" | cut -d' ' -f1 >"$KAFKA_STAMP"
  else
    rm -f "$KAFKA_CLASSPATH.tmp"
    echo "Could not resolve the Kafka jars (mvn dependency:build-classpath -f $KAFKA_POM)" >&2
    [[ "${CI:-}" == "true" ]] && exit 1
  fi
fi
if [[ "${CI:-}" == "true" ]] && { ! command -v java >/dev/null || [[ "$(java_major)" -lt 17 ]]; }; then
  echo "Java 17 is required for the Kafka test broker" >&2
  exit 1
fi

# Schemathesis for the API fuzz run (test/src/fuzz): Python 3.10 or newer and a venv of its own with
# every package pinned (test/engines/schemathesis/requirements.txt; a seed replays only on the same
# versions). Skipped when the venv was built from the same requirements and its `st` runs.
python_ok() { command -v python3 >/dev/null && python3 -c 'import sys, venv; sys.exit(sys.version_info < (3, 10))' 2>/dev/null; }
if ! python_ok; then
  echo "Python 3.10+ with venv is missing: installing Debian's python3 and python3-venv" >&2
  apt_install python3 python3-venv || echo "Could not install Python 3 (apt-get install -y python3 python3-venv)" >&2
fi
ST_REQUIREMENTS="test/engines/schemathesis/requirements.txt"
ST_VENV=".test-engines/schemathesis"
ST_STAMP="$ST_VENV/requirements.sha256"
schemathesis_cached() {
  [[ -f "$ST_STAMP" && "$(cat "$ST_STAMP")" == "$(sha256sum "$ST_REQUIREMENTS" | cut -d' ' -f1)" ]] || return 1
  "$ST_VENV/bin/st" --version >/dev/null 2>&1
}
if ! schemathesis_cached; then
  echo "Installing Schemathesis into $ST_VENV (pinned by $ST_REQUIREMENTS)" >&2
  rm -rf "$ST_VENV"
  # Without ensurepip (Debian's python3 before python3-venv) the venv has no pip: say so, do not half-install.
  if python_ok && python3 -m venv "$ST_VENV" && [[ -x "$ST_VENV/bin/pip" ]] &&
    "$ST_VENV/bin/pip" install --quiet --disable-pip-version-check --no-input -r "$ST_REQUIREMENTS"; then
    sha256sum "$ST_REQUIREMENTS" | cut -d' ' -f1 >"$ST_STAMP"
  else
    rm -rf "$ST_VENV"
    echo "Could not install Schemathesis (python3 -m venv $ST_VENV && $ST_VENV/bin/pip install -r $ST_REQUIREMENTS)" >&2
    [[ "${CI:-}" == "true" ]] && exit 1
  fi
fi
