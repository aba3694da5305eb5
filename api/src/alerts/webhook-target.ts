import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'

/*
 * Where a webhook may point (SSRF): a URL any user typed, called from inside the deployment. Unless
 * ALERT_WEBHOOK_ALLOW_PRIVATE is on, an address in a private, loopback, link-local, shared or
 * otherwise non-public range is refused, when the alert is created (a literal address) and before
 * each call (every address the name resolves to, and the call connects to the address checked: see
 * checkedWebhookTarget). Redirects are not followed (webhook-post.ts).
 */

const PRIVATE = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4')
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6')
}

/** Whether an IP address is outside the public internet (IPv4-mapped IPv6 checked as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped?.[1]) return PRIVATE.check(mapped[1], 'ipv4')
  const family = isIP(address)
  if (family === 4) return PRIVATE.check(address, 'ipv4')
  if (family === 6) return PRIVATE.check(address, 'ipv6')
  return true
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '')
}

/** Why a webhook address is refused without resolving it (a literal private address, localhost), or null. */
export function literalTargetRefusal(rawUrl: string, allowPrivate: boolean): string | null {
  const url = new URL(rawUrl)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http or https address'
  if (url.username || url.password) return 'must not hold a user name or password'
  if (allowPrivate) return null
  const host = hostOf(url).toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost')) return 'must not point at this server (localhost)'
  if (isIP(host) && isPrivateAddress(host)) return 'must be a public address, not a private or loopback one'
  return null
}

/** Resolves a host name to every address it has (the system resolver by default). */
export type ResolveHost = (host: string) => Promise<readonly { address: string; family: number }[]>

const systemResolve: ResolveHost = (host) => lookup(host, { all: true })

/** The address one webhook call connects to, once checked; or why the call is refused. */
export type WebhookTarget =
  | { readonly refused: string }
  | { readonly refused: null; readonly address: string; readonly family: 4 | 6 }

/**
 * Checked before each call: every address the name resolves to must be public (unless private targets
 * are allowed), and the call then connects to the first of them, the address checked, never resolving
 * the name again: a name that answers a public address to the check and a private one to the connect
 * (DNS rebinding) cannot reach inside. A literal address is its own target.
 */
export async function checkedWebhookTarget(
  rawUrl: string,
  allowPrivate: boolean,
  resolve: ResolveHost = systemResolve,
): Promise<WebhookTarget> {
  const literal = literalTargetRefusal(rawUrl, allowPrivate)
  if (literal) return { refused: literal }
  const host = hostOf(new URL(rawUrl))
  const literalFamily = isIP(host)
  if (literalFamily === 4 || literalFamily === 6)
    return { refused: null, address: host, family: literalFamily }
  let addresses: readonly { address: string; family: number }[]
  try {
    addresses = await resolve(host)
  } catch {
    return { refused: `${host} does not resolve` }
  }
  const first = addresses[0]
  if (!first) return { refused: `${host} does not resolve` }
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) {
    return { refused: `${host} resolves to a private or loopback address` }
  }
  return { refused: null, address: first.address, family: isIP(first.address) === 6 ? 6 : 4 }
}
