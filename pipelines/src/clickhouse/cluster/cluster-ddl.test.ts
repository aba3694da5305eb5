import { type ClickHouseClient, type CommandParams, createClient } from '@clickhouse/client'
import { createChdbConnection } from 'chdb/connection'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tables } from '../../store/tables.ts'
import { loadMigrations, migrate, planMigrations, splitStatements } from '../migrate.ts'
import { localTable, PLACE_SHARDING_KEY } from './options.ts'
import { ClusterDdlError, createClusterTranslator } from './translate.ts'

/*
 * Cluster mode (CLICKHOUSE_CLUSTER, issue 19.8): the whole cluster DDL, generated from the migration
 * files, checked with ClickHouse's own parser (chDB's formatQuery); every table of places has its
 * Distributed twin sharded by place, every other table is replicated on every server; and without the
 * setting the migrator runs the files' statements exactly as written.
 */

type ClientConnection = NonNullable<Parameters<typeof createClient>[0]>['connection']

const CLUSTER = { name: 'ludex_cluster', database: 'ludex' } as const
const migrations = loadMigrations()

let client: ClickHouseClient
beforeAll(async () => {
  const connection = createChdbConnection({ path: ':memory:' }) as unknown as ClientConnection
  client = createClient({ connection })
})
afterAll(async () => {
  await client.close()
})

/** Later statements of this chDB connection run in a fresh database (USE persists on it). */
async function usingDatabase(name: string): Promise<void> {
  await client.command({ query: `CREATE DATABASE IF NOT EXISTS ${name}` })
  await client.command({ query: `USE ${name}` })
}

async function formatted(query: string): Promise<string> {
  const rs = await client.query({
    query: 'SELECT formatQuerySingleLine({q:String}) AS f',
    query_params: { q: query },
    format: 'JSONEachRow',
  })
  const [row] = await rs.json<{ f: string }>()
  return row?.f ?? ''
}

/** Every statement of the cluster DDL, bookkeeping first, in the order the migrator runs them. */
function clusterDdl(): string[] {
  const plan = planMigrations(migrations, CLUSTER)
  return [...plan.bookkeeping, ...migrations.flatMap((m) => plan.statements.get(m.version) ?? [])]
}

/** The tables with a place_id column in a store migrated on one node. */
async function tablesOfPlaces(store: ClickHouseClient): Promise<string[]> {
  const rs = await store.query({
    query: `SELECT DISTINCT c.table AS name FROM system.columns AS c
JOIN system.tables AS t ON t.database = c.database AND t.name = c.table
WHERE c.database = currentDatabase() AND c.name = 'place_id' AND t.engine LIKE '%MergeTree'
ORDER BY name`,
    format: 'JSONEachRow',
  })
  return (await rs.json<{ name: string }>()).map((r) => r.name)
}

