/** Base of every failure the Roblox client raises, so callers can catch the family at once. */
export class RobloxClientError extends Error {
  constructor(
    message: string,
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'RobloxClientError'
  }
}

/**
 * An upstream HTTP error: a 4xx other than 429 (never retried), or a 5xx/429 still failing after the
 * last retry. `code`, `upstreamMessage`, `subcode` and `field` come from Roblox's error envelope, in
 * whichever of its shapes it came (upstreamErrorOf); each is null when the body did not say.
 */
export class RobloxHttpError extends RobloxClientError {
  readonly subcode: number | null
  readonly field: string | null

  constructor(
    url: string,
    readonly status: number,
    readonly code: number | null,
    readonly upstreamMessage: string | null,
    readonly attempts: number,
    options?: { cause?: unknown; subcode?: number | null; field?: string | null },
  ) {
    super(
      `HTTP ${status} from ${url}${code === null ? '' : ` (code ${code})`}${upstreamMessage ? `: ${upstreamMessage}` : ''}${options?.field ? ` [field ${options.field}]` : ''} after ${attempts} attempt(s)`,
      url,
      options,
    )
    this.name = 'RobloxHttpError'
    this.subcode = options?.subcode ?? null
    this.field = options?.field ?? null
  }
}

/** The request never got an HTTP answer (connection error or timeout) within the retries. */
export class RobloxNetworkError extends RobloxClientError {
  constructor(
    url: string,
    readonly timedOut: boolean,
    readonly attempts: number,
    options?: { cause?: unknown },
  ) {
    super(
      `${timedOut ? 'Timed out' : 'Network error'} requesting ${url} after ${attempts} attempt(s)`,
      url,
      options,
    )
    this.name = 'RobloxNetworkError'
  }
}

/** A response body lacking a field Ludex requires: upstream changed shape, and silence would corrupt data. */
export class UpstreamShapeError extends RobloxClientError {
  constructor(
    url: string,
    readonly issues: string,
    options?: { cause?: unknown },
  ) {
    super(`Unexpected response shape from ${url}: ${issues}`, url, options)
    this.name = 'UpstreamShapeError'
  }
}

/** A call that needs the .ROBLOSECURITY cookie was made on a client configured without one. */
export class RobloxCookieRequiredError extends RobloxClientError {
  constructor(url: string) {
    super(`${url} needs a .ROBLOSECURITY cookie and none is configured`, url)
    this.name = 'RobloxCookieRequiredError'
  }
}
