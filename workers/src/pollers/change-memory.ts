/**
 * What each on-change poller saw last, keyed like 'details:<universe>' or 'thumb:Icon:<universe>'.
 * Values are stable JSON text (or a hash). Reads and writes are batched and asynchronous, so the store
 * can be shared: in memory for the embedded shape, a Redis hash when REDIS_URL is set (every poller
 * process agrees on what was published, and a restart does not republish every current value).
 */
export interface ChangeMemory {
  /** The last remembered value of each of `keys` that has one; keys never remembered are absent. */
  recall(keys: readonly string[]): Promise<ReadonlyMap<string, string>>
  /** Records values (the last one wins for a key given twice). */
  remember(entries: readonly (readonly [string, string])[]): Promise<void>
}

export function createInMemoryChangeMemory(): ChangeMemory {
  const seen = new Map<string, string>()
  return {
    recall: async (keys) => {
      const found = new Map<string, string>()
      for (const key of keys) {
        const value = seen.get(key)
        if (value !== undefined) found.set(key, value)
      }
      return found
    },
    remember: async (entries) => {
      for (const [key, value] of entries) seen.set(key, value)
    },
  }
}

export class UnrecalledKeyError extends Error {
  constructor(readonly key: string) {
    super(`change memory key '${key}' was not recalled before use`)
    this.name = 'UnrecalledKeyError'
  }
}

/**
 * One run's view of the memory: the keys it will consider are recalled up front in one batch, values
 * that differ are queued, and they are remembered only on commit (after the publish succeeded), so a
 * failed publish is attempted again on the next run instead of being lost.
 */
export class PendingChanges {
  readonly #entries: Array<readonly [string, string]> = []

  private constructor(
    private readonly memory: ChangeMemory,
    private readonly recalled: ReadonlySet<string>,
    private readonly known: ReadonlyMap<string, string>,
  ) {}

  static async recall(memory: ChangeMemory, keys: readonly string[]): Promise<PendingChanges> {
    return new PendingChanges(memory, new Set(keys), await memory.recall(keys))
  }

  /** What `key` held before this run. */
  last(key: string): string | undefined {
    this.#check(key)
    return this.known.get(key)
  }

  /** True (and queued) when `value` differs from what `key` last held. */
  offer(key: string, value: string): boolean {
    if (this.last(key) === value) return false
    this.#entries.push([key, value])
    return true
  }

  // A key that was not recalled would read as never seen and republish on every run.
  #check(key: string): void {
    if (!this.recalled.has(key)) throw new UnrecalledKeyError(key)
  }

  async commit(): Promise<void> {
    const entries = this.#entries.splice(0)
    if (entries.length > 0) await this.memory.remember(entries)
  }
}
