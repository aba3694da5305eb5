import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { engines, MissingEngineError } from './engines.ts'

/** Where one test run keeps what its files share (fixture templates); removed when the run ends. */
export const RUN_DIR_ENV = 'LUDEX_TEST_RUN_DIR'

/** Checks every engine once before any test file runs; a missing one stops the run with the reason. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  for (const engine of engines) {
    try {
      const detail = await engine.probe()
      console.log(`[harness] ${engine.name}: ${detail}`)
    } catch (cause) {
      throw new MissingEngineError(engine.name, engine.install, { cause })
    }
  }
  const runDir = await mkdtemp(join(tmpdir(), 'ludex-test-run-'))
  // Test files run in child processes started after this, which inherit the environment.
  process.env[RUN_DIR_ENV] = runDir
  return async () => {
    await rm(runDir, { recursive: true, force: true })
  }
}
