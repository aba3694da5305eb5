import type { Logger } from 'pino'
import type { z } from 'zod'
import { RobloxHttpError, RobloxNetworkError, UpstreamShapeError } from './errors.ts'
import type { HostPacer } from './pacing.ts'
import { upstreamErrorOf } from './shapes/common.ts'

/** The upstream services of roblox-api.md; the base template's `{service}` takes one of these. */
export type RobloxService = 'games' | 'apis' | 'thumbnails' | 'badges' | 'users' | 'groups'

export interface HttpRequest<T> {
  readonly service: RobloxService
  readonly path: string
  readonly query?: Readonly<Record<string, string | number | undefined>>
  readonly method?: 'GET' | 'POST'
  readonly body?: unknown
  readonly schema: z.ZodType<T>
  readonly withCookie?: boolean
  readonly signal?: AbortSignal | undefined
}

export interface HttpCallerOptions {
  readonly baseTemplate: string
  readonly userAgent: string
  readonly cookie?: string | undefined
  readonly timeoutMs: number
  readonly maxRetries: number
  readonly backoffBaseMs: number
  readonly backoffMaxMs: number
  readonly logger: Logger
  readonly fetch: typeof globalThis.fetch
  readonly pacer: HostPacer
  readonly now: () => number
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>
  readonly random: () => number
}

/** Longest retry-after Ludex honours; a larger value is a misbehaving proxy, not a plan. */
const MAX_RETRY_AFTER_MS = 10 * 60_000

/**
 * `retry-after` as milliseconds: delta-seconds or an HTTP date. 0, missing or unparsable give null, so
 * the caller falls back to exponential backoff (some Roblox APIs always send `Retry-After: 0`).
 */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null) return null
  const trimmed = value.trim()
  if (/^\d+(\.\d+)?$/.test(trimmed)) {
    const ms = Number(trimmed) * 1000
    return ms > 0 ? Math.min(ms, MAX_RETRY_AFTER_MS) : null
  }
  const at = Date.parse(trimmed)
  if (Number.isNaN(at)) return null
  const ms = at - now
  return ms > 0 ? Math.min(ms, MAX_RETRY_AFTER_MS) : null
}

export type HttpCaller = <T>(request: HttpRequest<T>) => Promise<T>

/** One request with pacing, timeouts, retries and body validation; the typed methods build on it. */
export function createHttpCaller(options: HttpCallerOptions): HttpCaller {
  const { logger, pacer } = options
  let csrfToken: string | undefined

  const backoff = (attempt: number) => {
    const base = Math.min(options.backoffMaxMs, options.backoffBaseMs * 2 ** attempt)
    // Jitter in [0.5, 1) of the exponential step, so clients that failed together do not retry together.
    return base * (0.5 + options.random() * 0.5)
  }

  const urlOf = (request: HttpRequest<unknown>) => {
    const base = options.baseTemplate.replace('{service}', request.service).replace(/\/+$/, '')
    const url = new URL(base + request.path)
    for (const [k, v] of Object.entries(request.query ?? {})) {
      if (v !== undefined) url.searchParams.set(k, String(v))
    }
    return url.toString()
  }

  return async function call<T>(request: HttpRequest<T>): Promise<T> {
    const url = urlOf(request)
    const method = request.method ?? 'GET'
    let csrfRetried = false
    for (let attempt = 0; ; attempt++) {
      const attempts = attempt + 1
      await pacer.acquire(request.service, request.signal)
      const headers: Record<string, string> = {
        'user-agent': options.userAgent,
        accept: 'application/json',
      }
      if (request.body !== undefined) headers['content-type'] = 'application/json'
      if (request.withCookie && options.cookie) headers.cookie = `.ROBLOSECURITY=${options.cookie}`
      if (csrfToken && method === 'POST') headers['x-csrf-token'] = csrfToken

      const timeout = AbortSignal.timeout(options.timeoutMs)
      const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout
      let status: number
      let text: string
      let retryAfterHeader: string | null
      let csrfHeader: string | null
      try {
        const res = await options.fetch(url, {
          method,
          headers,
          body: request.body === undefined ? null : JSON.stringify(request.body),
          signal,
        })
        status = res.status
        retryAfterHeader = res.headers.get('retry-after')
        csrfHeader = res.headers.get('x-csrf-token')
        text = await res.text()
      } catch (err) {
        if (request.signal?.aborted) throw err
        const timedOut = timeout.aborted
        if (attempt >= options.maxRetries) {
          throw new RobloxNetworkError(url, timedOut, attempts, { cause: err })
        }
        const wait = backoff(attempt)
        logger.debug(
          { url, attempt: attempts, timedOut, waitMs: Math.round(wait) },
          'roblox request failed; retrying',
        )
        await options.sleep(wait, request.signal)
        continue
      }

      if (status >= 200 && status < 300) {
        pacer.relax(request.service)
        let json: unknown
        try {
          json = text === '' ? null : JSON.parse(text)
        } catch (err) {
          throw new UpstreamShapeError(url, 'body is not JSON', { cause: err })
        }
        const parsed = request.schema.safeParse(json)
        if (!parsed.success) {
          const issues = parsed.error.issues
            .slice(0, 5)
            .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
            .join('; ')
          throw new UpstreamShapeError(url, issues, { cause: parsed.error })
        }
        return parsed.data
      }

      const upstream = upstreamErrorOf(safeJson(text))
      const { code, message } = upstream
      const detail = { subcode: upstream.subcode, field: upstream.field }

      // Roblox hands out a CSRF token on a 403 for cookie-authenticated POSTs; retry once with it.
      if (status === 403 && method === 'POST' && csrfHeader && !csrfRetried) {
        csrfRetried = true
        csrfToken = csrfHeader
        attempt--
        continue
      }

      let wait: number
      if (status === 429) {
        const retryAfter = parseRetryAfter(retryAfterHeader, options.now())
        wait = retryAfter ?? backoff(attempt)
        pacer.penalize(request.service, wait)
        logger.warn(
          {
            url,
            attempt: attempts,
            retryAfterMs: retryAfter,
            waitMs: Math.round(wait),
            slowdown: pacer.slowdown(request.service),
          },
          'roblox throttled the request',
        )
      } else if (status >= 500) {
        wait = backoff(attempt)
        logger.debug(
          { url, status, attempt: attempts, waitMs: Math.round(wait) },
          'roblox server error; retrying',
        )
      } else {
        throw new RobloxHttpError(url, status, code, message, attempts, detail)
      }
      if (attempt >= options.maxRetries)
        throw new RobloxHttpError(url, status, code, message, attempts, detail)
      await options.sleep(wait, request.signal)
    }
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
