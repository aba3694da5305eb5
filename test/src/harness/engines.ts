/**
 * The real engines the suite runs against, and how to tell whether each is here. With CI=true a
 * missing engine fails the run; on a developer's machine the tests that need it fail with the same
 * message (they never skip silently).
 */
export interface EngineCheck {
  readonly name: string
  /** Resolves with a version or detail string, rejects with the reason the engine is unavailable. */
  readonly probe: () => Promise<string>
  readonly install: string
}

export const engines: readonly EngineCheck[] = [
  {
    name: 'chDB (embedded ClickHouse)',
    install: 'npm ci (package chdb brings its native library)',
    probe: async () => {
      const chdb = (await import('chdb')) as { query: (sql: string, format: string) => string }
      return `ClickHouse ${chdb.query('SELECT version()', 'TSVRaw').trim()}`
    },
  },
]

export class MissingEngineError extends Error {
  constructor(engine: string, install: string, options: { cause: unknown }) {
    super(`Required test engine '${engine}' is not available (install: ${install})`, options)
    this.name = 'MissingEngineError'
  }
}
