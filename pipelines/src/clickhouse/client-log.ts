import {
  ClickHouseLogLevel,
  type Logger as ClientLogger,
  type ErrorLogParams,
  type LogParams,
  type WarnLogParams,
} from '@clickhouse/client'
import type { Logger } from 'pino'

/** The client's line for a failed call (`Insert: HTTP request error.`): its caller gets the same error. */
const REQUEST_ERROR = /: HTTP request error\.$/

/** The client's `log` option. */
export interface ClickHouseClientLog {
  readonly LoggerClass: new () => ClientLogger
  readonly level: ClickHouseLogLevel
}

/** The least severe client level `logger` would write (see below), so the client builds no line pino drops. */
function levelOf(logger: Logger): ClickHouseLogLevel {
  if (logger.isLevelEnabled('trace')) return ClickHouseLogLevel.TRACE
  // The client's info line and a failed call's error line go to debug.
  if (logger.isLevelEnabled('debug')) return ClickHouseLogLevel.DEBUG
  if (logger.isLevelEnabled('warn')) return ClickHouseLogLevel.WARN
  if (logger.isLevelEnabled('error')) return ClickHouseLogLevel.ERROR
  return ClickHouseLogLevel.OFF
}

/**
 * `@clickhouse/client` writes its own lines to stderr with console by default: an ERROR with the whole
 * error for every failed call, so each row the store refuses (which the sink bisects and dead-letters,
 * logging it itself) printed a stack. This routes the client's lines through the process's pino logger
 * (JSON, redaction, LOG_LEVEL). A failed call's line goes to debug, since the caller receives the same
 * error and decides what it means; so does the client's one info line ('Log level is set to …', at
 * every client's creation). Its other errors and warnings (socket pool, decompression, keep-alive) keep
 * their level.
 */
export function clickHouseClientLog(logger: Logger): ClickHouseClientLog {
  const log = logger.child({ component: 'clickhouse-client' })
  const fields = ({ module, args }: LogParams) => ({ module, ...args })
  class PinoClientLogger implements ClientLogger {
    trace(p: LogParams) {
      log.trace(fields(p), p.message)
    }
    debug(p: LogParams) {
      log.debug(fields(p), p.message)
    }
    info(p: LogParams) {
      log.debug(fields(p), p.message)
    }
    warn(p: WarnLogParams) {
      log.warn({ ...fields(p), err: p.err }, p.message)
    }
    error(p: ErrorLogParams) {
      const line = { ...fields(p), err: p.err }
      if (REQUEST_ERROR.test(p.message)) log.debug(line, p.message)
      else log.error(line, p.message)
    }
  }
  return { LoggerClass: PinoClientLogger, level: levelOf(log) }
}
