import type { ReadinessCheck, ReadinessProbe } from '@ludex/api'
import type { Config } from '@ludex/schemas'
import type { Clock } from '@ludex/workers'
import type { Logger } from 'pino'
import type { Lifecycle, Stoppable } from '../lifecycle/lifecycle.ts'
import type { RoleMetrics } from '../role-metrics.ts'
import type { Wiring } from '../wiring.ts'

/** What every part of a role process is started with: wired once at start-up, passed in. */
export interface RoleContext {
  readonly config: Config
  readonly logger: Logger
  readonly clock: Clock
  readonly lifecycle: Lifecycle
  readonly wiring: Wiring
  readonly metrics: RoleMetrics
  readonly readiness: ReadinessBoard
}

/** A started part: its stop (registered on the lifecycle) and what /readyz shows for it. */
export interface RoleComponent extends Stoppable {
  /** Asked at each /readyz; a check that asks another system (the API's) answers in bounded time. */
  readiness?(): ReadinessCheck | Promise<ReadinessCheck>
}

/** The /readyz entries: a part is listed (not ready) from the start, then reports itself once started. */
export interface ReadinessBoard {
  expect(name: string, detail: string): void
  set(name: string, check: ReadinessCheck): void
  track(name: string, check: () => ReadinessCheck | Promise<ReadinessCheck>): void
  readonly probe: ReadinessProbe
}

export function createReadinessBoard(): ReadinessBoard {
  const checks = new Map<string, () => ReadinessCheck | Promise<ReadinessCheck>>()
  return {
    expect: (name, detail) => checks.set(name, () => ({ ok: false, detail })),
    set: (name, check) => checks.set(name, () => check),
    track: (name, check) => checks.set(name, check),
    probe: async () =>
      Object.fromEntries(await Promise.all([...checks].map(async ([name, check]) => [name, await check()]))),
  }
}

/** Starts a part on the lifecycle (its stop registered once it started) and lists its readiness. */
export async function startComponent<T extends RoleComponent>(
  ctx: RoleContext,
  name: string,
  start: () => Promise<T>,
): Promise<T> {
  const component = await ctx.lifecycle.start(name, start)
  const readiness = component.readiness?.bind(component)
  if (readiness) ctx.readiness.track(name, readiness)
  return component
}
