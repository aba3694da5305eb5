import type { Config } from '@ludex/schemas'
import type { Logger } from 'pino'
import { acquireDataDirLock, type DataDirLock } from './lock.ts'

/** Which stores a command opens; the embedded ones of them live in the data dir. */
export interface DataDirUse {
  /** The analytics store: chDB in the data dir unless CLICKHOUSE_URL names a server. */
  readonly analytics?: boolean
  /** The app database: PGlite in the data dir unless DATABASE_URL names a server. */
  readonly appDatabase?: boolean
}

/** Whether a command using these stores opens one of them in the data dir (and so must hold it). */
export function opensDataDir(
  config: Pick<Config, 'CLICKHOUSE_URL' | 'DATABASE_URL'>,
  use: DataDirUse,
): boolean {
  return (
    (use.analytics === true && !config.CLICKHOUSE_URL) || (use.appDatabase === true && !config.DATABASE_URL)
  )
}

/** The data dir's lock when the command opens an embedded store, else null (nothing of the data dir is used). */
export async function lockDataDirFor(
  config: Pick<Config, 'CLICKHOUSE_URL' | 'DATABASE_URL' | 'LUDEX_DATA_DIR'>,
  logger: Logger,
  options: { readonly command: string; readonly use: DataDirUse; readonly hint?: string },
): Promise<DataDirLock | null> {
  if (!opensDataDir(config, options.use)) return null
  return acquireDataDirLock(config.LUDEX_DATA_DIR, {
    command: options.command,
    logger,
    ...(options.hint && { hint: options.hint }),
  })
}

/** Runs a one-shot command's work holding the data dir (when it opens an embedded store), released after. */
export async function withDataDir<T>(
  config: Pick<Config, 'CLICKHOUSE_URL' | 'DATABASE_URL' | 'LUDEX_DATA_DIR'>,
  logger: Logger,
  options: { readonly command: string; readonly use: DataDirUse; readonly hint?: string },
  work: () => Promise<T>,
): Promise<T> {
  const lock = await lockDataDirFor(config, logger, options)
  try {
    return await work()
  } finally {
    await lock?.release()
  }
}
