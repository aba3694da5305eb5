import type { ClickHouseClient } from '@clickhouse/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadMigrations, splitStatements } from '../clickhouse/migrate.ts'
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

  it('names every table and view the migration files leave, and each once', () => {
    // In order: a table may be made, dropped, made again or renamed by later files (033 swaps in a
    // place_snapshots_new under the old name).
    const left = new Set<string>()
    for (const m of loadMigrations()) {
      for (const statement of splitStatements(m.sql)) {
        const sql = statement.replace(/--[^\n]*/g, '')
        const created =
          /CREATE\s+(?:TABLE|(?:MATERIALIZED\s+)?VIEW)\s+(?:IF\s+NOT\s+EXISTS\s+)?`?(\w+)`?/i.exec(sql)
        if (created) left.add(created[1] ?? '')
        const dropped = /DROP\s+(?:TABLE|VIEW)\s+(?:IF\s+EXISTS\s+)?`?(\w+)`?/i.exec(sql)
        if (dropped) left.delete(dropped[1] ?? '')
        const renamed = /RENAME\s+TABLE\s+([\s\S]+)/i.exec(sql)
        for (const pair of renamed?.[1]?.split(',') ?? []) {
          const [from, to] = pair.trim().split(/\s+TO\s+/i)
          if (from && to && left.delete(from)) left.add(to)
        }
      }
    }
    // The migrator creates its own bookkeeping table; every other name comes from a migration file.
    expect([...left, tables.schemaMigrations].sort()).toEqual(mapped)
    expect(new Set(mapped).size).toBe(mapped.length)
  })
})
