import type { Config } from '@ludex/schemas'
import {
  type Clock,
  createEgress,
  createPlatformModel,
  createRobloxClient,
  type PlatformModel,
  type RobloxClient,
  type SimulatorServer,
  startSimulatorServer,
} from '@ludex/workers'
import type { Logger } from 'pino'
import { selectHostPacer } from '../adapters.ts'
import type { RoleComponent, RoleContext } from './component.ts'

export interface Platform {
  /** Upstream base URL template the Roblox client uses. */
  readonly baseTemplate: string
  /** The simulated platform when no real upstream is configured. */
  readonly model: PlatformModel | null
  readonly simulator: SimulatorServer | null
  stop(): Promise<void>
}

/**
 * The simulated platform of the configuration (SIMULATOR_SEED, _EXPERIENCES, _PORT, _FAULT_RATE) served
 * on `host`, loopback unless given: the embedded platform and `ludex simulator` alike.
 */
export async function startConfiguredSimulator(
  config: Config,
  logger: Logger,
  clock: Clock,
  host?: string,
): Promise<{ model: PlatformModel; simulator: SimulatorServer }> {
  const model = createPlatformModel({
    seed: config.SIMULATOR_SEED,
    experiences: config.SIMULATOR_EXPERIENCES,
  })
  const simulator = await startSimulatorServer({
    model,
    ...(host !== undefined && { host }),
    port: config.SIMULATOR_PORT,
    clock: () => clock.now(),
    faultRate: config.SIMULATOR_FAULT_RATE,
    addressBudget:
      config.SIMULATOR_ADDRESS_BUDGET > 0 ? { perMinute: config.SIMULATOR_ADDRESS_BUDGET } : null,
    logger,
  })
  return { model, simulator }
}

/** The real Roblox hosts when ROBLOX_API_BASE is set; otherwise the simulator, on loopback. */
export async function startPlatform(config: Config, logger: Logger, clock: Clock): Promise<Platform> {
  if (config.ROBLOX_API_BASE) {
    return { baseTemplate: config.ROBLOX_API_BASE, model: null, simulator: null, stop: async () => {} }
  }
  const { model, simulator } = await startConfiguredSimulator(
    config,
    logger.child({ component: 'simulator' }),
    clock,
  )
  logger.info(
    { url: simulator.url, experiences: config.SIMULATOR_EXPERIENCES, seed: config.SIMULATOR_SEED },
    'platform simulator started',
  )
  return { baseTemplate: simulator.baseTemplate, model, simulator, stop: () => simulator.close() }
}

export interface PlatformComponent extends RoleComponent {
  readonly platform: Platform
  /** One client (one pacing per upstream host) for the pollers and the API's badge downloads. */
  readonly roblox: RobloxClient
}

/**
 * The upstream platform and its client, for the poller and api roles. A process that polls paces each
 * host with the selected pacer (shared through Redis with REDIS_URL).
 */
export async function startPlatformPart(
  ctx: RoleContext,
  options: { polls: boolean },
): Promise<PlatformComponent> {
  const { config, logger, clock } = ctx
  // Where requests leave from decides whose budget they draw on upstream: pacing is per egress too.
  const egress = createEgress({
    localAddress: config.ROBLOX_LOCAL_ADDRESS,
    proxyUrl: config.ROBLOX_PROXY_URL,
  })
  ctx.wiring.record('egress', egress.label)
  const pacing = options.polls ? selectHostPacer(config, logger, egress.label) : null
  if (pacing) ctx.wiring.record('hostPacing', pacing.kind)
  const platform = await startPlatform(config, logger, clock).catch(async (err: unknown) => {
    await pacing?.close()
    egress.close()
    throw err
  })
  ctx.wiring.record('platform', platform.model ? 'simulator' : 'roblox')
  const roblox = createRobloxClient({
    ...(pacing?.value && { pacer: pacing.value }),
    fetch: egress.fetch,
    baseTemplate: platform.baseTemplate,
    userAgent: config.ROBLOX_USER_AGENT,
    // The simulator accepts any cookie for the calls that need one; a real one is a secret from the env.
    cookie: config.ROBLOX_COOKIE ?? (platform.simulator ? 'simulator' : undefined),
    hostIntervalMs: config.ROBLOX_HOST_INTERVAL_MS,
    timeoutMs: config.ROBLOX_TIMEOUT_MS,
    maxRetries: config.ROBLOX_MAX_RETRIES,
    logger: logger.child({ component: 'roblox-client' }),
  })
  return {
    platform,
    roblox,
    stop: async () => {
      await platform.stop()
      await pacing?.close()
      egress.close()
    },
  }
}
