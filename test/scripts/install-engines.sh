#!/usr/bin/env bash
# Installs the engines tests need that npm does not bring. chDB comes with npm (package chdb).
# Chromium is Debian's package (the e2e tests and the Lighthouse bench never download a browser).
# Apache Kafka: Debian's Java 17 and Maven, the broker's jars from Maven Central (cached under ~/.m2).
# Later issues add: redis-server, PostgreSQL.
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
