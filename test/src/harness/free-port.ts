import { createServer } from 'node:net'

/**
 * A TCP port free on 127.0.0.1 right now: the kernel hands one out and it is released at once for the
 * engine to bind moments later (each engine's start retries or fails loudly on the rare clash). The one
 * copy for the harness and the e2e runner.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    // Never keeps a test process alive on its own.
    server.unref()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => (port ? resolve(port) : reject(new Error('the kernel gave no free port'))))
    })
  })
}
