import type { Config } from '@ludex/schemas'
import pino, { type Logger } from 'pino'

/** The one logger: pino JSON on stdout; secrets are redacted wherever they might appear. */
export function createLogger(
  config: Pick<Config, 'LOG_LEVEL'>,
  destination?: pino.DestinationStream,
): Logger {
  return pino(
    {
      level: config.LOG_LEVEL,
      base: { service: 'ludex' },
      redact: {
        paths: [
          'config.ROBLOX_COOKIE',
          'config.DATABASE_URL',
          'config.SMTP_URL',
          'config.REDIS_URL',
          'config.CLICKHOUSE_URL',
          '*.cookie',
          '*.password',
          'headers.cookie',
          'headers.authorization',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  )
}
