import type { AppDb } from '@ludex/api'
import type { Config, DataDirLockRecord } from '@ludex/schemas'
import type { Logger } from 'pino'
import { openConfiguredAppDatabase } from './accounts.ts'
import { lockDataDirFor } from './data-dir/data-dir-use.ts'
import { DataDirInUseError, type DataDirLock } from './data-dir/lock.ts'
import { type LocalAdminClient, localAdminOf } from './local-admin/client.ts'

/** Where `ludex user` makes its change. */
export type UserTarget =
  /** The app database itself: PostgreSQL (DATABASE_URL), or PGlite in a data dir no process holds. */
  | { readonly kind: 'direct'; readonly db: AppDb }
  /** The process that holds the data dir, through its local admin endpoint: the running app sees it. */
  | { readonly kind: 'live'; readonly admin: LocalAdminClient; readonly holder: DataDirLockRecord }

const NO_ENDPOINT =
  'It serves no local admin endpoint (only a process running the API does, once started), so ' +
  '`ludex user` cannot go through it: stop it first, or run the command again once its API is up.'

/**
 * Runs a `ludex user` command's work on the app database. With DATABASE_URL it is the server (any
 * number of processes may write to it). Else PGlite in the data dir: when no process holds the data dir,
 * this command holds it while it works; when `ludex run` or `ludex api` holds it, the work goes to that
 * process's local admin endpoint instead (two writers on one PGlite directory would corrupt it, and the
 * running app would never see the change). Any other holder is a refusal naming it.
 */
export async function withUserTarget<T>(
  config: Config,
  logger: Logger,
  command: string,
  work: (target: UserTarget) => Promise<T>,
): Promise<T> {
  let lock: DataDirLock | null
  try {
    lock = await lockDataDirFor(config, logger, { command, use: { appDatabase: true } })
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err
    const admin = await localAdminOf(err.dataDir, err.holder.pid)
    if (!admin) throw new DataDirInUseError(err.dataDir, err.holder, NO_ENDPOINT)
    logger.info(
      { holder: err.holder.pid, url: admin.url },
      'data dir in use: through its local admin endpoint',
    )
    return work({ kind: 'live', admin, holder: err.holder })
  }
  try {
    const database = await openConfiguredAppDatabase(config, logger)
    try {
      return await work({ kind: 'direct', db: database.db })
    } finally {
      await database.close()
    }
  } finally {
    await lock?.release()
  }
}
