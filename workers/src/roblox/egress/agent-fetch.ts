import http from 'node:http'
import https from 'node:https'

/** How one request leaves this process: the agent, and for a forward proxy where to send it instead. */
export interface Route {
  readonly agent: http.Agent
  /** A forward proxy for plain http: the request goes to it with the absolute URL as its path. */
  readonly forwardTo?: {
    readonly host: string
    readonly port: number
    readonly headers: Record<string, string>
  }
}

/** The body the Roblox client sends: a string (JSON) or nothing. */
function bodyOf(init: RequestInit | undefined): string | null {
  const body = init?.body
  if (body === undefined || body === null) return null
  if (typeof body === 'string') return body
  throw new TypeError('agent fetch sends string bodies only')
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  new Headers(init?.headers).forEach((value, key) => {
    out[key] = value
  })
  return out
}

function responseOf(res: http.IncomingMessage, body: Buffer): Response {
  const headers = new Headers()
  const raw = res.rawHeaders
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!)
  const status = res.statusCode ?? 502
  // A Response refuses a body with these statuses.
  const empty = status === 204 || status === 205 || status === 304
  return new Response(empty ? null : new Uint8Array(body), {
    status,
    statusText: res.statusMessage ?? '',
    headers,
  })
}

/**
 * The subset of fetch the Roblox client uses (method, headers, a string body, signal; status, headers,
 * text), on node:http with an agent of our choosing, so a request can leave by a given local address
 * or through a proxy. Node 20's built-in fetch takes no agent.
 */
export function agentFetch(route: (url: URL) => Route): typeof globalThis.fetch {
  const call = (input: string | URL | Request, init?: RequestInit): Promise<Response> =>
    new Promise((resolve, reject) => {
      const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url)
      const signal = init?.signal ?? undefined
      if (signal?.aborted) {
        reject(signal.reason)
        return
      }
      const body = bodyOf(init)
      const headers = headersOf(init)
      if (body !== null) headers['content-length'] = String(Buffer.byteLength(body))
      const { agent, forwardTo } = route(url)
      const method = init?.method ?? 'GET'
      const req = forwardTo
        ? http.request({
            host: forwardTo.host,
            port: forwardTo.port,
            method,
            path: url.href,
            headers: { ...headers, ...forwardTo.headers, host: url.host },
            agent,
          })
        : (url.protocol === 'https:' ? https : http).request(url, { method, headers, agent })
      const onAbort = () => req.destroy(signal?.reason)
      signal?.addEventListener('abort', onAbort, { once: true })
      const done = () => signal?.removeEventListener('abort', onAbort)
      req.once('error', (err) => {
        done()
        reject(signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: err }))
      })
      req.once('response', (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.once('error', (err) => {
          done()
          reject(signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: err }))
        })
        res.once('end', () => {
          done()
          resolve(responseOf(res, Buffer.concat(chunks)))
        })
      })
      req.end(body ?? undefined)
    })
  return call as typeof globalThis.fetch
}
