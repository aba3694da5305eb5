import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the e2e run's code library page shows (the frame's content, as the tests look for it). */
export const CODE_LIBRARY_HEADING = 'Ludex e2e snippets'

/**
 * A code library page for the e2e run, on a loopback port of its own: another origin than the app,
 * so the frame it is shown in proves the CSP's frame-src lets that origin (and only it) in.
 */
export async function startCodeLibrary(): Promise<{ url: string; close: () => Promise<void> }> {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Snippets</title></head>
<body><h1>${CODE_LIBRARY_HEADING}</h1><p>local Players = game:GetService("Players")</p></body></html>`
  const server = createServer((req, res) => {
    if (req.method !== 'GET') {
      res.writeHead(405).end()
      return
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/snippets/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