describe('the cluster DDL', () => {
  it("parses with ClickHouse's own parser, every DDL statement ON CLUSTER", async () => {
    const ddl = clusterDdl()
    expect(ddl.length).toBeGreaterThan(50)
    for (const statement of ddl) {
      // formatQuery throws on a syntax error; the text it gives back is the parsed statement.
      const f = await formatted(statement)
      if (/^INSERT\s/i.test(statement)) expect(f).not.toContain('ON CLUSTER')
      else expect(f, statement).toContain(`ON CLUSTER ${CLUSTER.name}`)
    }
  }, 120_000)

  it('gives every table of places a replicated local table and a Distributed twin sharded by place', async () => {
    const ddl = await Promise.all(clusterDdl().map(formatted))
    const translator = createClusterTranslator(CLUSTER)
    for (const m of migrations) for (const s of splitStatements(m.sql)) translator.translate(s)
    const kinds = translator.tables()

    // The classification is the schema's: on one node, exactly these tables have a place_id.
    await usingDatabase('single_node')
    await migrate(client, pino({ level: 'silent' }))
    const ofPlaces = await tablesOfPlaces(client)
    expect(ofPlaces).toContain(tables.placeSnapshots)
    const sharded = [...kinds].filter(([, k]) => k === 'sharded').map(([t]) => t)
    expect(sharded.sort()).toEqual(ofPlaces)

    // Every table of the map is left by the cluster DDL; the last statement making each is its form now.
    const lastCreate = (name: string): string | undefined =>
      ddl.findLast((f) =>
        new RegExp(`^CREATE (TABLE|MATERIALIZED VIEW) (IF NOT EXISTS )?${name} ON CLUSTER`).test(f),
      )
    for (const name of Object.values(tables)) {
      const kind = name === tables.schemaMigrations ? 'everywhere' : kinds.get(name)
      expect(kind, name).toBeDefined()
      const own = lastCreate(name)
      expect(own, name).toBeDefined()
      if (kind === 'sharded') {
        const local = lastCreate(localTable(name))
        expect(local, name).toMatch(
          /ENGINE = Replicated\w*MergeTree\('\/clickhouse\/tables\/\{uuid\}\/\{shard\}', '\{replica\}'/,
        )
        expect(own).toContain(`AS ${localTable(name)}`)
        expect(own).toContain(
          `ENGINE = Distributed('${CLUSTER.name}', '${CLUSTER.database}', '${localTable(name)}', ${PLACE_SHARDING_KEY})`,
        )
      } else if (kind === 'everywhere') {
        expect(own, name).toMatch(
          /ENGINE = Replicated\w*MergeTree\('\/clickhouse\/tables\/\{uuid\}\/all', '\{shard\}-\{replica\}'/,
        )
        expect(lastCreate(localTable(name)), name).toBeUndefined()
      }
    }
    // The view that kept place_latest until 035 filled it on each shard from the rows landing there;
    // 035 drops it on every node.
    const view = 'place_latest_mv'
    expect(lastCreate(view)).toMatch(
      new RegExp(`TO ${localTable(tables.placeLatest)} AS .*FROM ${localTable(tables.placeSnapshots)}`),
    )
    expect(ddl.findLast((f) => f.includes(view))).toBe(
      `DROP VIEW IF EXISTS ${view} ON CLUSTER ${CLUSTER.name}`,
    )
  }, 120_000)

  it('leaves the single-node DDL as the files write it when the setting is absent', async () => {
    const plan = planMigrations(migrations)
    for (const m of migrations) expect(plan.statements.get(m.version)).toEqual(splitStatements(m.sql))

    // What the migrator really sends on one node: the bookkeeping table, then every file as written.
    await usingDatabase('recorded')
    const sent: string[] = []
    const recording = new Proxy(client, {
      get(target, prop, receiver) {
        if (prop === 'command') {
          return (params: CommandParams) => {
            sent.push(params.query)
            expect(params.clickhouse_settings).toBeUndefined()
            return target.command(params)
          }
        }
        const value: unknown = Reflect.get(target, prop, receiver)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    await migrate(recording, pino({ level: 'silent' }), { cluster: undefined })
    expect(sent.slice(1)).toEqual(migrations.flatMap((m) => splitStatements(m.sql)))
    expect(sent.some((s) => /ON CLUSTER|ENGINE\s*=\s*(Replicated|Distributed)/.test(s))).toBe(false)
  }, 120_000)
})

describe('the cluster translator', () => {
  const create = `CREATE TABLE IF NOT EXISTS t
(
    place_id UInt64,
    v UInt32
)
ENGINE = ReplacingMergeTree
ORDER BY place_id`

  it('sends a column change to both tables and a codec change to the local one only', () => {
    const t = createClusterTranslator(CLUSTER)
    t.translate(create)
    expect(t.translate('ALTER TABLE t ADD COLUMN w UInt8, MODIFY COLUMN v CODEC(ZSTD(1))')).toEqual([
      'ALTER TABLE t_local ON CLUSTER ludex_cluster ADD COLUMN w UInt8, MODIFY COLUMN v CODEC(ZSTD(1))',
      'ALTER TABLE t ON CLUSTER ludex_cluster ADD COLUMN w UInt8',
    ])
    expect(t.translate('ALTER TABLE t MODIFY COLUMN v CODEC(T64, ZSTD(1))')).toEqual([
      'ALTER TABLE t_local ON CLUSTER ludex_cluster MODIFY COLUMN v CODEC(T64, ZSTD(1))',
    ])
  })

  it('renames the local tables, and drops both tables of a name', () => {
    const t = createClusterTranslator(CLUSTER)
    t.translate(create)
    expect(t.translate('RENAME TABLE t TO u')).toEqual([
      'RENAME TABLE t_local TO u_local ON CLUSTER ludex_cluster',
    ])
    expect(t.tables().get('u')).toBe('sharded')
    expect(t.translate('DROP TABLE IF EXISTS u')).toEqual([
      'DROP TABLE IF EXISTS u ON CLUSTER ludex_cluster',
      'DROP TABLE IF EXISTS u_local ON CLUSTER ludex_cluster',
    ])
  })

  it('refuses what it has no cluster form for, naming the statement', () => {
    const t = createClusterTranslator(CLUSTER)
    expect(() => t.translate('OPTIMIZE TABLE t FINAL')).toThrow(ClusterDdlError)
    expect(() => t.translate('ALTER TABLE nowhere ADD COLUMN x UInt8')).toThrow(
      /no earlier statement made 'nowhere'/,
    )
    expect(() => t.translate('DROP TABLE nowhere')).toThrow(ClusterDdlError)
    expect(() => t.translate('CREATE TABLE l (x UInt8) ENGINE = Log')).toThrow(/MergeTree/)
  })
})
