import { parseArgs } from 'node:util'
import { killAllLudex } from '../harness/ludex-process.ts'
import { benchSweepScale } from './sweep-scale.ts'

/**
 * `make bench-scale` (not part of `make test` or `make bench`): the games sweep at 100,000 experiences
 * within the platform's per-address budget (test/src/bench/sweep-scale.ts). Figures, never assertions,
 * one `BENCH <name> <value> <unit>` line each. Options: --experiences, --pollers, --slots, --budget,
 * --fault-rate.
 */
const { values } = parseArgs({
  options: {
    experiences: { type: 'string', default: '100000' },
    pollers: { type: 'string', default: '4' },
    slots: { type: 'string', default: '2' },
    budget: { type: 'string', default: '300' },
    'fault-rate': { type: 'string', default: '0.01' },
  },
})
const int = (name: 'experiences' | 'pollers' | 'slots' | 'budget') => {
  const n = Number(values[name])
  if (!Number.isInteger(n) || n <= 0) throw new RangeError(`--${name} must be a positive integer`)
  return n
}
const faultRate = Number(values['fault-rate'])
if (!(faultRate >= 0 && faultRate <= 1)) throw new RangeError('--fault-rate must be within [0, 1]')

process.on('SIGINT', () => {
  void killAllLudex().finally(() => process.exit(130))
})

const f = await benchSweepScale({
  experiences: int('experiences'),
  seed: 20_240_920,
  pollers: int('pollers'),
  slots: int('slots'),
  addressBudget: int('budget'),
  faultRate,
  log: (line) => console.error(`[bench-scale] ${line}`),
})
const worst = Math.min(...f.slots.map((s) => (s.due > 0 ? s.captured / s.due : 1)))
const slowest = Math.max(...f.slots.map((s) => s.sweepSeconds))
const requests = [...f.addresses.values()].map((a) => a.requests)
const throttled = [...f.addresses.values()].reduce((n, a) => n + a.throttled, 0)
console.log(`BENCH sweep_100k_seconds ${slowest.toFixed(1)} s`)
console.log(`BENCH slot_completeness_100k ${(worst * 100).toFixed(3)} %`)
console.log(`BENCH sweep_100k_tracked ${f.tracked} experiences`)
console.log(`BENCH sweep_100k_slots ${f.slots.length} slots`)
if (f.reported) {
  // The newest slot as its completion job saw it: a cross-check of the bus count above.
  console.log(`BENCH sweep_100k_reported_completeness ${(f.reported.completeness * 100).toFixed(3)} %`)
  console.log(`BENCH sweep_100k_reported_seconds ${f.reported.seconds.toFixed(1)} s`)
}
console.log(`BENCH sweep_100k_overruns ${f.overruns} sweeps`)
console.log(`BENCH sweep_100k_addresses ${f.addresses.size} addresses`)
console.log(`BENCH sweep_100k_requests_per_address_max ${Math.max(...requests)} requests`)
console.log(`BENCH sweep_100k_throttled ${throttled} responses`)
console.log(`BENCH sweep_100k_loadavg ${f.loadAverage.map((l) => l.toFixed(2)).join('/')} load`)
