import { readdirSync, readFileSync } from 'node:fs'
import type { ClickHouseClient } from '@clickhouse/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIGRATIONS_DIR } from '../clickhouse/migrate.ts'
import { openTestStore, rows } from '../materialise/test-store.ts'
import { tables } from './tables.ts'

let client: ClickHouseClient
beforeAll(async () => {
  client = await openTestStore()
})
afterAll(async () => {
  await client.close()
})

const mapped = Object.values(tables).sort()

describe('the table map', () => {
  it('names exactly the tables and views a migrated store has', async () => {
    const found = await rows<{ name: string }>(
      client,
      'SELECT name FROM system.tables WHERE database = currentDatabase() ORDER BY name',
    )
    expect(found.map((r) => r.name)).toEqual(mapped)
  })

  it('names every table and view the migration files create, and each once', () => {
    const created = new Set<string>()
    for (const file of readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'))) {
      const sql = readFileSync(`${MIGRATIONS_DIR}/${file}`, 'utf8')
      for (const m of sql.matchAll(
        /CREATE\s+(?:TABLE|(?:MATERIALIZED\s+)?VIEW)\s+(?:IF\s+NOT\s+EXISTS\s+)?`?(\w+)`?/gi,
      )) {
        created.add(m[1] ?? '')
      }
    }
    // The migrator creates its own bookkeeping table; every other name comes from a migration file.
    expect([...created, tables.schemaMigrations].sort()).toEqual(mapped)
    expect(new Set(mapped).size).toBe(mapped.length)
  })
})
