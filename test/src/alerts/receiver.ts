import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A webhook receiver on a loopback port: it keeps what it was sent and answers `status`. */
export interface Receiver {
  readonly url: string
  readonly received: { headers: IncomingHttpHeaders; body: string }[]
  close(): Promise<void>
}

export async function startReceiver(status: number): Promise<Receiver> {
  const received: Receiver['received'] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      res.writeHead(status, { 'content-type': 'text/plain' })
      res.end(status < 300 ? 'ok' : 'failing on purpose')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
