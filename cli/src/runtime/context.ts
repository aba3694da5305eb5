import { type Config, describeWiring, loadConfig } from '@ludex/schemas'
import type { Logger } from 'pino'
import { createLogger } from './logger.ts'

export interface CommandContext {
  readonly config: Config
  readonly logger: Logger
}

/** Reads the configuration once, makes the logger and logs the wiring the configuration selects. */
export function commandContext(overrides: Record<string, string | undefined> = {}): CommandContext {
  const config = loadConfig({ ...process.env, ...overrides })
  const logger = createLogger(config)
  logger.info({ wiring: describeWiring(config), dataDir: config.LUDEX_DATA_DIR }, 'configuration loaded')
  return { config, logger }
}

/** Resolves once SIGINT or SIGTERM arrives (a second signal exits at once). */
export function untilSignal(logger: Logger): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals) => {
      logger.info({ signal }, 'shutting down')
      process.once(signal, () => process.exit(130))
      resolve(signal)
    }
    process.once('SIGINT', onSignal)
    process.once('SIGTERM', onSignal)
  })
}
