/**
 * What each on-change poller saw last, keyed like 'details:<universe>' or 'thumb:Icon:<universe>'.
 * Values are stable JSON text (or a hash). In memory here; a restart therefore republishes each
 * current value once, which the sink absorbs (same content → same message id).
 */
export interface ChangeMemory {
  get(key: string): string | undefined
  set(key: string, value: string): void
}

export function createInMemoryChangeMemory(): ChangeMemory {
  const seen = new Map<string, string>()
  return {
    get: (key) => seen.get(key),
    set: (key, value) => {
      seen.set(key, value)
    },
  }
}

/**
 * Values that differ from memory, remembered only on commit (after the publish succeeded), so a
 * failed publish is attempted again on the next run instead of being lost.
 */
export class PendingChanges {
  readonly #entries: Array<readonly [string, string]> = []
  constructor(private readonly memory: ChangeMemory) {}

  /** True (and queued) when `value` differs from what `key` last held. */
  offer(key: string, value: string): boolean {
    if (this.memory.get(key) === value) return false
    this.#entries.push([key, value])
    return true
  }

  commit(): void {
    for (const [key, value] of this.#entries) this.memory.set(key, value)
    this.#entries.length = 0
  }
}
