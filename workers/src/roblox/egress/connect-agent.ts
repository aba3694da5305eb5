import http from 'node:http'
import https from 'node:https'
import type { Duplex } from 'node:stream'
import tls from 'node:tls'
import { EgressError } from './errors.ts'

export interface ProxyEndpoint {
  readonly host: string
  readonly port: number
  /** Proxy-Authorization and the like, sent with every CONNECT. */
  readonly headers: Record<string, string>
  /** The local address the connection to the proxy leaves by, if bound. */
  readonly localAddress?: string | undefined
}

/**
 * An https agent whose connections are tunnels through an HTTP proxy (CONNECT host:port, then TLS to
 * the origin inside it). Kept alive and pooled per origin like any agent's sockets.
 */
export class ConnectTunnelAgent extends https.Agent {
  constructor(
    private readonly proxy: ProxyEndpoint,
    options: https.AgentOptions,
  ) {
    super(options)
  }

  // Node's Agent accepts a connection handed to the callback later (its `oncreate` path).
  override createConnection(
    options: tls.ConnectionOptions & { host?: string; port?: number },
    callback: (err: Error | null, socket?: Duplex) => void,
  ): undefined {
    const target = `${options.host ?? 'localhost'}:${options.port ?? 443}`
    const req = http.request({
      host: this.proxy.host,
      port: this.proxy.port,
      method: 'CONNECT',
      path: target,
      headers: { ...this.proxy.headers, host: target },
      agent: false,
      ...(this.proxy.localAddress && { localAddress: this.proxy.localAddress }),
    })
    req.once('connect', (res, socket) => {
      if (res.statusCode !== 200) {
        socket.destroy()
        callback(new EgressError(`the proxy refused CONNECT ${target} (${res.statusCode})`))
        return
      }
      const secure = tls.connect({ ...options, socket, servername: options.servername ?? options.host })
      callback(null, secure)
    })
    req.once('error', (err) =>
      callback(new EgressError(`the proxy could not be reached for ${target}`, { cause: err })),
    )
    req.end()
    return undefined
  }
}
