#!/usr/bin/env node
// `make bench-scale`: 100,000 experiences swept every 10 minutes by 4 `ludex poller` processes on
// 127.0.0.2–5 within the simulator's per-address budget (test/src/bench/scale-main.ts, through tsx like
// bin/ludex.mjs). Figures, never assertions. Real 10-minute slots: up to 10 minutes' wait for the first
// boundary, then 10 minutes a slot. Options: --experiences, --pollers, --slots, --budget, --fault-rate.
import { register } from 'tsx/esm/api'

register()
await import('../src/bench/scale-main.ts')
