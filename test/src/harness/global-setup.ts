import { engines, MissingEngineError } from './engines.ts'

/** Checks every engine once before any test file runs; a missing one stops the run with the reason. */
export default async function globalSetup(): Promise<void> {
  for (const engine of engines) {
    try {
      const detail = await engine.probe()
      console.log(`[harness] ${engine.name}: ${detail}`)
    } catch (cause) {
      throw new MissingEngineError(engine.name, engine.install, { cause })
    }
  }
}
