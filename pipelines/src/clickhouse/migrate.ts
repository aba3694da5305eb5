import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ClickHouseClient } from '@clickhouse/client'
import type { Logger } from 'pino'
import { tables } from '../store/tables.ts'
import { type ClusterOptions, createClusterTranslator } from './cluster/index.ts'

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url))

export interface Migration {
  readonly version: number
  /** The file name, e.g. `001_raw_tables.sql`. */
  readonly name: string
  readonly sql: string
  /** sha256 of the file's text. */
  readonly checksum: string
}

export class MigrationChecksumError extends Error {
  constructor(
    readonly migration: string,
    readonly appliedChecksum: string,
    readonly fileChecksum: string,
    options?: { cause?: unknown },
  ) {
    super(
      `Migration ${migration} was applied with checksum ${appliedChecksum} but the file now has ${fileChecksum}: ` +
        'applied migrations are immutable, add a new numbered file instead',
      options,
    )
    this.name = 'MigrationChecksumError'
  }
}

export class MigrationError extends Error {
  constructor(
    readonly migration: string,
    readonly statementIndex: number,
    options?: { cause?: unknown },
  ) {
    super(`Migration ${migration} failed at statement #${statementIndex + 1}`, options)
    this.name = 'MigrationError'
  }
}

export class MigrationFileError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'MigrationFileError'
  }
}

const FILE_NAME = /^(\d{3,})_[a-z0-9_]+\.sql$/

/** The migration files of dir, in numeric order; two files with one number are refused. */
export function loadMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const out: Migration[] = []
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.sql')) continue
    const m = FILE_NAME.exec(name)
    if (!m) throw new MigrationFileError(`Migration file name '${name}' is not NNN_lower_snake.sql`)
    const sql = readFileSync(join(dir, name), 'utf8')
    out.push({ version: Number(m[1]), name, sql, checksum: createHash('sha256').update(sql).digest('hex') })
  }
  out.sort((a, b) => a.version - b.version)
  for (let i = 1; i < out.length; i++) {
    if (out[i]!.version === out[i - 1]!.version) {
      throw new MigrationFileError(
        `Two migrations share number ${out[i]!.version}: ${out[i - 1]!.name}, ${out[i]!.name}`,
      )
    }
  }
  return out
}

/**
 * Splits a file into statements at each `;` that ends a line (only blanks or a `--` comment after it)
 * outside quotes, identifiers and comments. Comment-only pieces are dropped.
 */
export function splitStatements(sql: string): string[] {
  const out: string[] = []
  let start = 0
  let i = 0
  const n = sql.length
  while (i < n) {
    const c = sql[i]!
    if (c === '-' && sql[i + 1] === '-') {
      const nl = sql.indexOf('\n', i)
      i = nl < 0 ? n : nl
    } else if (c === '/' && sql[i + 1] === '*') {
      const close = sql.indexOf('*/', i + 2)
      i = close < 0 ? n : close + 2
    } else if (c === "'" || c === '"' || c === '`') {
      i++
      while (i < n && sql[i] !== c) i += sql[i] === '\\' ? 2 : 1
      i++
    } else if (c === ';' && /^[ \t]*(--[^\n]*)?(\r?\n|$)/.test(sql.slice(i + 1, i + 200))) {
      out.push(sql.slice(start, i))
      start = i + 1
      i++
    } else {
      i++
    }
  }
  out.push(sql.slice(start))
  return out.map((s) => s.trim()).filter((s) => stripComments(s).trim().length > 0)
}

