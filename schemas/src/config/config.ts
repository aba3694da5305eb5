import { z } from 'zod'
import { busRetryDefaults } from '../bus/bus.ts'
import { COOKIES } from '../constants/legal.ts'
import { EVENT_RATE_LIMIT_DEFAULT } from '../events/limits.ts'

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

const positiveIntList = z.string().transform((s, ctx) => {
  const parts = s
    .split(/[\s,]+/)
    .map((p) => p.trim())
    .filter(Boolean)
  const out: number[] = []
  for (const p of parts) {
    if (!/^\d+$/.test(p) || Number(p) <= 0 || !Number.isSafeInteger(Number(p))) {
      ctx.addIssue({ code: 'custom', message: `'${p}' is not a positive integer id` })
      return z.NEVER
    }
    out.push(Number(p))
  }
  return out
})

/** An http or https address (never javascript:, data: or file:). */
const httpUrl = z.url({ protocol: /^https?$/ })

/**
 * The exchange-rate provider used when EXCHANGE_RATES_URL is unset and the platform is the real one:
 * ExchangeRate-API's open access endpoint (no key; updated daily), for the USD base.
 */
export const DEFAULT_EXCHANGE_RATES_URL = 'https://open.er-api.com/v6/latest/USD'
/** `Label=https://…` pairs, comma-separated: the footer's social links, in the order given. */
const socialLinks = z.string().transform((s, ctx) => {
  const out: { label: string; url: string }[] = []
  for (const part of s
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=')
    const label = eq > 0 ? part.slice(0, eq).trim() : ''
    const url = eq > 0 ? part.slice(eq + 1).trim() : ''
    let parsed: URL | null = null
    try {
      parsed = new URL(url)
    } catch {
      parsed = null
    }
    if (!label || !parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
      ctx.addIssue({ code: 'custom', message: `'${part}' is not a Label=https://… pair` })
      return z.NEVER
    }
    out.push({ label, url: parsed.href })
  }
  return out
})

/** More proxies than this in one chain is a configuration mistake, not a deployment. */
const MAX_PROXY_HOPS = 10

/** Whether a host name or address only ever reaches this machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '')
  return (
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    h === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) ||
    /^::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h)
  )
}

/**
 * The whole configuration, read from the environment once at start-up. The presence of an engine's
 * URL selects its adapter (DESIGN §2); without any, everything runs embedded in one process.
 */
