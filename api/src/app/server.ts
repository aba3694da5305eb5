import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type Koa from 'koa'

export interface RunningServer {
  readonly url: string
  readonly server: Server
  close(): Promise<void>
}

export async function listen(app: Koa, host: string, port: number): Promise<RunningServer> {
  const server = createServer(app.callback())
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolvePromise())
  })
  const address = server.address() as AddressInfo
  const shownHost =
    host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host
  return {
    url: `http://${shownHost}:${address.port}`,
    server,
    close: () =>
      new Promise<void>((resolvePromise, reject) => {
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolvePromise()))
      }),
  }
}
