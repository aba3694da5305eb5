import { type Config, EVENT_RATE_WINDOW_MS, IP_ADDRESS_RETENTION_DAYS, publicUrl } from '@ludex/schemas'
import type { JWTVerifyGetKey } from 'jose'
import type { Logger } from 'pino'
import { type ApiKeys, createApiKeys } from '../api-keys/api-keys.ts'
import { apiKeyRepository } from '../api-keys/repository.ts'
import { createGameCredentials, type GameCredentials } from '../credentials/credentials.ts'
import { createSecretBox } from '../credentials/secret-box.ts'
import type { AppDb } from '../db/app-db.ts'
import type { Mailer } from '../mail/mailer.ts'
import type { Outbox } from '../mail/outbox-mailer.ts'
import { createMemoryRateLimiter, type RateLimiter, type RateRule } from '../security/rate-limiter.ts'
import { type AuthService, createAuthService } from './auth-service.ts'
import { createGoogleVerifier } from './google.ts'
import { createPasswordHasher } from './passwords.ts'
import type { SessionCookieSettings } from './session-cookie.ts'
import { type AccountsStore, accountsStore } from './store.ts'

export type { RateRule }

/**
 * Rate-limited calls (DESIGN §5): each account call has a budget per client address, and sign-in,
 * sign-up and reset requests one per email too (`src/security/attempt-guard.ts`); the first-party site
 * data calls (page views, error reports) one per client address and minute.
 */
export interface AuthRateLimits {
  readonly login: RateRule
  readonly register: RateRule
  readonly passwordReset: RateRule
  readonly resend: RateRule
  /** Signed event batches per credential (POST /api/events), whatever address they come from. */
  readonly events: RateRule
  readonly siteEvents: RateRule
  readonly errorReports: RateRule
  /** Every /api call without an API key, per client address (RATE_LIMIT_API). */
  readonly api: RateRule
  /** Every /api call with an API key, per key (RATE_LIMIT_API_KEY). */
  readonly apiKey: RateRule
}

/** Everything the account calls need, wired once at start-up. */
export interface Accounts {
  readonly store: AccountsStore
  readonly auth: AuthService
  readonly limiter: RateLimiter
  readonly limits: AuthRateLimits
  /**
   * Event credentials with their secrets, sealed under the credentials key; null when the process was
   * given no key (the credential and event calls then answer 503).
   */
  readonly credentials: GameCredentials | null
  readonly cookie: SessionCookieSettings
  /** Users' API keys for the public API (issue 21.3). */
  readonly apiKeys: ApiKeys
  /** The development outbox, listed at GET /api/dev/outbox when that route is mounted. */
  readonly outbox: Outbox | null
  /** Google sign-in's OAuth client id (public: the browser initialises the button with it); null when off. */
  readonly google: { readonly clientId: string } | null
  /** ALERT_WEBHOOK_ALLOW_PRIVATE: alert webhooks may name private and loopback addresses (tests). */
  readonly alertWebhooksAllowPrivate: boolean
  readonly now: () => number
  /**
   * Deletes expired sessions and spent or expired tokens, and clears the audit log's client addresses
   * older than IP_ADDRESS_RETENTION_DAYS (run at start-up and hourly by every API process).
   */
  purge(): Promise<{ sessions: number; tokens: number; addresses: number }>
}

export interface AccountsOptions {
  readonly config: Config
  readonly db: AppDb
  readonly mailer: Mailer
  readonly outbox?: Outbox | null
  readonly logger: Logger
  readonly now: () => number
  /** A rate limiter shared by several processes (createRedisRateLimiter); default in memory. */
  readonly limiter?: RateLimiter
  /** Google's keys given directly (tests); default: fetched from GOOGLE_JWKS_URL. */
  readonly googleKeys?: JWTVerifyGetKey
  /**
   * The 32-byte key event credentials' and alerts' webhook secrets are sealed with (CREDENTIALS_KEY, or
   * the key file the CLI keeps in the data dir); without it the credential calls answer 503 and webhook
   * alerts cannot be created.
   */
  readonly credentialsKey?: Uint8Array
}