export const configSchema = z.object({
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the embedded engines keep their files (chDB, PGlite, the mail outbox). */
  LUDEX_DATA_DIR: z.string().min(1).default('./data'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /**
   * Where a role process without the API (`ludex poller`, `sink`, `scheduler`, `materialiser`) serves
   * /healthz, /readyz and /metrics, on HOST. A process running the API serves them on PORT instead.
   */
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /**
   * Serve /metrics on this port (on HOST) instead of PORT or HEALTH_PORT, so that a port the public
   * reaches does not expose it. Unset: /metrics is served with the rest (what it shows is listed in
   * api/README.md, Security).
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),

  CLICKHOUSE_URL: z.url().optional(),
  CLICKHOUSE_DATABASE: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
    .default('ludex'),
  /**
   * Cluster mode: the name of a cluster of the ClickHouse servers' remote_servers. The migrations then
   * create every table ON CLUSTER and replicated (Keeper, the {shard} and {replica} macros), a table
   * of places as `<table>_local` on each shard with a Distributed table under its own name sharded by
   * place (pipelines/README.md, "Cluster mode"). Needs CLICKHOUSE_URL. Unset: one server, or chDB.
   */
  CLICKHOUSE_CLUSTER: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
    .optional(),
  KAFKA_BROKERS: z.string().min(1).optional(),
  REDIS_URL: z.url().optional(),
  DATABASE_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),

  /**
   * Template of the upstream base URL, '{service}' standing for games, apis, thumbnails, badges, users
   * or groups. Unset: the built-in simulator is started on loopback and polled over HTTP.
   */
  ROBLOX_API_BASE: z
    .string()
    .refine((s) => s.includes('{service}'), "must contain '{service}'")
    .optional(),
  /** Optional .ROBLOSECURITY cookie for the endpoints that need one (place details → play status). */
  ROBLOX_COOKIE: z.string().min(1).optional(),
  ROBLOX_USER_AGENT: z.string().min(1).default('Ludex/0.1 (+open-source Roblox analytics)'),
  /** Minimum spacing of requests to one upstream host, before jitter. */
  ROBLOX_HOST_INTERVAL_MS: z.coerce.number().int().min(0).default(250),
  ROBLOX_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  ROBLOX_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(4),
  /**
   * A local address this process's upstream requests leave from (bound on each connection). Upstream
   * budgets each client address (about 300 requests a minute on the games host), so poller processes on
   * addresses of their own each get a budget; on loopback the whole 127.0.0.0/8 is usable.
   */
  ROBLOX_LOCAL_ADDRESS: z.union([z.ipv4(), z.ipv6()]).optional(),
  /**
   * An HTTP proxy (http://[user:pass@]host:port) this process's upstream requests go through: plain
   * http forwarded, https tunnelled with CONNECT. Upstream then sees the proxy's address, so pollers
   * behind one proxy share its budget. With ROBLOX_LOCAL_ADDRESS too, the proxy is reached from it.
   */
  ROBLOX_PROXY_URL: z.url({ protocol: /^http$/ }).optional(),

  POLL_INTERVAL_MS: z.coerce.number().int().positive().default(600_000),
  /** Experiences always tracked, besides those discovered from the chart sorts. */
  SEED_PLACE_IDS: positiveIntList.default([]),
  DISCOVERY: bool.default(true),

  SIMULATOR_EXPERIENCES: z.coerce.number().int().min(1).max(100_000).default(2000),
  SIMULATOR_SEED: z.coerce.number().int().default(20_240_920),
  SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Probability of each injected upstream fault per request (429, 5xx, missing optional fields). */
  SIMULATOR_FAULT_RATE: z.coerce.number().min(0).max(1).default(0.01),
  /**
   * Requests a minute the simulator allows each client address on its games host (games, votes),
   * answering 429 with retry-after beyond it, as upstream does (roblox-api.md §12); 0 = no budget.
   */
  SIMULATOR_ADDRESS_BUDGET: z.coerce.number().int().min(0).default(300),

  /**
   * Days of history generated on an empty data dir by `ludex run` (newest first, behind the running
   * app); 0 = none. A backfill under way resumes with the range it was started with.
   */
  BACKFILL_DAYS: z.coerce.number().int().min(0).max(3650).default(120),
  /**
   * When `ludex run` reports ready on /readyz while it backfills (newest first): 'recent' once the
   * newest 7 days are stored and rolled up (the pages are useful; older history fills in behind),
   * 'complete' only once the whole history is (tests and benchmarks that need all of it).
   */
  BACKFILL_READY: z.enum(['recent', 'complete']).default('recent'),
  /** In-process bus capacity per topic (messages); producers wait when it is full. */
  BUS_CAPACITY: z.coerce.number().int().positive().default(200_000),
  /**
   * Tries of a batch the store refuses (a value it cannot parse or store), the first included, before
   * the bus bisects it and dead-letters only the messages refused alone. An unavailable store is
   * retried without limit instead: nothing is dead-lettered because the store is down.
   */
  BUS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(busRetryDefaults.maxAttempts),
  /** First redelivery delay after a failed batch; doubles per attempt up to BUS_RETRY_MAX_BACKOFF_MS. */
  BUS_RETRY_BACKOFF_MS: z.coerce.number().int().min(0).default(busRetryDefaults.backoffMs),
  BUS_RETRY_MAX_BACKOFF_MS: z.coerce.number().int().min(0).default(busRetryDefaults.maxBackoffMs),
  SINK_BATCH_MAX: z.coerce.number().int().positive().default(100_000),
  SINK_BATCH_WAIT_MS: z.coerce.number().int().min(0).default(200),

  // The distributed scheduler (BullMQ on REDIS_URL); the embedded one ignores these.
  /**
   * Key prefix of everything a deployment keeps in Redis (the BullMQ queue, the shared pacing, the
   * aggregate cache, the tracked set and the change memory), so several deployments can share one Redis.
   */
  SCHEDULER_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+$/)
    .default('ludex'),
  /** Jobs one poller process runs at once (scheduled runs and batch parts alike). */
  SCHEDULER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
  /** Tries per job, the first included; retries wait SCHEDULER_BACKOFF_MS, doubling each time. */
  SCHEDULER_JOB_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  SCHEDULER_BACKOFF_MS: z.coerce.number().int().min(0).default(5_000),
  /** A job whose worker stopped renewing its lock for this long is handed to another worker. */
  SCHEDULER_LOCK_MS: z.coerce.number().int().min(1_000).default(30_000),
  /** How often each worker looks for stalled jobs. */
  SCHEDULER_STALLED_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
  /** Times a job may stall (its worker died) before it is failed instead of run again. */
  SCHEDULER_MAX_STALLED: z.coerce.number().int().min(0).max(100).default(2),
  /** On shutdown, running jobs get this long to finish before their abort signal fires. */
  SCHEDULER_STOP_GRACE_MS: z.coerce.number().int().min(0).default(30_000),
  /**
   * How often the materialiser reads the insert log (the slot ranges every live sink inserted) for
   * ranges to recompute; a sink in the same process also has it read at once after each batch.
   */
  INSERT_LOG_POLL_MS: z.coerce.number().int().positive().default(2000),
  /**
   * Bound on a clean shutdown (SIGTERM/SIGINT): the parts stop in reverse order of their start; a part
   * still stopping when it passes is abandoned, the rest skipped, and the process exits with code 1.
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),

  /**
   * The address people reach the site at (links in emails, the allowed Origin of state-changing calls,
   * Secure cookies when https). Unset: http://localhost:PORT.
   */
  PUBLIC_URL: z.url().optional(),
  /** Further origins allowed to make state-changing calls (comma-separated), e.g. a separate web host. */
  ALLOWED_ORIGINS: z
    .string()
    .transform((s, ctx) => {
      const out: string[] = []
      for (const part of s.split(/[\s,]+/).filter(Boolean)) {
        try {
          out.push(new URL(part).origin)
        } catch {
          ctx.addIssue({ code: 'custom', message: `'${part}' is not an origin` })
          return z.NEVER
        }
      }
      return out
    })
    .default([]),
  /**
   * How many reverse proxies stand in front of the app (0: none, X-Forwarded-* ignored). Each appends
   * the address it saw to X-Forwarded-For, so the client's address is the entry that many places from
   * the right; anything further left was written by the client and is never trusted. `true` means 1
   * and `false` 0, as before this was a count.
   */
  TRUST_PROXY: z
    .string()
    .transform((s, ctx) => {
      const text = s.trim().toLowerCase()
      if (text === 'true' || text === 'yes') return 1
      if (text === 'false' || text === 'no') return 0
      const hops = /^\d{1,2}$/.test(text) ? Number(text) : Number.NaN
      if (!(hops >= 0 && hops <= MAX_PROXY_HOPS)) {
        ctx.addIssue({ code: 'custom', message: `must be a number of proxies from 0 to ${MAX_PROXY_HOPS}` })
        return z.NEVER
      }
      return hops
    })
    .default(0),
  /**
   * Host names the old tools site was reached at (comma-separated, e.g. `tools.example.com`): a request
   * whose Host is one of them is redirected (301) to PUBLIC_URL with its path and query (part 2 §2.1).
   */
  OLD_TOOLS_HOSTS: z
    .string()
    .transform((s, ctx) => {
      const out: string[] = []
      for (const part of s.split(/[\s,]+/).filter(Boolean)) {
        const host = part.toLowerCase()
        if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(host)) {
          ctx.addIssue({ code: 'custom', message: `'${part}' is not a host name` })
          return z.NEVER
        }
        out.push(host)
      }
      return out
    })
    .default([]),
  /**
   * Serve GET /api/dev/outbox: the mails kept in the outbox (no SMTP_URL), reset and verification links
   * included, to anyone who asks. For local development only (`make run` sets it); refused with a
   * PUBLIC_URL or HOST that is not loopback.
   */
  MAIL_OUTBOX_PAGE: bool.default(false),
  /**
   * Alerts (issue 20): how often each process holding the app database looks for a newly materialised
   * slot to evaluate, and for webhook retries that are due.
   */
  ALERTS_POLL_MS: z.coerce.number().int().positive().default(15_000),
  /**
   * Let alert webhooks call private, loopback and link-local addresses. Off by default (a webhook is
   * an address any user types, so the server must not become their way into the local network); tests
   * turn it on for their loopback receivers.
   */
  ALERT_WEBHOOK_ALLOW_PRIVATE: bool.default(false),

  SESSION_COOKIE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default(COOKIES.session.name),
  /** Lifetime of a session (and its cookie); the spec's cookie table says one year. */
  SESSION_TTL_DAYS: z.coerce.number().int().positive().max(3650).default(COOKIES.session.days),
  /** Email verification links stay valid this long. */
  VERIFY_TOKEN_TTL_HOURS: z.coerce.number().positive().default(48),
  /** Password reset links (and the token a 428 sign-in answer carries) stay valid this long. */
  RESET_TOKEN_TTL_MINUTES: z.coerce.number().positive().default(60),

  /**
   * Argon2id cost. The defaults are OWASP's memory-hard minimum (19 MiB, 2 passes); tests lower them.
   */
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(8).default(19_456),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).default(2),
  ARGON2_PARALLELISM: z.coerce.number().int().min(1).max(16).default(1),

  /**
   * Budgets per window of each rate-limited auth call, per client address and per email. Sign-in
   * counts failures only (see api/src/security/attempt-guard.ts for how an email's budget is kept from
   * locking its owner out).
   */
  RATE_LIMIT_LOGIN: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_REGISTER: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_PASSWORD_RESET: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_RESEND: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  /**
   * Signed event batches (POST /api/events) one credential may send per minute, shared by all of a
   * game's servers and, with REDIS_URL, counted across API replicas. Over it: 429 with Retry-After.
   */
  EVENT_RATE_LIMIT: z.coerce.number().int().positive().default(EVENT_RATE_LIMIT_DEFAULT),
  /**
   * The key event credentials' secret keys are sealed with in the app database (AES-256-GCM): 32
   * bytes as 64 hex digits or base64. Unset: a key generated once in LUDEX_DATA_DIR/credentials.key
   * (mode 600). It seals alerts' webhook secrets too. Every API and alerts process of a deployment (and
   * `ludex migrate`) needs the same key, so set it wherever the app database is a server
   * (DATABASE_URL). Keep it out of the database's backups: with it, the backups reveal every secret key.
   */
  CREDENTIALS_KEY: z
    .string()
    .regex(
      /^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/,
      'must be 32 bytes as 64 hex digits or base64 (e.g. `openssl rand -hex 32`)',
    )
    .optional(),
  /**
   * First-party site data per client address and minute: batches of page views
   * (POST /api/analytics/events) and browser error reports (POST /api/errors). Over it: 429.
   */
  RATE_LIMIT_SITE_EVENTS: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_ERROR_REPORTS: z.coerce.number().int().positive().default(10),
  /**
   * The public API's budgets (issue 21), per window of RATE_LIMIT_API_WINDOW_SECONDS: every /api call
   * without an API key counts against its client address (RATE_LIMIT_API), a call with one against
   * the key (RATE_LIMIT_API_KEY), whichever address it comes from. Every /api answer carries the
   * RateLimit-* headers; over the budget: 429 with Retry-After. Generous, as one page of the site
   * makes a dozen calls; signed event batches have their own budget (EVENT_RATE_LIMIT).
   */
  RATE_LIMIT_API: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_API_KEY: z.coerce.number().int().positive().default(3000),
  RATE_LIMIT_API_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  /** How many API keys (not revoked) one user may hold at once; the next is refused with 409. */
  API_KEYS_PER_USER: z.coerce.number().int().positive().default(10),

  /** Google sign-in: the OAuth client id the ID tokens must be issued for. Unset: Google sign-in is off. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Accepted `iss` values of Google ID tokens (comma-separated). */
  GOOGLE_ISSUERS: z
    .string()
    .transform((s) => s.split(/[\s,]+/).filter(Boolean))
    .default(['https://accounts.google.com', 'accounts.google.com']),

  /**
   * The exchange-rate provider of the Robux converter (part 2 §7): an address answering GET with the
   * USD base in ExchangeRate-API's open access shape (`result`, `base_code`, `time_next_update_unix`,
   * `rates` with EUR and SEK). Unset: the simulator's rates endpoint when the simulator is the platform
   * (no ROBLOX_API_BASE), else DEFAULT_EXCHANGE_RATES_URL.
   */
  EXCHANGE_RATES_URL: httpUrl.optional(),
  /**
   * The code library's page, embedded at /code-library for holders of VIEW_CODE_LIBRARY; its origin is
   * the only one the Content-Security-Policy lets the app frame. Unset: the page says none is set up.
   */
  CODE_LIBRARY_URL: httpUrl.optional(),
  /**
   * The footer's feedback mail link (part 1 §1). Unset: the footer shows no mail link.
   */
  FEEDBACK_EMAIL: z.email().optional(),
  /**
   * The footer's links to the project's social pages, comma-separated `Label=https://…` pairs, e.g.
   * `GitHub=https://github.com/you/ludex, Discord=https://discord.gg/invite`. Unset: no social links.
   */
  SOCIAL_LINKS: socialLinks.default([]),

  /** Sender of account emails. */
  MAIL_FROM: z.string().min(3).default('Ludex <no-reply@localhost>'),
  /** Product name in account emails (web page titles take theirs from web/src/shell/page-meta.ts). */
  PRODUCT_NAME: z.string().min(1).default('Ludex'),

  /** Kafka client id (broker logs and quotas name it). */
  KAFKA_CLIENT_ID: z.string().min(1).default('ludex'),
  /** Prepended to every topic name (several deployments or test runs sharing one cluster). */
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]*$/, 'letters, digits, dot, underscore and dash only')
    .default(''),
  /** Prepended to every consumer group ('sink' is the group ludex.sink.<topic>). */
  KAFKA_GROUP_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]*$/, 'letters, digits, dot, underscore and dash only')
    .default('ludex.'),
  /** Partitions of each topic `ludex migrate` creates (raised, never lowered, on existing topics). */
  KAFKA_TOPIC_PARTITIONS: z.coerce.number().int().min(1).max(10_000).default(6),
  /** Replicas per partition; unset = the brokers' default.replication.factor. */
  KAFKA_REPLICATION_FACTOR: z.coerce.number().int().min(1).max(16).optional(),
  /** retention.ms of the message topics (default 7 days: room to replay a week). */
  KAFKA_RETENTION_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .default(7 * 86_400_000),
  /** retention.ms of the dead-letter topic (default 30 days). */
  KAFKA_DLQ_RETENTION_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .default(30 * 86_400_000),
  /** Batches one subscription hands to its handler at once (one per partition at most). */
  KAFKA_BATCHES_IN_FLIGHT: z.coerce.number().int().min(1).max(64).default(2),
  /** Largest fetch response, and its share per partition (bounds a consumer's memory). */
  KAFKA_FETCH_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(32 * 1024 * 1024),
  KAFKA_FETCH_MAX_BYTES_PER_PARTITION: z.coerce
    .number()
    .int()
    .min(1024)
    .default(8 * 1024 * 1024),
  /** Bytes of messages per produce request; below the brokers' message.max.bytes (1 MiB by default). */
  KAFKA_PRODUCE_MAX_BYTES: z.coerce.number().int().min(1024).default(900_000),
  /**
   * Largest value of a packed record: the messages of one key in one publish travel as one record
   * (header ludex-pack: 1, `{fields, rows}`) up to this size. 0 sends every message as its own record
   * (for consumers older than packing). Capped 4 KiB below KAFKA_PRODUCE_MAX_BYTES.
   */
  KAFKA_PACK_MAX_BYTES: z.coerce.number().int().min(0).default(65_536),
  /** Compression of produced record batches: none, or gzip (the only codec kafkajs has built in). */
  KAFKA_COMPRESSION: z.enum(['none', 'gzip']).default('none'),
  KAFKA_SESSION_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  KAFKA_HEARTBEAT_INTERVAL_MS: z.coerce.number().int().min(100).default(3000),
})

