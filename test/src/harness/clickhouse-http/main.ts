import { serveClickHouseHttp } from './server.ts'

/**
 * Child-process entry of the ClickHouse HTTP harness: serves the chDB data dir given in
 * LUDEX_CH_HTTP_PATH on loopback, prints one JSON line `{"url": ...}` once listening, and exits when
 * its stdin closes (the parent went away) or on SIGTERM/SIGINT.
 */
const path = process.env.LUDEX_CH_HTTP_PATH
if (!path) {
  console.error('LUDEX_CH_HTTP_PATH is not set')
  process.exit(2)
}
const server = await serveClickHouseHttp({
  path,
  port: Number(process.env.LUDEX_CH_HTTP_PORT ?? 0),
  ...(process.env.LUDEX_CH_HTTP_USER !== undefined && { user: process.env.LUDEX_CH_HTTP_USER }),
  ...(process.env.LUDEX_CH_HTTP_PASSWORD !== undefined && { password: process.env.LUDEX_CH_HTTP_PASSWORD }),
})
process.stdout.write(`${JSON.stringify({ url: server.url, version: server.version })}\n`)

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  await server.close()
  process.exit(0)
}
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
process.stdin.on('end', stop)
process.stdin.on('close', stop)
process.stdin.resume()
