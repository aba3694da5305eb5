export class WaitTimeoutError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'WaitTimeoutError'
  }
}

export interface WaitForOptions {
  /** The bound: only a broken system reaches it (never a timed assertion). */
  readonly timeoutMs?: number
  /** Pause between checks (250 ms: a check is often a query or a scrape of another process). */
  readonly everyMs?: number
}

/**
 * Checks until `check` answers with a value (anything but undefined or false) and returns it: a wait on
 * the event itself, for what can only be observed by asking (a table's row count, a metric, another
 * process). Errors thrown by check() count as "not yet"; the last one is named if the bound is reached.
 * Where the code under test can signal the event (a callback, a gate), await that instead.
 */
export async function waitFor<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  options: WaitForOptions = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 60_000
  const until = Date.now() + timeoutMs
  let last: unknown
  for (;;) {
    try {
      const v = await check()
      if (v !== undefined && v !== false) return v
    } catch (err) {
      last = err
    }
    if (Date.now() >= until) break
    await new Promise((r) => setTimeout(r, options.everyMs ?? 250))
  }
  throw new WaitTimeoutError(
    `${what}: not within ${timeoutMs} ms${last ? ` (last error: ${String(last)})` : ''}`,
    {
      cause: last,
    },
  )
}
