import type { Config } from '@ludex/schemas'
import type { Clock } from '@ludex/workers'
import type { Logger } from 'pino'
import type { BackfillTarget } from './backfill.ts'
import type { NewestFirstTarget } from './first-start/fill.ts'
import type { ShutdownReport } from './lifecycle/lifecycle.ts'
import { PartMissingError, startRoles } from './role-process.ts'

/** The ingest roles of one process, for a command or a test that publishes itself (a backfill). */
export interface Pipeline extends BackfillTarget, NewestFirstTarget {
  readonly materialiser: BackfillTarget['materialiser'] & NewestFirstTarget['materialiser']
  stop(): Promise<ShutdownReport>
}

/**
 * The store, the bus, the sink and the materialiser in this process (the role runner with those roles,
 * no HTTP), on the adapters the configuration selects: `ludex backfill`, `ludex bench` and test fixtures
 * publish into it.
 */
export async function startPipeline(
  config: Config,
  logger: Logger,
  clock: Clock,
  options: { readonly command?: string } = {},
): Promise<Pipeline> {
  const p = await startRoles({
    command: options.command ?? 'the ingest roles (sink, materialiser)',
    roles: ['sink', 'materialiser'],
    config,
    logger,
    clock,
    publishesHere: true,
    serveHttp: false,
  })
  if (!p.store || !p.bus || !p.materialiser) {
    await p.stop()
    throw new PartMissingError('the ingest roles', !p.store ? 'a store' : !p.bus ? 'a bus' : 'a materialiser')
  }
  return { client: p.store, bus: p.bus, materialiser: p.materialiser, stop: p.stop }
}
