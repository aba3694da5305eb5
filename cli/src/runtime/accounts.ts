import { join } from 'node:path'
import {
  type Accounts,
  type AppDatabase,
  createAccounts,
  createOutboxMailer,
  createSecretBox,
  createSmtpMailer,
  type Mailer,
  migrateAppDatabase,
  type Outbox,
  openAppDatabase,
  type RateLimiter,
  type SecretBox,
} from '@ludex/api'
import { type Config, publicUrl } from '@ludex/schemas'
import type { Logger } from 'pino'
import { loadCredentialsKey } from './credentials-key.ts'

export interface AccountsRuntime {
  readonly accounts: Accounts
  readonly database: AppDatabase
  /** The mail the accounts send with (SMTP or the outbox): alerts send theirs with it too. */
  readonly mailer: Mailer
  /** Options of createApiApp that follow from the accounts' configuration. */
  readonly http: {
    allowedOrigins: string[]
    trustProxy: number
    devRoutes: boolean
    strictTransportSecurity: boolean
    oldToolsHosts: { hosts: string[]; siteUrl: string }
  }
  close(): Promise<void>
}

const PURGE_EVERY_MS = 3_600_000

/**
 * The createApiApp options the accounts' configuration implies: the origins allowed to make
 * state-changing calls, the proxy hops to trust, the outbox page (only when MAIL_OUTBOX_PAGE asks for it
 * and mail stays in the outbox; the configuration refuses it on a non-loopback address), and HSTS when
 * PUBLIC_URL is https (as the session cookie is Secure then), and the old tools hosts that lead to
 * PUBLIC_URL.
 */
export function accountsHttpOptions(config: Config): AccountsRuntime['http'] {
  return {
    allowedOrigins: [publicUrl(config), ...config.ALLOWED_ORIGINS],
    trustProxy: config.TRUST_PROXY,
    devRoutes: config.MAIL_OUTBOX_PAGE && !config.SMTP_URL,
    strictTransportSecurity: new URL(publicUrl(config)).protocol === 'https:',
    oldToolsHosts: { hosts: config.OLD_TOOLS_HOSTS, siteUrl: publicUrl(config) },
  }
}

/** PGlite's directory inside the data dir (the embedded default). */
export function pgliteDir(config: Pick<Config, 'LUDEX_DATA_DIR'>): string {
  return join(config.LUDEX_DATA_DIR, 'pglite')
}

/** The app database as opened, with the credentials key's box its sealed secrets open with. */
export interface ConfiguredAppDatabase extends AppDatabase {
  readonly credentialsKey: Buffer
  readonly secretBox: SecretBox
}

/**
 * Opens and migrates the app database (PGlite in the data dir, or DATABASE_URL), with the credentials
 * key (CREDENTIALS_KEY, else the data dir's key file): a migration seals what an older one stored as is.
 */
export async function openConfiguredAppDatabase(
  config: Config,
  logger: Logger,
): Promise<ConfiguredAppDatabase> {
  const credentialsKey = await loadCredentialsKey(config, logger)
  const secretBox = createSecretBox(credentialsKey)
  const database = await openAppDatabase({
    ...(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { pgliteDir: pgliteDir(config) }),
    logger,
  })
  try {
    await migrateAppDatabase(database.db, logger, { secretBox })
  } catch (err) {
    await database.close()
    throw err
  }
  return Object.assign(database, { credentialsKey, secretBox })
}

/** The mail in use: SMTP with SMTP_URL, else the outbox in the data dir (also returned, to list it). */
export function configuredMailer(
  config: Config,
  logger: Logger,
  now: () => number,
): { mailer: Mailer; outbox: Outbox | null } {
  if (config.SMTP_URL) {
    return {
      mailer: createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM, logger }),
      outbox: null,
    }
  }
  const box = createOutboxMailer({ dir: join(config.LUDEX_DATA_DIR, 'outbox'), logger, now })
  return { mailer: box, outbox: box }
}

/**
 * The accounts of the composition root: app database, mail (SMTP with SMTP_URL, else the outbox in the
 * data dir, listed at /api/dev/outbox with MAIL_OUTBOX_PAGE), rate limiter, session settings, and the
 * event credentials with their sealing key (CREDENTIALS_KEY, else the data dir's key file). The app
 * database's retention runs here, where the database is open: at start-up and hourly, `purge` removes
 * expired sessions and spent tokens and clears audit-log addresses older than 30 days.
 */
export async function startAccounts(
  config: Config,
  logger: Logger,
  now: () => number,
  options: {
    /**
     * The rate limiter every API replica shares (createRedisRateLimiter over the process's Redis
     * connection when REDIS_URL is set); default: in memory, this process only.
     */
    readonly limiter?: RateLimiter
  } = {},
): Promise<AccountsRuntime> {
  const log = logger.child({ component: 'accounts' })
  const database = await openConfiguredAppDatabase(config, log)
  const { mailer, outbox } = configuredMailer(config, log, now)
  const { credentialsKey } = database
  const accounts = createAccounts({
    config,
    db: database.db,
    mailer,
    outbox,
    logger: log,
    now,
    credentialsKey,
    ...(options.limiter && { limiter: options.limiter }),
  })
  const purge = async () => {
    try {
      const purged = await accounts.purge()
      if (purged.sessions + purged.tokens + purged.addresses > 0) {
        log.info(purged, 'expired sessions, spent tokens and old audit addresses removed')
      }
    } catch (err) {
      log.warn({ err }, 'purging expired sessions failed')
    }
  }
  let purging = purge()
  const timer = setInterval(() => {
    purging = purging.then(purge)
  }, PURGE_EVERY_MS)
  timer.unref()
  log.info({ engine: database.engine, mail: config.SMTP_URL ? 'smtp' : 'outbox' }, 'accounts ready')
  return {
    accounts,
    database,
    mailer,
    http: accountsHttpOptions(config),
    close: async () => {
      clearInterval(timer)
      await purging
      await accounts.auth.flush()
      await mailer.close()
      await database.close()
    },
  }
}
