/**
 * Throughput of the history generator on one core: `npx tsx workers/src/history/bench.ts [experiences] [days]`.
 * Prints figures; it asserts nothing (benchmarks are commands, not timed tests).
 */
import { createPlatformModel } from '../simulator/model/index.ts'
import { historyBatches } from './generate.ts'

const experiences = Number(process.argv[2] ?? 2000)
const days = Number(process.argv[3] ?? 7)
const model = createPlatformModel({ seed: 1, experiences })
const toMs = Date.UTC(2026, 10, 1)
const fromMs = toMs - days * 86_400_000

const started = performance.now()
let snapshots = 0
let other = 0
for (const batch of historyBatches(model, { fromMs, toMs })) {
  snapshots += batch.snapshots.length
  other += batch.metadata.length + batch.charts.length + batch.platform.length + batch.dailyPicks.length
}
const seconds = (performance.now() - started) / 1000
process.stdout.write(
  `history: ${experiences} experiences × ${days} days: ${snapshots.toLocaleString('en')} snapshots ` +
    `(+${other.toLocaleString('en')} other messages) in ${seconds.toFixed(2)} s = ` +
    `${Math.round(snapshots / seconds).toLocaleString('en')} snapshots/s on one core\n`,
)
