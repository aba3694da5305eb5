import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildProgram } from '@ludex/cli'
import { configSchema, loadConfig } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

/**
 * No Docker engine runs here, so docker-compose.yml and deploy/Dockerfile are kept correct by
 * construction and checked against what they refer to: the CLI's commands and options, the
 * configuration schema, the services they name, and the files they copy or mount.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const ROLES = ['api', 'poller', 'scheduler', 'sink', 'materialiser', 'alerts']

interface Service {
  image?: string
  build?: { context: string; dockerfile: string }
  command?: string[]
  environment?: Record<string, string>
  depends_on?: Record<string, { condition: string }>
  healthcheck?: { test: string[] }
  restart?: string
  volumes?: string[]
  ports?: string[]
}
interface Compose {
  services: Record<string, Service>
  volumes?: Record<string, unknown>
}

// Compose files use YAML merge keys (<<) for the shared parts of the Ludex services.
const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as Compose
const services = Object.entries(compose.services)
const ludexServices = services.filter(([, s]) => s.build?.dockerfile === 'deploy/Dockerfile')
const dockerfile = readFileSync(join(ROOT, 'deploy/Dockerfile'), 'utf8')

/** Host and port a URL-ish setting points at (KAFKA_BROKERS is a comma list of host:port). */
function endpoint(value: string): {
  host: string
  port: number
  user: string
  password: string
  path: string
} {
  const url = new URL(value.includes('://') ? value : `tcp://${value.split(',')[0]}`)
  return {
    host: url.hostname,
    port: Number(url.port),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    path: url.pathname,
  }
}

describe('docker-compose.yml', () => {
  it('parses and runs the engines and one service per role', () => {
    const names = Object.keys(compose.services)
    for (const engine of ['clickhouse', 'kafka', 'redis', 'postgres']) expect(names).toContain(engine)
    const roles = ludexServices.map(([, s]) => s.command?.[0])
    for (const role of ROLES)
      expect(
        roles.filter((r) => r === role),
        role,
      ).toHaveLength(1)
  })

  it('pins every image to a version, from the official repositories', () => {
    for (const [name, s] of services) {
      if (s.build) continue
      expect(s.image, name).toMatch(/^[a-z0-9/._-]+:\d+(\.\d+)+(-[a-z0-9.]+)?$/)
    }
    const image = (name: string) => compose.services[name]!.image!.split(':')[0]
    expect(image('clickhouse')).toBe('clickhouse/clickhouse-server')
    expect(image('kafka')).toBe('apache/kafka')
    expect(image('redis')).toBe('redis')
    expect(image('postgres')).toBe('postgres')
  })

  it('runs Kafka in KRaft mode (one combined broker and controller, no ZooKeeper)', () => {
    const env = compose.services.kafka!.environment!
    expect(env.KAFKA_PROCESS_ROLES?.split(',').sort()).toEqual(['broker', 'controller'])
    expect(env.KAFKA_CONTROLLER_QUORUM_VOTERS).toBe(`${env.KAFKA_NODE_ID}@kafka:9093`)
    expect(env.KAFKA_LISTENERS).toContain('CONTROLLER://:9093')
    // A cluster id is 16 bytes (a UUID), base64url without padding.
    expect(Buffer.from(env.CLUSTER_ID ?? '', 'base64url')).toHaveLength(16)
    expect(env.CLUSTER_ID).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(Object.keys(env).filter((k) => k.includes('ZOOKEEPER'))).toEqual([])
  })

  it('runs only commands of the ludex CLI, with options those commands have', () => {
    const program = buildProgram()
    for (const [name, s] of ludexServices) {
      const [commandName, ...args] = s.command ?? []
      const command = program.commands.find((c) => c.name() === commandName)
      expect(command, `${name}: ludex ${commandName}`).toBeDefined()
      const longs = command!.options.map((o) => o.long)
      for (const arg of args.filter((a) => a.startsWith('--')))
        expect(longs, `${name}: ${arg}`).toContain(arg)
    }
  })

  it('sets on Ludex services only variables the configuration reads, with values it accepts', () => {
    const keys = Object.keys(configSchema.shape)
    for (const [name, s] of ludexServices) {
      const env = s.environment ?? {}
      for (const key of Object.keys(env)) expect(keys, `${name}: ${key}`).toContain(key)
      expect(() => loadConfig(env), name).not.toThrow()
    }
  })

  it('points each engine URL at the compose service, port and credentials that serve it', () => {
    const svc = compose.services
    for (const [name, s] of ludexServices) {
      const env = s.environment ?? {}
      const ch = endpoint(env.CLICKHOUSE_URL!)
      expect([ch.host, ch.port], name).toEqual(['clickhouse', 8123])
      expect([ch.user, ch.password]).toEqual([
        svc.clickhouse!.environment!.CLICKHOUSE_USER,
        svc.clickhouse!.environment!.CLICKHOUSE_PASSWORD,
      ])
      const kafka = endpoint(env.KAFKA_BROKERS!)
      expect(`${kafka.host}:${kafka.port}`).toBe(
        svc.kafka!.environment!.KAFKA_ADVERTISED_LISTENERS!.split('//')[1],
      )
      const redis = endpoint(env.REDIS_URL!)
      expect([redis.host, redis.port]).toEqual(['redis', 6379])
      const pg = endpoint(env.DATABASE_URL!)
      const pgEnv = svc.postgres!.environment!
      expect([pg.host, pg.port, pg.user, pg.password, pg.path]).toEqual([
        'postgres',
        5432,
        pgEnv.POSTGRES_USER,
        pgEnv.POSTGRES_PASSWORD,
        `/${pgEnv.POSTGRES_DB}`,
      ])
    }
  })

  it('orders start-up with conditions the targets can meet', () => {
    for (const [name, s] of services) {
      for (const [target, { condition }] of Object.entries(s.depends_on ?? {})) {
        const t = compose.services[target]
        expect(t, `${name} → ${target}`).toBeDefined()
        if (condition === 'service_healthy') expect(t!.healthcheck, `${target} healthcheck`).toBeDefined()
        else if (condition === 'service_completed_successfully') expect(t!.restart).toBe('no')
        else expect(condition).toBe('service_started')
      }
    }
    // Every role waits for the migrations; the migrations wait for a healthy ClickHouse.
    for (const [name, s] of ludexServices) {
      if (s.command?.[0] === 'migrate') {
        expect(s.depends_on?.clickhouse?.condition).toBe('service_healthy')
      } else {
        expect(s.depends_on?.migrate?.condition, name).toBe('service_completed_successfully')
      }
    }
  })

  it("checks each role's health where that role serves it", () => {
    const imageDefault = /HEALTH_PORT=(\d+)/.exec(dockerfile)?.[1]
    for (const [name, s] of ludexServices) {
      if (s.command?.[0] === 'migrate') continue
      const env = s.environment ?? {}
      const port = s.command?.[0] === 'api' ? env.PORT : (env.HEALTH_PORT ?? imageDefault)
      const test = (s.healthcheck?.test ?? []).join(' ')
      expect(test, name).toContain(`http://127.0.0.1:${port}/readyz`)
    }
  })

  it('mounts files that exist and declares the named volumes it uses', () => {
    for (const [name, s] of services) {
      for (const v of s.volumes ?? []) {
        const source = v.split(':')[0]!
        if (source.startsWith('./')) expect(existsSync(join(ROOT, source)), `${name}: ${source}`).toBe(true)
        else expect(Object.keys(compose.volumes ?? {}), `${name}: ${source}`).toContain(source)
      }
    }
  })
})

