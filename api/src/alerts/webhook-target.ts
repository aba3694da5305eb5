import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'

/*
 * Where a webhook may point (SSRF): a URL any user typed, called from inside the deployment. Unless
 * ALERT_WEBHOOK_ALLOW_PRIVATE is on, an address in a private, loopback, link-local, shared or
 * otherwise non-public range is refused, when the alert is created (a literal address) and before
 * each call (every address the name resolves to). Redirects are not followed (sender.ts).
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

/** Refused before a call: the address's name resolves to a private address (or does not resolve). */
export async function resolvedTargetRefusal(rawUrl: string, allowPrivate: boolean): Promise<string | null> {
  const literal = literalTargetRefusal(rawUrl, allowPrivate)
  if (literal || allowPrivate) return literal
  const host = hostOf(new URL(rawUrl))
  if (isIP(host)) return null
  let addresses: { address: string }[]
  try {
    addresses = await lookup(host, { all: true })
  } catch {
    return `${host} does not resolve`
  }
  return addresses.some((a) => isPrivateAddress(a.address))
    ? `${host} resolves to a private or loopback address`
    : null
}
