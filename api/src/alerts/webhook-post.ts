import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'
import type { WebhookTarget } from './webhook-target.ts'

/*
 * One webhook call over node:http(s), connected to the address the SSRF check approved: the request's
 * `lookup` answers that address whatever the name resolves to now, while the URL's host still names
 * the server (the Host header, and TLS's SNI and certificate check for https). Redirects are not
 * followed: a 3xx is an answer like any other non-2xx.
 */

export interface WebhookPost {
  readonly url: string
  readonly target: Extract<WebhookTarget, { refused: null }>
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
  /** A call not answered by then has failed. */
  readonly timeoutMs: number
}

/** A `lookup` that answers the pinned address, in the shape the caller asked for (one, or all). */
function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return (_host, options, callback) => {
    // net.connect asks for every address when it tries families in turn (autoSelectFamily).
    if (options.all) callback(null, [{ address, family }])
    else callback(null, address, family)
  }
}

/** Posts the body; null on a 2xx answer, else what went wrong (the status, the error, the timeout). */
export function postToWebhook(post: WebhookPost): Promise<string | null> {
  const url = new URL(post.url)
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { ...post.headers, 'content-length': String(Buffer.byteLength(post.body)) },
        lookup: pinnedLookup(post.target.address, post.target.family),
        signal: AbortSignal.timeout(post.timeoutMs),
      },
      (res) => {
        // The answer's body is not read: drained so the socket closes.
        res.resume()
        const status = res.statusCode ?? 0
        resolve(status >= 200 && status < 300 ? null : `HTTP ${status}`)
      },
    )
    req.on('error', (err: Error) => {
      const timedOut = err.name === 'AbortError' || err.name === 'TimeoutError'
      resolve(timedOut ? `no answer within ${post.timeoutMs} ms` : err.message)
    })
    req.end(post.body)
  })
}