/**
 * Rules across settings, checked by loadConfig (kept apart from configSchema, whose shape lists the
 * variables).
 */
const checkedConfig = configSchema.superRefine((config, ctx) => {
  // chDB is one process's engine: a cluster is of servers.
  if (config.CLICKHOUSE_CLUSTER && !config.CLICKHOUSE_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['CLICKHOUSE_CLUSTER'],
      message: 'needs CLICKHOUSE_URL (a server of the cluster); the embedded store is one process',
    })
  }
  // The outbox page lists live reset links without authentication: it must never face a network.
  if (!config.MAIL_OUTBOX_PAGE) return
  const site = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).hostname : 'localhost'
  if (!isLoopbackHost(site) || !isLoopbackHost(config.HOST)) {
    ctx.addIssue({
      code: 'custom',
      path: ['MAIL_OUTBOX_PAGE'],
      message:
        'lists reset links to anyone: allowed only with a loopback PUBLIC_URL and HOST (use SMTP_URL on a server)',
    })
  }
})

export type Config = z.infer<typeof configSchema>

export class ConfigError extends Error {
  constructor(
    message: string,
    readonly issues: ReadonlyArray<{ field: string; message: string }>,
  ) {
    super(message)
    this.name = 'ConfigError'
  }
}

/** Parses the environment; the error names every variable at fault. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(configSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]),
  )
  const parsed = checkedConfig.safeParse(known)
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }))
    throw new ConfigError(
      `Invalid configuration: ${issues.map((i) => `${i.field}: ${i.message}`).join('; ')}`,
      issues,
    )
  }
  return parsed.data
}

/** The address the site is reached at, without a trailing slash. */
export function publicUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '')
}
