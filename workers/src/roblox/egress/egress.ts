import http from 'node:http'
import https from 'node:https'
import { DEFAULT_EGRESS } from '../pacing.ts'
import { agentFetch, type Route } from './agent-fetch.ts'
import { ConnectTunnelAgent } from './connect-agent.ts'
import { EgressError } from './errors.ts'

/**
 * How a poller's requests leave this machine (issue 19: upstream budgets each client address): from a
 * local address of its own (ROBLOX_LOCAL_ADDRESS), through an HTTP proxy (ROBLOX_PROXY_URL: plain http
 * forwarded, https tunnelled with CONNECT), both (the proxy reached from that address), or as the system
 * routes them.
 */
export interface EgressOptions {
  readonly localAddress?: string | undefined
  readonly proxyUrl?: string | undefined
}

export interface Egress {
  /**
   * The name of the address upstream sees, for the pacing budget and the logs: `local:<address>`,
   * `proxy:<host>:<port>` (never the proxy's credentials), or DEFAULT_EGRESS.
   */
  readonly label: string
  /** The fetch the Roblox client uses; the platform's own when nothing is configured. */
  readonly fetch: typeof globalThis.fetch
  /** Closes the kept-alive connections. */
  close(): void
}

function proxyOf(proxyUrl: string) {
  const url = new URL(proxyUrl)
  if (url.protocol !== 'http:')
    throw new EgressError(`ROBLOX_PROXY_URL must be an http:// proxy, got ${url.protocol}`)
  const headers: Record<string, string> = {}
  if (url.username || url.password) {
    const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`
    headers['proxy-authorization'] = `Basic ${Buffer.from(credentials).toString('base64')}`
  }
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || 80), headers }
}

/** The egress label of a configuration (see Egress.label). */
export function egressLabel(options: EgressOptions): string {
  if (options.proxyUrl) {
    const p = proxyOf(options.proxyUrl)
    return `proxy:${p.host}:${p.port}`
  }
  if (options.localAddress) return `local:${options.localAddress}`
  return DEFAULT_EGRESS
}

export function createEgress(options: EgressOptions): Egress {
  const label = egressLabel(options)
  const { localAddress, proxyUrl } = options
  if (!proxyUrl && !localAddress) return { label, fetch: globalThis.fetch, close: () => {} }
  const bind = localAddress ? { localAddress } : {}
  const httpAgent = new http.Agent({ keepAlive: true, ...bind })
  let route: (url: URL) => Route
  let httpsAgent: https.Agent
  if (proxyUrl) {
    const proxy = proxyOf(proxyUrl)
    httpsAgent = new ConnectTunnelAgent({ ...proxy, localAddress }, { keepAlive: true })
    const forwardTo = proxy
    route = (url) => (url.protocol === 'https:' ? { agent: httpsAgent } : { agent: httpAgent, forwardTo })
  } else {
    httpsAgent = new https.Agent({ keepAlive: true, ...bind })
    route = (url) => ({ agent: url.protocol === 'https:' ? httpsAgent : httpAgent })
  }
  return {
    label,
    fetch: agentFetch(route),
    close: () => {
      httpAgent.destroy()
      httpsAgent.destroy()
    },
  }
}
