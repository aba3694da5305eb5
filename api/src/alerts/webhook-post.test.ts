import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postToWebhook } from './webhook-post.ts'
import { checkedWebhookTarget, type ResolveHost } from './webhook-target.ts'

/*
 * The SSRF check and the call it approves (DNS rebinding): the call connects to the address the check
 * saw, never resolving the name again. A real receiver on loopback stands for what is inside the
 * deployment; a resolver of the test's own stands for a hostile name server that answers a public
 * address first and loopback after.
 */

let server: Server
let port = 0
const received: { headers: IncomingHttpHeaders; body: string }[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      res.writeHead(204)
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** Answers `first` to the first question and `then` to every later one, counting the questions. */
function rebinding(first: string, then: string): ResolveHost & { asked: () => number } {
  let asked = 0
  const resolve = async () => {
    asked++
    return [{ address: asked === 1 ? first : then, family: 4 }]
  }
  return Object.assign(resolve, { asked: () => asked })
}

const post = (url: string, target: { address: string; family: 4 | 6 }, timeoutMs = 2000) =>
  postToWebhook({
    url,
    target: { refused: null, ...target },
    headers: { 'content-type': 'application/json' },
    body: '{"ok":true}',
    timeoutMs,
  })

describe('a webhook call connects to the address the check approved', () => {
  it('reaches the pinned address under a name no resolver knows, with the name as its Host', async () => {
    const before = received.length
    // `.invalid` never resolves (RFC 6761): a call that resolved the name again could not connect.
    const error = await post(`http://hooks.ludex.invalid:${port}/hook`, { address: '127.0.0.1', family: 4 })
    expect(error).toBeNull()
    expect(received).toHaveLength(before + 1)
    expect(received.at(-1)?.headers.host).toBe(`hooks.ludex.invalid:${port}`)
    expect(received.at(-1)?.body).toBe('{"ok":true}')
  })

  it('does not reach a loopback receiver through a name rebound after the check', async () => {
    const before = received.length
    const url = `http://rebind.ludex.invalid:${port}/hook`
    // TEST-NET-3 (RFC 5737): public to the check, and nothing answers there.
    const dns = rebinding('203.0.113.10', '127.0.0.1')
    const target = await checkedWebhookTarget(url, false, dns)
    expect(target).toEqual({ refused: null, address: '203.0.113.10', family: 4 })
    // The call goes to the checked address (and fails there), not to where the name points now.
    if (target.refused !== null) throw new Error(target.refused)
    const error = await post(url, target, 300)
    expect(error).not.toBeNull()
    expect(received).toHaveLength(before)
    expect(dns.asked()).toBe(1)
    // Asked again, the name is loopback, and the check refuses it.
    expect(await checkedWebhookTarget(url, false, dns)).toEqual({
      refused: 'rebind.ludex.invalid resolves to a private or loopback address',
    })
  })

  it('refuses a name with any private address, and one that does not resolve', async () => {
    const mixed: ResolveHost = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ]
    expect(await checkedWebhookTarget('https://hooks.example.com/x', false, mixed)).toEqual({
      refused: 'hooks.example.com resolves to a private or loopback address',
    })
    const none: ResolveHost = async () => {
      throw new Error('ENOTFOUND')
    }
    expect(await checkedWebhookTarget('https://hooks.example.com/x', false, none)).toEqual({
      refused: 'hooks.example.com does not resolve',
    })
    // Private targets allowed (a test deployment): loopback is a target like any other.
    expect(await checkedWebhookTarget(`http://127.0.0.1:${port}/hook`, true)).toEqual({
      refused: null,
      address: '127.0.0.1',
      family: 4,
    })
  })
})
