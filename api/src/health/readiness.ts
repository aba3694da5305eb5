/** What /readyz reports: one entry per part of the process that must be up before it serves. */
export interface ReadinessCheck {
  readonly ok: boolean
  readonly detail?: string
  /** A long task's figures (the first-start backfill: days in of the total, seconds left). */
  readonly progress?: ReadinessProgress
}

export interface ReadinessProgress {
  /** Units finished (the backfill: days stored and rolled up, which the pages show). */
  readonly done: number
  readonly total: number
  readonly unit: string
  /** null while the pace is not known yet. */
  readonly etaSeconds: number | null
}

export interface Readiness {
  readonly ready: boolean
  readonly checks: Record<string, ReadinessCheck>
}

export type ReadinessProbe = () => Promise<Record<string, ReadinessCheck>>

export async function readinessOf(probe: ReadinessProbe): Promise<Readiness> {
  const checks = await probe()
  return { ready: Object.values(checks).every((c) => c.ok), checks }
}
