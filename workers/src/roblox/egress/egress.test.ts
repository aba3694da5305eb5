import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ConnectTunnelAgent } from './connect-agent.ts'
import { createEgress, egressLabel } from './egress.ts'

const closers: Array<() => void> = []
afterEach(() => {
  for (const close of closers.splice(0)) close()
})

const listen = async (server: http.Server | https.Server): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(() => {
    server.closeAllConnections()
    server.close()
  })
  return (server.address() as AddressInfo).port
}

/** An origin that answers with the peer address it saw and the request line's path. */
const echoHandler = (req: http.IncomingMessage, res: http.ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json', 'retry-after': '3' })
  res.end(JSON.stringify({ peer: req.socket.remoteAddress, url: req.url, method: req.method }))
}

/**
 * A loopback HTTP proxy: absolute-URI requests forwarded (from 127.0.0.9, so the origin sees the
 * proxy's address), CONNECT tunnelled. It records what it was asked.
 */
async function proxy() {
  const asked: string[] = []
  const server = http.createServer((req, res) => {
    asked.push(`${req.method} ${req.url} ${req.headers['proxy-authorization'] ?? ''}`.trim())
    const target = new URL(req.url ?? '')
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: req.method,
        localAddress: '127.0.0.9',
      },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers)
        r.pipe(res)
      },
    )
    req.pipe(upstream)
  })
  server.on('connect', (req, socket) => {
    asked.push(`CONNECT ${req.url}`)
    const [host, port] = (req.url ?? '').split(':')
    const upstream = net.connect({ host, port: Number(port), localAddress: '127.0.0.9' }, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      upstream.pipe(socket)
      socket.pipe(upstream)
    })
    upstream.on('error', () => socket.destroy())
  })
  return { port: await listen(server), asked }
}

describe('egress', () => {
  it('names the address upstream sees, without a proxy credential', () => {
    expect(egressLabel({})).toBe('default')
    expect(egressLabel({ localAddress: '127.0.0.4' })).toBe('local:127.0.0.4')
    expect(egressLabel({ proxyUrl: 'http://user:secret@10.1.2.3:3128', localAddress: '127.0.0.4' })).toBe(
      'proxy:10.1.2.3:3128',
    )
    expect(() => egressLabel({ proxyUrl: 'https://10.1.2.3' })).toThrow(/http:\/\//)
  })

  it('binds each connection to the local address, and hands back status, headers and body', async () => {
    const port = await listen(http.createServer(echoHandler))
    const egress = createEgress({ localAddress: '127.0.0.7' })
    closers.push(() => egress.close())
    const res = await egress.fetch(`http://127.0.0.1:${port}/v1/games?universeIds=1,2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('retry-after')).toBe('3')
    expect(await res.json()).toEqual({ peer: '127.0.0.7', url: '/v1/games?universeIds=1,2', method: 'POST' })
  })

  it('sends plain http to the proxy as a forward proxy, with its credentials', async () => {
    const origin = await listen(http.createServer(echoHandler))
    const p = await proxy()
    const egress = createEgress({ proxyUrl: `http://ludex:s%3Acret@127.0.0.1:${p.port}` })
    closers.push(() => egress.close())
    const res = await egress.fetch(`http://127.0.0.1:${origin}/v1/games/votes?universeIds=3`)
    // The origin saw the proxy's address: upstream budgets the proxy, not this process.
    expect(await res.json()).toMatchObject({ peer: '127.0.0.9', url: '/v1/games/votes?universeIds=3' })
    const basic = `Basic ${Buffer.from('ludex:s:cret').toString('base64')}`
    expect(p.asked).toEqual([`GET http://127.0.0.1:${origin}/v1/games/votes?universeIds=3 ${basic}`])
  })

  it('tunnels https through the proxy with CONNECT', async () => {
    // A certificate for 127.0.0.1, made for this test.
    const dir = mkdtempSync(join(tmpdir(), 'ludex-egress-'))
    closers.push(() => rmSync(dir, { recursive: true, force: true }))
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    )
    const cert = readFileSync(join(dir, 'cert.pem'))
    const origin = await listen(
      https.createServer({ key: readFileSync(join(dir, 'key.pem')), cert }, echoHandler),
    )
    const p = await proxy()
    const agent = new ConnectTunnelAgent(
      { host: '127.0.0.1', port: p.port, headers: {} },
      { keepAlive: true, ca: cert },
    )
    closers.push(() => agent.destroy())
    const get = () =>
      new Promise<string>((resolve, reject) => {
        https
          .get(`https://127.0.0.1:${origin}/v1/games?universeIds=5`, { agent }, (res) => {
            let body = ''
            res.on('data', (c: Buffer) => (body += c.toString()))
            res.on('end', () => resolve(body))
          })
          .on('error', reject)
      })
    expect(JSON.parse(await get())).toMatchObject({ peer: '127.0.0.9', url: '/v1/games?universeIds=5' })
    // The tunnel is kept alive: a second request reuses it.
    await get()
    expect(p.asked).toEqual([`CONNECT 127.0.0.1:${origin}`])
  })
})
