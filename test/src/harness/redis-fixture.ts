import { Redis } from 'ioredis'
import { afterAll, beforeAll } from 'vitest'
import { type RedisServer, type RedisServerOptions, startRedisServer } from './redis-server.ts'

/** What a test file gets from useRedisServer(). */
export interface RedisFixture {
  /** The file's redis-server; read it inside tests and hooks (it starts in beforeAll). */
  readonly server: RedisServer
  /**
   * A connection of its own (another process, as far as Redis can tell), opened as cli's shared state
   * opens it: connected when it resolves, and failing a command at once while Redis is unreachable
   * instead of queueing it. Disconnected after the file's last test.
   */
  connect(): Promise<Redis>
  /** A key prefix no other call in this file returns: a deployment of its own on the shared server. */
  prefix(label?: string): string
}

/**
 * One real redis-server for the calling test file: started before its first test, stopped after its last,
 * with the connections its tests opened. Call it at the top of the file (it registers the file's hooks).
 */
export function useRedisServer(options: RedisServerOptions = {}): RedisFixture {
  let server: RedisServer | undefined
  const connections: Redis[] = []
  let prefixes = 0
  beforeAll(async () => {
    server = await startRedisServer(options)
  })
  afterAll(async () => {
    for (const c of connections.splice(0)) c.disconnect()
    await server?.stop()
  })
  const fixture: RedisFixture = {
    get server() {
      if (!server) throw new Error('the redis-server is read before its beforeAll hook ran')
      return server
    },
    async connect() {
      const c = new Redis(fixture.server.url, {
        lazyConnect: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
      })
      // Tests stop and pause the server on purpose; the commands' own failures are what they check.
      c.on('error', () => {})
      connections.push(c)
      await c.connect()
      return c
    },
    prefix: (label = 'p') => `${label}${++prefixes}`,
  }
  return fixture
}
