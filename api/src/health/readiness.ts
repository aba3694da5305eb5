/** What /readyz reports: one entry per part of the process that must be up before it serves. */
export interface ReadinessCheck {
  readonly ok: boolean
  readonly detail?: string
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
