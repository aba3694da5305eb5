import type { Config } from '@ludex/schemas'
import pino, { type Logger } from 'pino'
import { readableLogStream } from './log-format.ts'

/**
 * Everything the log must never hold, in one list (pino redaction paths; `*` is one level of nesting).
 * Tokens, hashes and passwords are credentials; emails and names are personal data. Database errors
 * carry the statement's parameters (`params`, PGlite) and the offending row or key (`detail`): both
 * are dropped, the message and the SQL with its placeholders stay.
 */
export const REDACTED_PATHS: readonly string[] = [
  // Connection strings may hold passwords.
  'config.ROBLOX_COOKIE',
  'config.DATABASE_URL',
  'config.SMTP_URL',
  'config.REDIS_URL',
  'config.CLICKHOUSE_URL',
  'config.CREDENTIALS_KEY',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  // Credentials, at the top level and one level down.
  ...['cookie', 'password', 'passwordHash', 'password_hash', 'token', 'tokenHash', 'token_hash'].flatMap(
    (key) => [key, `*.${key}`],
  ),
  ...['sessionId', 'idHash', 'id_hash', 'secret', 'credential', 'links'].flatMap((key) => [key, `*.${key}`]),
  // Event credentials' secret keys, in the clear or sealed, and the signatures made with them.
  ...['secret_key', 'secretKey', 'secret_sealed', 'secretSealed'].flatMap((key) => [key, `*.${key}`]),
  'headers["x-ludex-signature"]',
  // Personal data ('to' only where it names a mail's recipient: elsewhere it ends a time range).
  ...['email', 'firstName', 'lastName', 'first_name', 'last_name'].flatMap((key) => [key, `*.${key}`]),
  'to',
  'mail.to',
  'message.to',
  // What database errors carry of the statement and its rows.
  ...['params', 'parameters', 'detail'].flatMap((key) => [`err.${key}`, `error.${key}`]),
]

/** Where the log goes: a stream, and whether a person reads it at a terminal. */
export type LogDestination = pino.DestinationStream & { readonly isTTY?: boolean }

/**
 * The one logger; secrets and personal data are redacted wherever they appear. On a terminal (stdout
 * a TTY, as under `make run`) each line is shown readably (log-format.ts), coloured unless NO_COLOR
 * is set; otherwise (a pipe, a file, a container's log) it is pino's JSON, one object per line. Both
 * are made from the same redacted line.
 */
export function createLogger(
  config: Pick<Config, 'LOG_LEVEL'>,
  destination?: LogDestination,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Logger {
  const out: LogDestination | undefined = destination ?? (process.stdout.isTTY ? process.stdout : undefined)
  const readable = out?.isTTY === true
  return pino(
    {
      level: config.LOG_LEVEL,
      base: { service: 'ludex' },
      redact: { paths: [...REDACTED_PATHS], censor: '[redacted]' },
    },
    out && readable ? readableLogStream(out, { color: !env.NO_COLOR }) : out,
  )
}