function stripComments(s: string): string {
  return s.replace(/--[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '')
}

export interface MigrateResult {
  readonly applied: readonly string[]
  readonly skipped: readonly string[]
}

export interface MigrateOptions {
  readonly dir?: string
  /** Cluster mode (CLICKHOUSE_CLUSTER, `clusterOf(config)`): the statements' cluster form. */
  readonly cluster?: ClusterOptions | undefined
}

/** The migrator's own bookkeeping table, made before anything else. */
const BOOKKEEPING_DDL = `CREATE TABLE IF NOT EXISTS ${tables.schemaMigrations}
  (version UInt32, name String, checksum String, applied_at DateTime64(3, 'UTC'))
  ENGINE = MergeTree ORDER BY version`

/** What the migrator runs: its bookkeeping table, then each migration's statements by version. */
export interface MigrationPlan {
  readonly bookkeeping: readonly string[]
  readonly statements: ReadonlyMap<number, readonly string[]>
}

/**
 * The statements of every migration as the migrator runs them: each file's own (splitStatements) on
 * one server or chDB, their cluster form (createClusterTranslator) with a cluster. The cluster form is
 * generated from the same files, all of them in order (the translator follows what each table
 * became), so there is no second copy of the DDL to keep in step.
 */
export function planMigrations(
  migrations: readonly Migration[],
  cluster?: ClusterOptions | undefined,
): MigrationPlan {
  const translator = cluster ? createClusterTranslator(cluster) : undefined
  const write = (statement: string): string[] => translator?.translate(statement) ?? [statement]
  const bookkeeping = write(BOOKKEEPING_DDL)
  return {
    bookkeeping,
    statements: new Map(migrations.map((m) => [m.version, splitStatements(m.sql).flatMap(write)])),
  }
}

/**
 * Settings of every migration statement on a cluster: an INSERT through a Distributed table (033's copy)
 * has reached the shards when it returns, before a later statement renames or drops what it wrote.
 */
const CLUSTER_SETTINGS = { distributed_foreground_insert: 1 } as const

/**
 * Applies the migrations not yet recorded in schema_migrations, in order, one statement at a time.
 * Refuses to run anything when an applied file's text changed. A file that fails midway is not recorded,
 * so the next run retries it from its first statement: write statements that can run twice
 * (`IF NOT EXISTS`). With `cluster`, every statement is its cluster form (planMigrations), and the
 * bookkeeping table is replicated on every server, so any server answers what was applied.
 */
export async function migrate(
  client: ClickHouseClient,
  logger: Logger,
  options: MigrateOptions = {},
): Promise<MigrateResult> {
  const migrations = loadMigrations(options.dir)
  const plan = planMigrations(migrations, options.cluster)
  // Settings only on a cluster, which is always a server: on chDB they would stay set for the process.
  const settings = options.cluster ? { clickhouse_settings: CLUSTER_SETTINGS } : {}
  for (const query of plan.bookkeeping) await client.command({ query, ...settings })
  const rs = await client.query({
    query: `SELECT version, name, checksum FROM ${tables.schemaMigrations} ORDER BY version`,
    format: 'JSONEachRow',
  })
  const applied = new Map<number, { name: string; checksum: string }>()
  for (const r of await rs.json<{ version: number; name: string; checksum: string }>()) {
    applied.set(Number(r.version), r)
  }
  for (const m of migrations) {
    const a = applied.get(m.version)
    if (a && a.checksum !== m.checksum) throw new MigrationChecksumError(m.name, a.checksum, m.checksum)
  }

  const done: string[] = []
  const skipped: string[] = []
  for (const m of migrations) {
    if (applied.has(m.version)) {
      skipped.push(m.name)
      continue
    }
    const statements = plan.statements.get(m.version) ?? []
    for (let i = 0; i < statements.length; i++) {
      try {
        await client.command({ query: statements[i]!, ...settings })
      } catch (err) {
        throw new MigrationError(m.name, i, { cause: err })
      }
    }
    await client.insert({
      table: tables.schemaMigrations,
      values: [{ version: m.version, name: m.name, checksum: m.checksum, applied_at: Date.now() }],
      format: 'JSONEachRow',
    })
    logger.info({ migration: m.name, statements: statements.length }, 'migration applied')
    done.push(m.name)
  }
  return { applied: done, skipped }
}
