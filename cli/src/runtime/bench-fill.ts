import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * What `ludex bench --data-dir` records in the dir it filled, so later runs (and the distributed bench's
 * API run through a ClickHouse server) measure on the same store at the clock of its backfill.
 */
export interface BenchFill {
  /** The backfill's clock: its history ends here. */
  readonly now: number
  readonly days: number
  readonly experiences: number
}

const FILL_FILE = 'bench-fill.json'

/** The fill recorded in dir, or null when it holds none. */
export async function readBenchFill(dir: string): Promise<BenchFill | null> {
  const text = await readFile(join(dir, FILL_FILE), 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null
    throw err
  })
  return text === null ? null : (JSON.parse(text) as BenchFill)
}

export async function writeBenchFill(dir: string, fill: BenchFill): Promise<void> {
  await writeFile(join(dir, FILL_FILE), JSON.stringify(fill))
}
