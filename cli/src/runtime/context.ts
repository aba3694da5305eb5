import { type Config, loadConfig } from '@ludex/schemas'
import type { Logger } from 'pino'
import { createLogger } from './logger.ts'

export interface CommandContext {
  readonly config: Config
  readonly logger: Logger
}

/**
 * Reads the configuration once and makes the logger. What is wired is logged by the role runner once
 * the adapters are selected (`roles started`), never guessed here from the configuration.
 */
export function commandContext(overrides: Record<string, string | undefined> = {}): CommandContext {
  const config = loadConfig({ ...process.env, ...overrides })
  const logger = createLogger(config)
  logger.info({ dataDir: config.LUDEX_DATA_DIR }, 'configuration loaded')
  return { config, logger }
}