describe('deploy/Dockerfile', () => {
  const lines = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
  const args = Object.fromEntries(
    lines.filter((l) => l.startsWith('ARG ')).map((l) => l.slice(4).split('=') as [string, string]),
  )
  const stages = lines.filter((l) => l.startsWith('FROM '))

  it('is a multi-stage build on a pinned Node 20 that the engines field allows', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2)
    const version = args.NODE_VERSION!
    expect(version).toMatch(/^20\.\d+\.\d+$/)
    const engines = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).engines.node as string
    const [, minor] = /^>=20\.(\d+)/.exec(engines)!
    expect(Number(version.split('.')[1])).toBeGreaterThanOrEqual(Number(minor))
    for (const stage of stages) {
      const image = stage.split(/\s+/)[1]!.replace(/\$\{NODE_VERSION\}/, version)
      const named = stages.some((s) => s.endsWith(` AS ${image}`))
      if (!named) expect(image).toMatch(/^node:20\.\d+\.\d+-/)
    }
  })

  it('copies only paths that exist, from stages it defines, and the build context keeps them', () => {
    const names = stages.map((s) => / AS (\S+)$/.exec(s)?.[1]).filter(Boolean)
    const ignore = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'))
    for (const line of lines.filter((l) => l.startsWith('COPY '))) {
      const parts = line.split(/\s+/).slice(1)
      const from = parts.find((p) => p.startsWith('--from='))
      const paths = parts.filter((p) => !p.startsWith('--'))
      if (from) {
        expect(names, line).toContain(from.slice(7))
        continue
      }
      for (const source of paths.slice(0, -1)) {
        expect(existsSync(join(ROOT, source)), `${line}: ${source}`).toBe(true)
        // A context entry the .dockerignore removes would make the COPY fail on a real engine.
        for (const pattern of ignore) {
          const plain = pattern.replace(/^\*\*\//, '')
          expect(source === plain || source.startsWith(`${plain}/`), `${source} vs ${pattern}`).toBe(false)
        }
      }
    }
  })

  it('installs the workspace, builds the web app, and runs ludex as a non-root user', () => {
    expect(lines.some((l) => /^RUN npm ci\b/.test(l))).toBe(true)
    expect(lines).toContain('RUN npm run build -w @ludex/web')
    const finalStage = lines.slice(lines.lastIndexOf(stages.at(-1)!))
    const user = finalStage.find((l) => l.startsWith('USER '))?.slice(5)
    expect(user).toBeDefined()
    expect(['root', '0']).not.toContain(user)
    expect(finalStage).toContain('ENTRYPOINT ["node", "bin/ludex.mjs"]')
    expect(existsSync(join(ROOT, 'bin/ludex.mjs'))).toBe(true)
    const cmd = JSON.parse(finalStage.find((l) => l.startsWith('CMD '))!.slice(4)) as string[]
    expect(buildProgram().commands.map((c) => c.name())).toContain(cmd[0])
  })
})
