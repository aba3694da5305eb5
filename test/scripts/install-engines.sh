#!/usr/bin/env bash
# Installs the engines tests need that npm does not bring. chDB comes with npm (package chdb).
# Later issues add: Java 17 + Kafka jars, redis-server, PostgreSQL, Chromium.
set -euo pipefail
node -e "require('chdb')" 2>/dev/null || node --input-type=module -e "await import('chdb')" || {
  echo "chDB native library is missing: run npm ci" >&2
  exit 1
}
