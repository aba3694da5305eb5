import { createServer } from 'node:net'

/** Environment variables the runner sets once and its workers (and the web server) inherit. */
export const E2E_ENV = {
  port: 'LUDEX_E2E_PORT',
  /** The run's temp dir: `data/` for the store, `web/` for the private web build. */
  runDir: 'LUDEX_E2E_RUN_DIR',
  webDir: 'LUDEX_E2E_WEB_DIR',
} as const

/** A port free on loopback right now (the server binds it moments later). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))))
    })
  })
}