const MINUTE_MS = 60_000
const DAY_MS = 86_400_000

export function createAccounts(options: AccountsOptions): Accounts {
  const { config, logger, now } = options
  const box = options.credentialsKey ? createSecretBox(options.credentialsKey) : null
  const store = accountsStore(options.db, box)
  const windowMs = config.RATE_LIMIT_WINDOW_SECONDS * 1000
  const google = config.GOOGLE_CLIENT_ID
    ? createGoogleVerifier({
        clientId: config.GOOGLE_CLIENT_ID,
        issuers: config.GOOGLE_ISSUERS,
        keys: options.googleKeys ?? new URL(config.GOOGLE_JWKS_URL),
        now,
      })
    : null
  const site = publicUrl(config)
  return {
    store,
    auth: createAuthService({
      store,
      hasher: createPasswordHasher({
        memoryKib: config.ARGON2_MEMORY_KIB,
        timeCost: config.ARGON2_TIME_COST,
        parallelism: config.ARGON2_PARALLELISM,
      }),
      mailer: options.mailer,
      mail: { product: config.PRODUCT_NAME, publicUrl: site },
      google,
      now,
      sessionTtlMs: config.SESSION_TTL_DAYS * 86_400_000,
      verifyTokenTtlMs: config.VERIFY_TOKEN_TTL_HOURS * 60 * MINUTE_MS,
      resetTokenTtlMs: config.RESET_TOKEN_TTL_MINUTES * MINUTE_MS,
      logger: logger.child({ component: 'auth' }),
    }),
    limiter: options.limiter ?? createMemoryRateLimiter(now),
    limits: {
      login: { limit: config.RATE_LIMIT_LOGIN, windowMs },
      register: { limit: config.RATE_LIMIT_REGISTER, windowMs },
      passwordReset: { limit: config.RATE_LIMIT_PASSWORD_RESET, windowMs },
      resend: { limit: config.RATE_LIMIT_RESEND, windowMs },
      events: { limit: config.EVENT_RATE_LIMIT, windowMs: EVENT_RATE_WINDOW_MS },
      siteEvents: { limit: config.RATE_LIMIT_SITE_EVENTS, windowMs: MINUTE_MS },
      errorReports: { limit: config.RATE_LIMIT_ERROR_REPORTS, windowMs: MINUTE_MS },
      api: { limit: config.RATE_LIMIT_API, windowMs: config.RATE_LIMIT_API_WINDOW_SECONDS * 1000 },
      apiKey: { limit: config.RATE_LIMIT_API_KEY, windowMs: config.RATE_LIMIT_API_WINDOW_SECONDS * 1000 },
    },
    apiKeys: createApiKeys({
      repository: apiKeyRepository(options.db),
      users: store.users,
      cap: config.API_KEYS_PER_USER,
      now,
    }),
    credentials: box ? createGameCredentials({ repository: store.credentials, box, now }) : null,
    cookie: {
      name: config.SESSION_COOKIE_NAME,
      maxAgeSeconds: config.SESSION_TTL_DAYS * 86_400,
      secureByDefault: site.startsWith('https:'),
    },
    outbox: options.outbox ?? null,
    google: config.GOOGLE_CLIENT_ID ? { clientId: config.GOOGLE_CLIENT_ID } : null,
    alertWebhooksAllowPrivate: config.ALERT_WEBHOOK_ALLOW_PRIVATE,
    now,
    purge: async () => {
      const at = new Date(now())
      return {
        sessions: await store.sessions.purgeExpired(at),
        tokens: await store.tokens.purgeSpent(at),
        addresses: await store.audit.clearAddresses(
          new Date(at.getTime() - IP_ADDRESS_RETENTION_DAYS * DAY_MS),
        ),
      }
    },
  }
}
