export {
  type Accounts,
  type AccountsOptions,
  type AuthRateLimits,
  createAccounts,
} from './accounts/accounts.ts'
export type { AuditAction, AuditEntry } from './accounts/audit.ts'
export type { AuthService, ResolvedSession, SignedIn } from './accounts/auth-service.ts'
export { createPasswordHasher, type PasswordHasher } from './accounts/passwords.ts'
export type { PlaceEdit } from './accounts/place-edits.ts'
export { normalizeRelease, UNSET_RELEASE } from './accounts/place-overlay.ts'
export { newSecret, secretHash } from './accounts/secrets.ts'
export { type AccountsStore, accountsStore } from './accounts/store.ts'
export type { TokenPurpose } from './accounts/tokens.ts'
export { DuplicateEmailError, normalizeEmail, type UserRecord } from './accounts/users.ts'
export {
  type AlertPass,
  type AlertRepository,
  type AlertService,
  alertRepository,
  createAlertService,
  dispatchDue,
  evaluateAlerts,
  isPrivateAddress,
  sendDigests,
  signWebhookBody,
  verifyWebhookSignature,
  WebhookSecretKeyMissingError,
} from './alerts/index.ts'
export { API_VERSION, type ApiAppOptions, createApiApp } from './app/create-app.ts'
export { listen, type RunningServer } from './app/server.ts'
export { type AggregateCache, type CacheTtl, createMemoryAggregateCache } from './cache/aggregate-cache.ts'
export {
  type AnswerKey,
  createHotReads,
  HOT_READS_MAX_ENTRIES,
  type HotReads,
  type HotReadsOptions,
  hotAnswer,
  hotReader,
  readRollupWatermark,
  rowsOf,
} from './cache/hot-reads.ts'
export { KEPT_APP_READS_MS, withKeptAppReads } from './cache/kept-app-reads.ts'
export {
  type CacheOperation,
  CacheStoreError,
  createRedisAggregateCache,
  type RedisAggregateCacheOptions,
} from './cache/redis-aggregate-cache.ts'
export {
  createGameCredentials,
  type GameCredentials,
  newGameKey,
  newSecretKey,
  type SigningCredential,
} from './credentials/credentials.ts'
export {
  type CredentialRepository,
  DuplicateCredentialNameError,
  type StoredCredential,
} from './credentials/repository.ts'
export {
  CREDENTIALS_KEY_BYTES,
  createSecretBox,
  type SecretBox,
  SecretBoxError,
} from './credentials/secret-box.ts'
export { signatureMatches, signEventBody } from './credentials/signature.ts'
export {
  type AppDatabase,
  AppDatabaseError,
  type AppDatabaseOptions,
  type AppDb,
  migrateAppDatabase,
  openAppDatabase,
} from './db/app-db.ts'
export { sealWebhookSecrets } from './db/migrations/0006-sealed-webhook-secrets.ts'
export { PGliteDialect } from './db/pglite-dialect.ts'
export type { AppSchema } from './db/schema.ts'
export type { ApiDeps, BadgeSource, TrackPlaces } from './deps.ts'
export { badgeSvg } from './embed/badge-svg.ts'
export { EMBED_CACHE_MAX_ENTRIES } from './embed/slot-cache.ts'
export { sparklineSvg } from './embed/sparkline-svg.ts'
export {
  cachedExchangeRates,
  EXCHANGE_RATES_CACHE_KEY,
  type ExchangeRatesSource,
  ExchangeRatesUnavailable,
  exchangeRatesClient,
} from './exchange-rates/provider.ts'
export {
  createExperienceIndexes,
  EXPERIENCE_INDEX_MAX_STALE_MS,
  EXPERIENCE_INDEX_TTL_MS,
  type ExperienceIndexes,
} from './experience-index/experience-indexes.ts'
export type { Readiness, ReadinessCheck, ReadinessProbe, ReadinessProgress } from './health/readiness.ts'
export { ApiError } from './http/api-error.ts'
export { buildOpenApi } from './http/openapi.ts'
export type { RouteDef } from './http/route.ts'
export { MailError, type Mailer, type MailMessage } from './mail/mailer.ts'
export { createOutboxMailer, type Outbox } from './mail/outbox-mailer.ts'
export { createSmtpMailer } from './mail/smtp-mailer.ts'
export { type ApiMetrics, createApiMetrics, ROUTE_LABELS } from './metrics/metrics.ts'
export { createMetricsApp } from './metrics/metrics-app.ts'
export { apiRoutes } from './routes/index.ts'
export {
  createMemoryRateLimiter,
  type RateDecision,
  type RateLimiter,
  type RateRule,
} from './security/rate-limiter.ts'
export {
  createRedisRateLimiter,
  RateLimitStoreError,
  type RedisRateLimiterOptions,
} from './security/redis-rate-limiter.ts'
export { createHistoryStarts, type HistoryStarts } from './store/history-starts.ts'
export { type AverageQuery, averageStatRows, placeStatRows, type RangeQuery } from './store/stats.ts'
export {
  DuplicateTagNameError,
  type TagChange,
  TagFullError,
  type TagRecord,
  type TagRepository,
  tagRepository,
} from './tags/tag-repository.ts'
export { requestUntrackedTagMembers } from './tags/tag-tracking.ts'
export { HISTORY_START_HEADER } from './viewer/history-window.ts'
export { sessionViewer } from './viewer/session-viewer.ts'
export type { Viewer, ViewerResolver } from './viewer/viewer.ts'
