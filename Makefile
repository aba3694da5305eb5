# Ludex — the two set-up commands are `make run` and `make test`; both install what they need.
SHELL := /bin/bash
.DEFAULT_GOAL := run
NODE_MODULES_STAMP := node_modules/.ludex-installed

.PHONY: run test bench bench-scale bench-storage lint format install test-engines build web clean

$(NODE_MODULES_STAMP): package.json package-lock.json */package.json
	# npm install (not npm ci): the lockfile cannot list optional binaries for other platforms that the
	# package registry reachable here does not serve; install still honours the locked versions.
	npm install --no-audit --no-fund
	@touch $@

install: $(NODE_MODULES_STAMP)

web/dist/index.html: $(NODE_MODULES_STAMP) $(shell find web/src web/public web/scripts web/index.html web/vite.config.ts -type f 2>/dev/null)
	npm run build -w @ludex/web

build: install web/dist/index.html

# The embedded stack with the simulator at http://localhost:8080 (on an empty data dir it serves at once and
# backfills 120 days behind, the newest 7 first).
# Local use, so the mail outbox is listed at /api/dev/outbox (`make run MAIL_OUTBOX_PAGE=false` hides it).
MAIL_OUTBOX_PAGE ?= true
run: build
	MAIL_OUTBOX_PAGE=$(MAIL_OUTBOX_PAGE) node --max-semi-space-size=64 bin/ludex.mjs run

# Engines the tests use that npm does not bring: Chromium, redis-server, PostgreSQL, Kafka jars, Schemathesis.
test-engines:
	@bash test/scripts/install-engines.sh

test: install test-engines
	npx biome check .
	npx tsc -p tsconfig.json
	npx tsc -p web/tsconfig.json
	npx tsc -p test/e2e/tsconfig.json
	node test/scripts/run-tests.mjs

lint: install
	npx biome check .
	npx tsc -p tsconfig.json
	npx tsc -p web/tsconfig.json
	npx tsc -p test/e2e/tsconfig.json

format: install
	npx biome check --write .

# The embedded bench's store is kept for the distributed bench's API run through a ClickHouse server.
BENCH_STORE := .bench-store

bench: build test-engines
	rm -rf $(BENCH_STORE)
	node --max-semi-space-size=64 bin/ludex.mjs bench --data-dir $(BENCH_STORE)
	node test/scripts/bench-first-page.mjs
	node test/scripts/bench-web.mjs
	node test/scripts/bench-distributed.mjs --api-data-dir $(BENCH_STORE)
	rm -rf $(BENCH_STORE)

# Not part of make test or make bench: 100,000 experiences, 4 pollers on 127.0.0.2–5, at least two real
# 10-minute slots (20–30 minutes in all). Prints BENCH sweep_100k_seconds and slot_completeness_100k.
bench-scale: install test-engines
	node --max-semi-space-size=64 test/scripts/bench-scale.mjs $(BENCH_SCALE_ARGS)

# Storage and materialisation at scale (issue 19.3), not part of `make test` or `make bench`: a backfill of
# DAYS × EXPERIENCES into a temporary data dir (`make bench-storage DAYS=30 EXPERIENCES=100000`: hours).
DAYS ?= 30
EXPERIENCES ?= 2000
bench-storage: install
	node --max-semi-space-size=64 bin/ludex.mjs bench-storage --days $(DAYS) --experiences $(EXPERIENCES)

clean:
	rm -rf data .bench-store .test-engines web/dist .vitest-results.json .playwright-results.json test/e2e/test-results test/e2e/screenshots
