import { mkdir } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import type { Logger } from 'pino'
import type { SecretBox } from '../credentials/secret-box.ts'
import { appMigrations } from './migrations/index.ts'
import { PGliteDialect } from './pglite-dialect.ts'
import type { AppSchema } from './schema.ts'

export type AppDb = Kysely<AppSchema>

export interface AppDatabase {
  readonly db: AppDb
  readonly engine: 'pglite' | 'postgresql'
  /** Resolves once the database answered a trivial query (readiness); rejects when it cannot. */
  ping(): Promise<void>
  close(): Promise<void>
}

async function ping(db: AppDb): Promise<void> {
  await sql`SELECT 1`.execute(db)
}

export class AppDatabaseError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'AppDatabaseError'
  }
}

const INT8_OID = 20

/** bigint columns hold place ids and counts, all far below 2^53: read them as numbers, not strings. */
const toNumber = (value: string): number => Number(value)

export interface AppDatabaseOptions {
  /** A PostgreSQL server; unset: PGlite. */
  readonly databaseUrl?: string
  /** PGlite's directory; unset (and no databaseUrl): an in-memory PGlite (tests). */
  readonly pgliteDir?: string
  readonly logger: Logger
}

/** Opens the app database (PGlite in the data dir by default, PostgreSQL with DATABASE_URL). */
export async function openAppDatabase(options: AppDatabaseOptions): Promise<AppDatabase> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID ? toNumber : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    })
    pool.on('error', (err) => options.logger.error({ err }, 'app database connection error'))
    const db = new Kysely<AppSchema>({ dialect: new PostgresDialect({ pool }) })
    return { db, engine: 'postgresql', ping: () => ping(db), close: () => db.destroy() }
  }
  if (options.pgliteDir) await mkdir(options.pgliteDir, { recursive: true })
  let pglite: PGlite
  try {
    pglite = await PGlite.create(options.pgliteDir, { parsers: { [INT8_OID]: toNumber } })
  } catch (cause) {
    throw new AppDatabaseError(`Could not open PGlite in ${options.pgliteDir ?? 'memory'}`, { cause })
  }
  const db = new Kysely<AppSchema>({ dialect: new PGliteDialect(pglite) })
  return { db, engine: 'pglite', ping: () => ping(db), close: () => db.destroy() }
}

/** Applies the pending migrations in order; an error names the migration that failed. */
export async function migrateAppDatabase(
  db: AppDb,
  logger: Logger,
  options: {
    /** The credentials key's box, to seal what an older migration stored as is (alerts' webhook secrets). */
    readonly secretBox?: SecretBox
  } = {},
): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: appMigrations(options.secretBox ?? null),
    migrationTableName: 'ludex_migrations',
    migrationLockTableName: 'ludex_migrations_lock',
  })
  const { error, results } = await migrator.migrateToLatest()
  const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
  const failed = (results ?? []).find((r) => r.status === 'Error')
  if (error || failed) {
    throw new AppDatabaseError(`App database migration ${failed?.migrationName ?? ''} failed`.trim(), {
      cause: error,
    })
  }
  if (applied.length > 0) logger.info({ applied }, 'app database migrated')
  return applied
}
