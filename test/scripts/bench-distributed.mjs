#!/usr/bin/env node
// `make bench`, distributed part: ingest through a real Kafka broker and poll-to-API freshness across the
// role processes (test/src/bench/main.ts, run through tsx like bin/ludex.mjs). Figures, never assertions.
// Options: --only ingest|freshness, --days, --experiences, --partitions, --sinks, --store per-sink|shared|both
// (ingest), --fresh-experiences, --fresh-seconds, --poll-interval-ms (freshness).
import { register } from 'tsx/esm/api'

register()
await import('../src/bench/main.ts')
