import { Registry } from 'prom-client'
import { describe, expect, it } from 'vitest'
import { createRoleMetrics } from './role-metrics.ts'

describe('ludex_materialiser_pending_ranges', () => {
  it('reads the materialiser at each scrape', async () => {
    const registry = new Registry()
    const metrics = createRoleMetrics(registry, ['materialiser'])
    let pending = 3
    metrics.watchMaterialiser(() => pending)
    const scrape = async () =>
      (await registry.getSingleMetricAsString('ludex_materialiser_pending_ranges')).trim()
    expect(await scrape()).toMatch(/\nludex_materialiser_pending_ranges 3$/)
    pending = 0
    expect(await scrape()).toMatch(/\nludex_materialiser_pending_ranges 0$/)
  })
})
